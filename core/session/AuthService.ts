import { type AuthApi } from './authApi';
import { toPermissionMap, useSessionStore } from './sessionStore';
import { tokenStorage } from './tokenStorage';
import type { MenuEntry } from './sessionTypes';
import { createToken } from '../di/Token';

/** Raised when a login succeeds but the account has no menu at all. */
export class NoPermissionError extends Error {}

/** Spec section 9: go fullscreen 200 ms after login. */
export const FULLSCREEN_DELAY_MS = 200;

export const AuthService = createToken<AuthService>('AuthService', '登录、退出与会话');
export interface AuthService {
  /** Runs the login sequence of spec section 4 for a token; resolves with the menus. */
  completeLogin(token: string): Promise<MenuEntry[]>;
  loginWithSms(phonenumber: string, smsCode: string): Promise<MenuEntry[]>;
  loginWithAuthCode(authCode: string): Promise<MenuEntry[]>;
  /** User-requested logout: false when the server call failed (the session is kept). */
  logout(): Promise<boolean>;
  /** Local logout without asking the server (401, failed silent login). */
  forceLogout(): void;
  switchTenant(tenantId: number): Promise<MenuEntry[]>;
  /** Listeners run before local state is cleared (push channel closes its socket here). */
  onWillLogout(listener: () => void): () => void;
}

export interface AuthServiceDeps {
  api: AuthApi;
  /** Goes to a path inside the app (set by the router once mounted). */
  navigate: (path: string) => void;
  requestFullscreen?: () => void;
  exitFullscreen?: () => void;
  /** Called at the start of each login so a later 401 is reported again. */
  onLogin?: () => void;
}

function defaultRequestFullscreen(): void {
  document.documentElement.requestFullscreen?.().catch(() => undefined);
}

function defaultExitFullscreen(): void {
  if (document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined);
}

export class DefaultAuthService implements AuthService {
  private readonly logoutListeners = new Set<() => void>();

  constructor(private readonly deps: AuthServiceDeps) {}

  async loginWithSms(phonenumber: string, smsCode: string): Promise<MenuEntry[]> {
    return this.completeLogin(await this.deps.api.smsLogin(phonenumber, smsCode));
  }

  async loginWithAuthCode(authCode: string): Promise<MenuEntry[]> {
    return this.completeLogin(await this.deps.api.authCodeLogin(authCode.trim()));
  }

  async completeLogin(token: string): Promise<MenuEntry[]> {
    this.deps.onLogin?.();
    tokenStorage.set(token);
    useSessionStore.getState().setToken(token);
    try {
      const menus = await this.loadSession();
      if (menus.length === 0) {
        // Revoke the unusable session on the server, quietly.
        await this.deps.api.logout().catch(() => undefined);
        this.clearLocal();
        throw new NoPermissionError();
      }
      setTimeout(this.deps.requestFullscreen ?? defaultRequestFullscreen, FULLSCREEN_DELAY_MS);
      return menus;
    } catch (error) {
      if (!(error instanceof NoPermissionError)) this.clearLocal();
      throw error;
    }
  }

  async logout(): Promise<boolean> {
    try {
      await this.deps.api.logout();
    } catch {
      return false;
    }
    this.forceLogout();
    return true;
  }

  forceLogout(): void {
    this.clearLocal();
    (this.deps.exitFullscreen ?? defaultExitFullscreen)();
    this.deps.navigate('/');
  }

  async switchTenant(tenantId: number): Promise<MenuEntry[]> {
    await this.deps.api.tenantLogin(tenantId);
    return this.loadSession();
  }

  onWillLogout(listener: () => void): () => void {
    this.logoutListeners.add(listener);
    return () => this.logoutListeners.delete(listener);
  }

  /** getInfo → getPlatformList → getRouters, in that order (spec section 4), then store. */
  private async loadSession(): Promise<MenuEntry[]> {
    const { user, deviceGrants, weather } = await this.deps.api.getInfo();
    const platformMenus = await this.deps.api.getPlatformList();
    const menus = await this.deps.api.getRouters();
    useSessionStore.getState().setSession({ user, menuPerms: toPermissionMap(platformMenus), menus, deviceGrants });
    useSessionStore.getState().setWeather(weather);
    return menus;
  }

  private clearLocal(): void {
    for (const listener of this.logoutListeners) {
      try {
        listener();
      } catch (error) {
        console.error(error);
      }
    }
    useSessionStore.getState().clear();
    tokenStorage.clear();
    sessionStorage.clear();
  }
}
