import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MenuPermissionMap } from '../registry/moduleTree';
import type { DeviceKindGrants, MenuEntry, TenantInfo, UserInfo, Weather } from './sessionTypes';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  menuPerms: MenuPermissionMap | null;
  menus: MenuEntry[];
  /** The device kinds the user may read and control in the active tenant (getInfo); null before sign-in. */
  deviceGrants: DeviceKindGrants | null;
  weather: Weather | null;
  setToken(token: string | null): void;
  setSession(session: { user: UserInfo; menuPerms: MenuPermissionMap; menus: MenuEntry[]; deviceGrants: DeviceKindGrants }): void;
  setWeather(weather: Weather | null): void;
  clear(): void;
}

export const SESSION_STORAGE_KEY = 'ops-session';

/** Session state; user, menus and permissions survive a reload through session storage. */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      menuPerms: null,
      menus: [],
      deviceGrants: null,
      weather: null,
      setToken: (token) => set({ token }),
      setSession: ({ user, menuPerms, menus, deviceGrants }) => set({ user, menuPerms, menus, deviceGrants }),
      setWeather: (weather) => set({ weather }),
      clear: () => set({ token: null, user: null, menuPerms: null, menus: [], deviceGrants: null, weather: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // The token is kept by tokenStorage (cookie); never duplicate it here.
      partialize: (state) => ({
        user: state.user,
        menuPerms: state.menuPerms,
        menus: state.menus,
        deviceGrants: state.deviceGrants,
        weather: state.weather,
      }),
    },
  ),
);

export function activeTenant(user: UserInfo | null): TenantInfo | undefined {
  return user?.tenants.find((tenant) => tenant.isLoginNow) ?? user?.tenants[0];
}

/** Turns the platform list into the permission map; children of modules carry their own perms. */
export function toPermissionMap(entries: readonly { perms?: string | null }[]): MenuPermissionMap {
  const map: MenuPermissionMap = {};
  for (const entry of entries) if (entry.perms) map[entry.perms] = true;
  return map;
}
