import { describe, expect, it } from 'vitest';
import { readServerConfigFromEnv } from '../config';

describe('sensor settings', () => {
  it('sample every 5 minutes and keep 30 days by default; refuse bad values naming them', () => {
    expect(readServerConfigFromEnv({}).server.sensors).toEqual({ sampleMs: 300_000, retentionMs: 30 * 86_400_000 });
    expect(readServerConfigFromEnv({ SENSOR_SAMPLE_MS: '0', SENSOR_READINGS_RETENTION_DAYS: '7' }).server.sensors).toEqual({
      sampleMs: 0,
      retentionMs: 7 * 86_400_000,
    });
    expect(() => readServerConfigFromEnv({ SENSOR_SAMPLE_MS: 'often' })).toThrow(
      'SENSOR_SAMPLE_MS 必须是 0 到 86400000 之间的数，当前为 "often"',
    );
    expect(() => readServerConfigFromEnv({ SENSOR_SAMPLE_MS: '500' })).toThrow(
      'SENSOR_SAMPLE_MS 必须是 0（关闭）或 1000 到 86400000 之间的毫秒数，当前为 "500"',
    );
    expect(() => readServerConfigFromEnv({ SENSOR_READINGS_RETENTION_DAYS: '0.5' })).toThrow(
      'SENSOR_READINGS_RETENTION_DAYS 必须是 1 到 365 之间的数，当前为 "0.5"',
    );
    expect(() => readServerConfigFromEnv({ SENSOR_READINGS_RETENTION_DAYS: '400' })).toThrow(
      'SENSOR_READINGS_RETENTION_DAYS 必须是 0 到 365 之间的数，当前为 "400"',
    );
  });
});
