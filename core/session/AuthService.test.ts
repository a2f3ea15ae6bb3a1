import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DefaultAuthService, NoPermissionError } from './AuthService';
import type { AuthApi } from './authApi';
import { useSessionStore } from './sessionStore';
import { tokenStorage } from './tokenStorage';
import type { MenuEntry, UserInfo } from './sessionTypes';

const user: UserInfo = {
  userId: 2,
  userName: 'operator',
  tenants: [{ tenantId: 1, tenantName: '城市', isLoginNow: true, twinPlatformConfig: '{}', tenantAlarmMp3: '' }],
};
const menus: MenuEntry[] = [{ name: 'device', path: '/device', perms: 'platform:device', meta: { title: '设备管控' } }];

function fakeApi(overrides: Partial<AuthApi> = {}) {
  const calls: string[] = [];
  const api = {
    requestSmsCode: vi.fn(),
    smsLogin: vi.fn(async () => 'sms-token'),
    authCodeLogin: vi.fn(async () => 'code-token'),
    logout: vi.fn(async () => {
      calls.push('logout');
      return { code: 200 };
    }),
    getInfo: vi.fn(async () => {
      calls.push('getInfo');
      return { user, deviceGrants: { read: 'all', control: ['lamp'] }, weather: null };
    }),
    getPlatformList: vi.fn(async () => {
      calls.push('getPlatformList');
      return [{ perms: 'platform:device' }, { perms: 'platform:device:lamp' }];
    }),
    getRouters: vi.fn(async () => {
      calls.push('getRouters');
      return menus;
    }),
    tenantLogin: vi.fn(async () => ({ code: 200 })),
    ...overrides,
  } as unknown as AuthApi;
  return { api, calls };
}

describe('DefaultAuthService', () => {
  beforeEach(() => {
    useSessionStore.getState().clear();
    tokenStorage.clear();
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it('stores the token, then fetches user info, platform list and routers in that order, then goes fullscreen after 200 ms', async () => {
    vi.useFakeTimers();
    const { api, calls } = fakeApi();
    const requestFullscreen = vi.fn();
    const auth = new DefaultAuthService({ api, navigate: vi.fn(), requestFullscreen });
    await expect(auth.loginWithSms('13800000001', '123456')).resolves.toEqual(menus);
    expect(calls).toEqual(['getInfo', 'getPlatformList', 'getRouters']);
    expect(tokenStorage.get()).toBe('sms-token');
    const state = useSessionStore.getState();
    expect(state.user?.userName).toBe('operator');
    expect(state.menuPerms).toEqual({ 'platform:device': true, 'platform:device:lamp': true });
    expect(state.menus).toEqual(menus);
    expect(state.deviceGrants).toEqual({ read: 'all', control: ['lamp'] });
    vi.advanceTimersByTime(199);
    expect(requestFullscreen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
  });

  it('trims the authorization code', async () => {
    const { api } = fakeApi();
    const auth = new DefaultAuthService({ api, navigate: vi.fn(), requestFullscreen: vi.fn() });
    await auth.loginWithAuthCode('  OPER-2026-DEMO ');
    expect(api.authCodeLogin).toHaveBeenCalledWith('OPER-2026-DEMO');
  });

  it('refuses an account without menus: revokes the session and keeps nothing', async () => {
    const { api, calls } = fakeApi({ getRouters: vi.fn(async () => []) as AuthApi['getRouters'] });
    const auth = new DefaultAuthService({ api, navigate: vi.fn(), requestFullscreen: vi.fn() });
    await expect(auth.loginWithAuthCode('NOPERM')).rejects.toBeInstanceOf(NoPermissionError);
    expect(calls).toContain('logout');
    expect(tokenStorage.get()).toBeNull();
    expect(useSessionStore.getState().menuPerms).toBeNull();
  });

  it('clears everything when a step of the sequence fails', async () => {
    const { api } = fakeApi({ getPlatformList: vi.fn(async () => Promise.reject(new Error('boom'))) as AuthApi['getPlatformList'] });
    const auth = new DefaultAuthService({ api, navigate: vi.fn(), requestFullscreen: vi.fn() });
    await expect(auth.completeLogin('t')).rejects.toThrow('boom');
    expect(tokenStorage.get()).toBeNull();
  });

  it('logs out: calls the server, runs will-logout listeners, clears storage, exits fullscreen and goes to the root', async () => {
    const { api } = fakeApi();
    const navigate = vi.fn();
    const exitFullscreen = vi.fn();
    const auth = new DefaultAuthService({ api, navigate, requestFullscreen: vi.fn(), exitFullscreen });
    await auth.completeLogin('t');
    const listener = vi.fn();
    auth.onWillLogout(listener);
    sessionStorage.setItem('other', 'x');
    await expect(auth.logout()).resolves.toBe(true);
    expect(listener).toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    expect(tokenStorage.get()).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().deviceGrants).toBeNull();
    expect(exitFullscreen).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('keeps the session when the logout call fails', async () => {
    const { api } = fakeApi({ logout: vi.fn(async () => Promise.reject(new Error('down'))) as AuthApi['logout'] });
    const navigate = vi.fn();
    const auth = new DefaultAuthService({ api, navigate, requestFullscreen: vi.fn() });
    await auth.completeLogin('t');
    await expect(auth.logout()).resolves.toBe(false);
    expect(tokenStorage.get()).toBe('t');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('switches tenant and reloads menus and perms without a page load', async () => {
    const { api } = fakeApi();
    const auth = new DefaultAuthService({ api, navigate: vi.fn(), requestFullscreen: vi.fn() });
    await auth.completeLogin('t');
    (api.getRouters as ReturnType<typeof vi.fn>).mockResolvedValueOnce([{ name: 'team', path: '/team', meta: { title: '队伍管理' } }]);
    const next = await auth.switchTenant(2);
    expect(api.tenantLogin).toHaveBeenCalledWith(2);
    expect(next[0]?.name).toBe('team');
    expect(useSessionStore.getState().menus[0]?.name).toBe('team');
  });
});
