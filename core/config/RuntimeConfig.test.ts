import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, parseRuntimeConfig } from './RuntimeConfig';

describe('parseRuntimeConfig', () => {
  it('keeps defaults for missing or wrongly typed fields', () => {
    expect(parseRuntimeConfig(null)).toEqual(defaultRuntimeConfig);
    expect(parseRuntimeConfig({ apiBaseUrl: 5, showErrorMessages: 'yes' })).toEqual(defaultRuntimeConfig);
  });
  it('takes the plugins switched off by configuration, keeping only ids', () => {
    expect(parseRuntimeConfig({ disabledPlugins: ['device:wifi', 5] }).disabledPlugins).toEqual(['device:wifi']);
  });

  it('takes a basemap tile template and refuses one without {z}/{x}/{y}, keeping the offline imagery', () => {
    expect(parseRuntimeConfig({ mapImageryUrl: '/tiles/{z}/{x}/{y}.png' }).mapImageryUrl).toBe('/tiles/{z}/{x}/{y}.png');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseRuntimeConfig({ mapImageryUrl: '/tiles/a.png' }).mapImageryUrl).toBeNull();
    expect(error).toHaveBeenCalledWith('mapImageryUrl 必须是含有 {z}、{x}、{y} 的瓦片地址，已改用离线底图');
    error.mockRestore();
  });

  it('takes what the basemap tiles are drawn in, wgs84 or gcj02, and ignores anything else', () => {
    expect(parseRuntimeConfig({ mapImageryUrl: '/tiles/{z}/{x}/{y}.png', mapImageryCrs: 'gcj02' }).mapImageryCrs).toBe('gcj02');
    expect(parseRuntimeConfig({}).mapImageryCrs).toBeUndefined();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseRuntimeConfig({ mapImageryCrs: 'bd09' }).mapImageryCrs).toBeUndefined();
    expect(error).toHaveBeenCalledWith('mapImageryCrs 只能是 wgs84 或 gcj02，已按 wgs84 处理');
    error.mockRestore();
  });

  it('takes valid fields and trims a trailing slash from the API base', () => {
    expect(
      parseRuntimeConfig({ apiBaseUrl: 'https://ops.example.com/prod-api/', showErrorMessages: false, pushUrl: 'wss://x/push' }),
    ).toMatchObject({
      apiBaseUrl: 'https://ops.example.com/prod-api',
      showErrorMessages: false,
      pushUrl: 'wss://x/push',
    });
  });
});
