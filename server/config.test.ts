import { describe, expect, it } from 'vitest';
import { readServerConfigFromEnv } from './config';

const runtime = (env: NodeJS.ProcessEnv) => readServerConfigFromEnv(env).server.appConfig!;

describe('basemap configuration', () => {
  it('hands the web app the tile template and what its tiles are drawn in', () => {
    expect(runtime({}).mapImageryUrl).toBeNull();
    expect(runtime({}).mapImageryCrs).toBeUndefined();
    expect(runtime({ MAP_IMAGERY_URL: '/tiles/{z}/{x}/{y}.png' })).toMatchObject({ mapImageryUrl: '/tiles/{z}/{x}/{y}.png' });
    expect(runtime({ MAP_IMAGERY_URL: 'https://t.example.com/{z}/{x}/{y}.png', MAP_IMAGERY_CRS: ' GCJ02 ' }).mapImageryCrs).toBe('gcj02');
    expect(runtime({ MAP_IMAGERY_URL: 'https://t.example.com/{z}/{x}/{y}.png', MAP_IMAGERY_CRS: 'wgs84' }).mapImageryCrs).toBe('wgs84');
  });

  it('refuses a coordinate system it does not know, and GCJ-02 without tiles of its own', () => {
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_URL: '/t/{z}/{x}/{y}.png', MAP_IMAGERY_CRS: 'bd09' })).toThrow('MAP_IMAGERY_CRS 只能是 wgs84 或 gcj02，当前为 "bd09"');
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_CRS: 'gcj02' })).toThrow('MAP_IMAGERY_CRS=gcj02 需要同时设置 MAP_IMAGERY_URL');
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_URL: 'tiles/{z}/{x}.png' })).toThrow('MAP_IMAGERY_URL 必须以');
  });
});
