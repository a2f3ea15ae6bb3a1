import { Button, Callout, FormGroup, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { loginStrings as t } from './loginStrings';
import { PHONE_MAX_LENGTH, validateAuthCode, validatePhone, validateSmsCode } from './loginValidation';
import { useCountdown } from './useCountdown';
import './LoginForm.css';

export type LoginMode = 'sms' | 'authCode';

export interface SmsLoginForm {
  phonenumber: string;
  smsCode: string;
  /** Hidden remember-me flag (spec section 3); kept in the data, never rendered. */
  rememberMe: boolean;
}

export interface LoginFormProps {
  initialMode?: LoginMode;
  initialValues?: Partial<SmsLoginForm>;
  /** A message from the last attempt, e.g. 该账号没有权限，请联系管理员！ */
  message?: string | null;
  onRequestCode(phonenumber: string): Promise<void>;
  onSmsLogin(form: SmsLoginForm): Promise<void>;
  onAuthCodeLogin(authCode: string): Promise<void>;
}

type FieldErrors = Partial<Record<'phonenumber' | 'smsCode' | 'authCode', string>>;

/** The two-mode login form of spec section 2 with the validation rules of section 5. */
export function LoginForm({ initialMode = 'sms', initialValues, message, onRequestCode, onSmsLogin, onAuthCodeLogin }: LoginFormProps) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [form, setForm] = useState<SmsLoginForm>({ phonenumber: '', smsCode: '', rememberMe: false, ...initialValues });
  const [authCode, setAuthCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const { secondsLeft, start } = useCountdown();

  const requestCode = async () => {
    const phoneError = form.phonenumber ? validatePhone(form.phonenumber) : t.phoneMissingForCode;
    setErrors((previous) => ({ ...previous, phonenumber: phoneError ?? undefined }));
    if (phoneError) return;
    setRequesting(true);
    try {
      await onRequestCode(form.phonenumber);
      start();
    } catch {
      // The HTTP client already showed the server's message.
    } finally {
      setRequesting(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nextErrors: FieldErrors =
      mode === 'sms'
        ? { phonenumber: validatePhone(form.phonenumber) ?? undefined, smsCode: validateSmsCode(form.smsCode) ?? undefined }
        : { authCode: validateAuthCode(authCode) ?? undefined };
    setErrors(nextErrors);
    if (Object.values(nextErrors).some(Boolean)) return;
    setBusy(true);
    try {
      if (mode === 'sms') await onSmsLogin(form);
      else await onAuthCodeLogin(authCode.trim());
    } catch {
      // Shown by the caller (toast or message).
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'sms' ? 'authCode' : 'sms');
    setErrors({});
  };

  const fieldIntent = (field: keyof FieldErrors) => (errors[field] ? Intent.DANGER : Intent.NONE);

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label={mode === 'sms' ? t.smsTitle : t.authCodeTitle}>
      <div className="login-form__header">
        <H3>{mode === 'sms' ? t.smsTitle : t.authCodeTitle}</H3>
        <Button
          variant="minimal"
          icon={mode === 'sms' ? 'key' : 'mobile-phone'}
          aria-label={mode === 'sms' ? t.switchToAuthCode : t.switchToSms}
          title={mode === 'sms' ? t.switchToAuthCode : t.switchToSms}
          onClick={switchMode}
        />
      </div>
      {message ? (
        <Callout intent={Intent.DANGER} role="alert" className="login-form__message">
          {message}
        </Callout>
      ) : null}
      {mode === 'sms' ? (
        <>
          <FormGroup label={t.phoneLabel} labelFor="login-phone" intent={fieldIntent('phonenumber')} helperText={errors.phonenumber}>
            <InputGroup
              id="login-phone"
              size="large"
              leftIcon="mobile-phone"
              inputMode="numeric"
              autoComplete="tel"
              placeholder={t.phonePlaceholder}
              maxLength={PHONE_MAX_LENGTH}
              value={form.phonenumber}
              intent={fieldIntent('phonenumber')}
              onValueChange={(value) => setForm({ ...form, phonenumber: value })}
            />
          </FormGroup>
          <FormGroup label={t.codeLabel} labelFor="login-code" intent={fieldIntent('smsCode')} helperText={errors.smsCode}>
            <div className="login-form__code-row">
              <InputGroup
                id="login-code"
                size="large"
                leftIcon="shield"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={t.codePlaceholder}
                maxLength={6}
                value={form.smsCode}
                intent={fieldIntent('smsCode')}
                onValueChange={(value) => setForm({ ...form, smsCode: value })}
              />
              <Button
                size="large"
                className="login-form__code-button"
                disabled={secondsLeft > 0}
                loading={requesting}
                onClick={requestCode}
              >
                {secondsLeft > 0 ? t.countdown(secondsLeft) : t.getCode}
              </Button>
            </div>
          </FormGroup>
        </>
      ) : (
        <FormGroup label={t.authCodeLabel} labelFor="login-auth-code" intent={fieldIntent('authCode')} helperText={errors.authCode}>
          <InputGroup
            id="login-auth-code"
            size="large"
            leftIcon="key"
            autoComplete="off"
            placeholder={t.authCodePlaceholder}
            value={authCode}
            intent={fieldIntent('authCode')}
            onValueChange={setAuthCode}
          />
        </FormGroup>
      )}
      <Button type="submit" size="large" intent={Intent.PRIMARY} fill loading={busy}>
        {t.submit}
      </Button>
    </form>
  );
}
