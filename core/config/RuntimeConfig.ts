import type { RuntimeConfig as RuntimeConfigContract } from '../../contracts/runtimeConfig';
import { createToken } from '../di/Token';

/** `/app-config.json` as the web app reads it (the shared contract). */
export type RuntimeConfig = RuntimeConfigContract;

export const RuntimeConfig = createToken<RuntimeConfig>('RuntimeConfig', '运行时配置（/app-config.json）');

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  pushUrl: null,
  showErrorMessages: true,
  authCode: 'ops-dashboard-web',
  disabledPlugins: [],
  mapImageryUrl: null,
};

/** Merges a fetched config over the defaults, keeping only fields of the right type. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const config = { ...defaultRuntimeConfig };
  if (!raw || typeof raw !== 'object') return config;
  const source = raw as Record<string, unknown>;
  if (typeof source.apiBaseUrl === 'string' && source.apiBaseUrl.trim()) config.apiBaseUrl = source.apiBaseUrl.replace(/\/+$/, '');
  if (typeof source.pushUrl === 'string' || source.pushUrl === null) config.pushUrl = source.pushUrl as string | null;
  if (typeof source.showErrorMessages === 'boolean') config.showErrorMessages = source.showErrorMessages;
  if (typeof source.authCode === 'string' && source.authCode) config.authCode = source.authCode;
  if (Array.isArray(source.disabledPlugins))
    config.disabledPlugins = source.disabledPlugins.filter((id): id is string => typeof id === 'string');
  if (typeof source.mapImageryUrl === 'string' && ['{z}', '{x}', '{y}'].every((part) => (source.mapImageryUrl as string).includes(part)))
    config.mapImageryUrl = source.mapImageryUrl;
  else if (source.mapImageryUrl !== undefined && source.mapImageryUrl !== null)
    console.error('mapImageryUrl 必须是含有 {z}、{x}、{y} 的瓦片地址，已改用离线底图');
  if (source.mapImageryCrs === 'wgs84' || source.mapImageryCrs === 'gcj02') config.mapImageryCrs = source.mapImageryCrs;
  else if (source.mapImageryCrs !== undefined && source.mapImageryCrs !== null)
    console.error('mapImageryCrs 只能是 wgs84 或 gcj02，已按 wgs84 处理');
  for (const key of ['intercomBaseUrl', 'productSocketUrl'] as const) {
    if (typeof source[key] === 'string' && (source[key] as string).trim()) config[key] = (source[key] as string).replace(/\/+$/, '');
    else if (source[key] === null) config[key] = null;
  }
  return config;
}

export async function fetchRuntimeConfig(url = '/app-config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) return defaultRuntimeConfig;
    return parseRuntimeConfig(await response.json());
  } catch {
    return defaultRuntimeConfig;
  }
}
