import Cookies from 'js-cookie';

/** Spec section 5: the hidden remember-me keeps phone, code and flag for 30 days. */
export const REMEMBER_ME_DAYS = 30;
const KEYS = { phone: 'phonenumber', code: 'smsCode', flag: 'rememberMe' } as const;

export function rememberLogin(form: { phonenumber: string; smsCode: string; rememberMe: boolean }): void {
  if (form.rememberMe) {
    Cookies.set(KEYS.phone, form.phonenumber, { expires: REMEMBER_ME_DAYS, sameSite: 'strict' });
    Cookies.set(KEYS.code, form.smsCode, { expires: REMEMBER_ME_DAYS, sameSite: 'strict' });
    Cookies.set(KEYS.flag, 'true', { expires: REMEMBER_ME_DAYS, sameSite: 'strict' });
  } else {
    Object.values(KEYS).forEach((key) => Cookies.remove(key));
  }
}

export function rememberedLogin(): { phonenumber: string; smsCode: string; rememberMe: boolean } {
  return {
    phonenumber: Cookies.get(KEYS.phone) ?? '',
    smsCode: Cookies.get(KEYS.code) ?? '',
    rememberMe: Cookies.get(KEYS.flag) === 'true',
  };
}
