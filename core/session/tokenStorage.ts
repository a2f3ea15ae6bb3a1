import Cookies from 'js-cookie';

const TOKEN_COOKIE = 'Admin-Token';
const TOKEN_SESSION_KEY = 'Admin-Token';

/**
 * The auth token lives in a session cookie (so a reload keeps the login) and falls back to
 * session storage where cookies are blocked; both are cleared on logout.
 */
export const tokenStorage = {
  get(): string | null {
    return Cookies.get(TOKEN_COOKIE) ?? sessionStorage.getItem(TOKEN_SESSION_KEY);
  },
  set(token: string): void {
    Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict', path: '/' });
    sessionStorage.setItem(TOKEN_SESSION_KEY, token);
  },
  clear(): void {
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    sessionStorage.removeItem(TOKEN_SESSION_KEY);
  },
};
