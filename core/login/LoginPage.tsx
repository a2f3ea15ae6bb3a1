import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useService } from '../di/useService';
import { AuthService, NoPermissionError } from '../session/AuthService';
import { authRoutes } from '../../contracts/api/authRoutes';
import { createApiCaller } from '../http/ApiCaller';
import { HttpClient } from '../http/HttpClient';
import { Notifier } from '../ui/Notifier';
import { sessionStrings } from '../session/sessionStrings';
import { LoginForm, type SmsLoginForm } from './LoginForm';
import { loginStrings } from './loginStrings';
import { rememberedLogin, rememberLogin } from './rememberMe';
import './LoginPage.css';

/** The login screen: wires the form to the auth service and lands on Home. */
export function LoginPage() {
  const auth = useService(AuthService);
  const http = useService(HttpClient);
  const notifier = useService(Notifier);
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const [initialValues] = useState(rememberedLogin);

  const finish = async (login: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await login();
      navigate('/home', { replace: true });
    } catch (error) {
      if (error instanceof NoPermissionError) setMessage(sessionStrings.noPermission);
      throw error;
    }
  };

  return (
    <main className="login-page bp6-dark">
      <section className="login-page__brand" aria-label={loginStrings.productName}>
        <h1>{loginStrings.productName}</h1>
        <p>{loginStrings.productSubtitle}</p>
      </section>
      <section className="login-page__card">
        <LoginForm
          initialValues={initialValues}
          message={message}
          onRequestCode={async (phonenumber) => {
            await createApiCaller(http).call(authRoutes.smsCode, { query: { phonenumber } }, { auth: false });
            notifier.show('success', loginStrings.codeSent);
          }}
          onSmsLogin={(form: SmsLoginForm) =>
            finish(async () => {
              await auth.loginWithSms(form.phonenumber, form.smsCode);
              rememberLogin(form);
            })
          }
          onAuthCodeLogin={(authCode) => finish(() => auth.loginWithAuthCode(authCode))}
        />
      </section>
    </main>
  );
}
