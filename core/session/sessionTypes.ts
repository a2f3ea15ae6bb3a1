import type { WeatherNow } from '../../contracts/weather';
import type { DeviceKindGrants } from '../../contracts/devices';

export type { DeviceKindGrants };

/** Shapes the server returns for the session (spec section 3). */
export interface TenantInfo {
  tenantId: number;
  tenantName: string;
  tenantType?: string;
  isLoginNow: boolean;
  /** JSON string: `{viewList:[…], isDeviceMap3d:boolean}`. */
  twinPlatformConfig: string;
  tenantAlarmMp3: string;
}

export interface UserInfo {
  userId: number;
  userName: string;
  nickName?: string;
  phonenumber?: string;
  tenants: TenantInfo[];
}

/** What the app keeps of `GET /getInfo`: the user, and the device kinds they may read and control. */
export interface SignedInUser {
  user: UserInfo;
  deviceGrants: DeviceKindGrants;
  /** The active tenant's weather, null when the backend gives none. */
  weather: Weather | null;
}

export interface MenuEntry {
  name: string;
  path: string;
  component?: string;
  perms?: string;
  meta: { title: string; icon?: string };
  children?: MenuEntry[];
}

export interface PlatformMenu {
  menuId?: number;
  menuName?: string;
  perms?: string;
  path?: string;
  parentId?: number;
}

export interface TwinPlatformView {
  name?: string;
  longitude: number;
  latitude: number;
  height: number;
  heading?: number;
  pitch?: number;
  roll?: number;
}

export interface TwinPlatformConfig {
  viewList: TwinPlatformView[];
  isDeviceMap3d: boolean;
}

/** The session's weather (spec section 3): the active tenant's city, as `/getInfo` and WEATHER_EVENT give it. */
export type Weather = WeatherNow;
