import type { ApiEnvelope, HttpClient } from '../http/HttpClient';
import { WEATHER_ICONS } from '../../contracts/weather';
import type { DeviceKindGrants, MenuEntry, PlatformMenu, SignedInUser, UserInfo, Weather } from './sessionTypes';

/** The platform code of this product's menus (spec section 7). */
export const PLATFORM_CODE = 'twin_platform';

/** Login replies carry the token at the top level or in `data.token` (DESIGN.md). */
export function tokenOf(reply: ApiEnvelope<unknown>): string {
  const top = reply.token;
  if (typeof top === 'string' && top) return top;
  const nested = reply.data && typeof reply.data === 'object' ? (reply.data as { token?: unknown }).token : undefined;
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

export function createAuthApi(http: HttpClient) {
  return {
    requestSmsCode: (phonenumber: string) => http.get('/captchaSms', { phonenumber }, { auth: false }),
    smsLogin: async (phonenumber: string, smsCode: string) =>
      tokenOf(await http.post('/smsLogin', { phonenumber, smsCode }, { auth: false })),
    authCodeLogin: async (authCode: string) => tokenOf(await http.get('/authCodeLogin', { authCode }, { auth: false })),
    logout: () => http.post('/logout'),
    getInfo: async (): Promise<SignedInUser> => {
      const reply = await http.get('/getInfo');
      const nested = reply.data as { user?: unknown; deviceGrants?: unknown; weather?: unknown } | undefined;
      const user = (reply.user ?? nested?.user) as UserInfo | undefined;
      if (!user || !Array.isArray(user.tenants)) throw new Error('用户信息格式不正确');
      return {
        user,
        deviceGrants: deviceGrantsOf(reply.deviceGrants ?? nested?.deviceGrants),
        weather: weatherOf(reply.weather ?? nested?.weather),
      };
    },
    getPlatformList: async () => ((await http.get<PlatformMenu[]>('/system/menu/getPlatformList')).data ?? []) as PlatformMenu[],
    getRouters: async () => ((await http.get<MenuEntry[]>('/getRouters', { platformCode: PLATFORM_CODE })).data ?? []) as MenuEntry[],
    tenantLogin: (tenantId: number) => http.post('/tenantLogin', { tenantId }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
