import { describe, expect, it } from 'vitest';
import { PRETTY_LOG_TRANSPORT, readServerConfigFromEnv } from './config';

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
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_URL: '/t/{z}/{x}/{y}.png', MAP_IMAGERY_CRS: 'bd09' })).toThrow(
      'MAP_IMAGERY_CRS 只能是 wgs84 或 gcj02，当前为 "bd09"',
    );
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_CRS: 'gcj02' })).toThrow('MAP_IMAGERY_CRS=gcj02 需要同时设置 MAP_IMAGERY_URL');
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_URL: 'tiles/{z}/{x}.png' })).toThrow('MAP_IMAGERY_URL 必须以');
  });
});

describe('recording configuration', () => {
  it('records watched cameras by default, within 2 GB and 7 days, in one-minute segments', () => {
    expect(readServerConfigFromEnv({}).server.stream).toEqual({ record: { segmentSeconds: 60, maxBytes: 2048 * 1024 * 1024, maxDays: 7 } });
    expect(
      readServerConfigFromEnv({ RECORDINGS_MAX_MB: '100', RECORDINGS_MAX_DAYS: '2', RECORDING_SEGMENT_SECONDS: '10' }).server.stream,
    ).toEqual({ record: { segmentSeconds: 10, maxBytes: 100 * 1024 * 1024, maxDays: 2 } });
    expect(readServerConfigFromEnv({ RECORDINGS: '0' }).server.stream).toEqual({ record: null });
  });

  it('refuses limits that are not numbers in range', () => {
    expect(() => readServerConfigFromEnv({ RECORDINGS_MAX_MB: 'lots' })).toThrow(
      'RECORDINGS_MAX_MB 必须是 0 到 10000000 之间的数，当前为 "lots"',
    );
    expect(() => readServerConfigFromEnv({ RECORDING_SEGMENT_SECONDS: '0.5' })).toThrow(
      'RECORDING_SEGMENT_SECONDS 必须是 1 到 3600 之间的整数',
    );
    expect(() => readServerConfigFromEnv({ RECORDINGS: 'maybe' })).toThrow('RECORDINGS 只能是 0 或 1');
  });
});

describe('log format', () => {
  const loggerOf = (env: NodeJS.ProcessEnv, terminal: boolean) => readServerConfigFromEnv(env, terminal).server.logger;

  it('is pretty at a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loggerOf({}, true)).toEqual({ level: 'info', transport: PRETTY_LOG_TRANSPORT });
    expect(loggerOf({}, false)).toEqual({ level: 'info' });
    expect(loggerOf({ LOG_FORMAT: 'json' }, true)).toEqual({ level: 'info' });
    expect(loggerOf({ LOG_FORMAT: ' Pretty ', LOG_LEVEL: 'warn' }, false)).toEqual({ level: 'warn', transport: PRETTY_LOG_TRANSPORT });
    expect(PRETTY_LOG_TRANSPORT).toMatchObject({ target: 'pino-pretty', options: { translateTime: expect.stringMatching(/^SYS:/) } });
  });

  it('refuses any other LOG_FORMAT in Chinese', () => {
    expect(() => readServerConfigFromEnv({ LOG_FORMAT: 'yaml' }, true)).toThrow('LOG_FORMAT 只能是 json 或 pretty');
  });
});
