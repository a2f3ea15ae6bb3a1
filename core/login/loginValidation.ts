import { loginStrings } from './loginStrings';

/** Spec section 5: 11 digits, starting with 1, second digit 3-9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_MAX_LENGTH = 11;

export function validatePhone(phone: string): string | null {
  if (!phone) return loginStrings.phoneRequired;
  if (!PHONE_PATTERN.test(phone)) return loginStrings.phoneInvalid;
  return null;
}

export function validateSmsCode(code: string): string | null {
  return code ? null : loginStrings.codeRequired;
}

export function validateAuthCode(authCode: string): string | null {
  return authCode.trim() ? null : loginStrings.authCodeRequired;
}
