// The two route files only: the login bundle carries no other feature's declarations.
import { authRoutes as auth, type LoginReply } from '../../contracts/api/authRoutes';
import { platformRoutes as platform } from '../../contracts/api/platformRoutes';
import { createApiCaller } from '../http/ApiCaller';
import type { HttpClient } from '../http/HttpClient';
import { WEATHER_ICONS } from '../../contracts/weather';
import type { DeviceKindGrants, MenuEntry, PlatformMenu, SignedInUser, UserInfo, Weather } from './sessionTypes';

/** The platform code of this product's menus (spec section 7). */
export const PLATFORM_CODE = 'twin_platform';

/** Login replies carry the token at the top level or in `data.token` (DESIGN.md). */
export function tokenOf(reply: Pick<LoginReply, 'token' | 'data'>): string {
  const top = reply.token;
  if (typeof top === 'string' && top) return top;
  const nested = reply.data && typeof reply.data === 'object' ? reply.data.token : undefined;
  if (typeof nested === 'string' && nested) return nested;
  throw new Error('登录应答中没有令牌');
}

const kindList = (value: unknown): string[] | 'all' | undefined =>
  value === 'all' ? 'all' : Array.isArray(value) && value.every((kind) => typeof kind === 'string') ? (value as string[]) : undefined;

/** The `deviceGrants` of a getInfo reply; missing or malformed, nothing is granted (the server decides anyway). */
export function deviceGrantsOf(value: unknown): DeviceKindGrants {
  const { read, control } = (value && typeof value === 'object' ? value : {}) as { read?: unknown; control?: unknown };
  return { read: kindList(read) ?? [], control: kindList(control) ?? [] };
}

/** The session's weather from getInfo or a WEATHER_EVENT push; null when missing or malformed (the header then shows none). */
export function weatherOf(value: unknown): Weather | null {
  if (!value || typeof value !== 'object') return null;
  const weather = value as Partial<Record<keyof Weather, unknown>>;
  const texts = ['city', 'text', 'band', 'wind'] as const;
  const numbers = ['temperature', 'humidity', 'updatedAt'] as const;
  if (
    !texts.every((key) => typeof weather[key] === 'string') ||
    !numbers.every((key) => typeof weather[key] === 'number' && Number.isFinite(weather[key]))
  )
    return null;
  if (!(WEATHER_ICONS as readonly unknown[]).includes(weather.icon)) return null;
  return value as Weather;
}

/** The login and platform calls (contracts/api/authRoutes.ts, platformRoutes.ts) over the app's HTTP client. */
export function createAuthApi(http: HttpClient) {
  const api = createApiCaller(http);
  return {
    requestSmsCode: (phonenumber: string) => api.call(auth.smsCode, { query: { phonenumber } }, { auth: false }),
    smsLogin: async (phonenumber: string, smsCode: string) =>
      tokenOf(await api.call(auth.smsLogin, { body: { phonenumber, smsCode } }, { auth: false })),
    authCodeLogin: async (authCode: string) => tokenOf(await api.call(auth.authCodeLogin, { query: { authCode } }, { auth: false })),
    logout: () => api.call(auth.logout),
    getInfo: async (): Promise<SignedInUser> => {
      const reply = await api.call(platform.getInfo);
      const nested = reply.data;
      const user = (reply.user ?? nested?.user) as UserInfo | undefined;
      if (!user || !Array.isArray(user.tenants)) throw new Error('用户信息格式不正确');
      return {
        user,
        deviceGrants: deviceGrantsOf(reply.deviceGrants ?? nested?.deviceGrants),
        weather: weatherOf(reply.weather ?? nested?.weather),
      };
    },
    getPlatformList: async (): Promise<PlatformMenu[]> => (await api.call(platform.platformList)).data ?? [],
    getRouters: async (): Promise<MenuEntry[]> => (await api.call(platform.routers, { query: { platformCode: PLATFORM_CODE } })).data ?? [],
    tenantLogin: (tenantId: number) => api.call(platform.tenantLogin, { body: { tenantId } }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
