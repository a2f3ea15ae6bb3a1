import { describe, expect, it } from 'vitest';
import { readServerConfigFromEnv } from '../config';

const operations = (env: NodeJS.ProcessEnv) => readServerConfigFromEnv(env).server.operations;

describe('device operation and video diagnosis configuration', () => {
  it('checks faults every 30 s (10 minutes offline makes a fault) and diagnoses cameras every 5 minutes, kept 7 days', () => {
    expect(operations({})).toEqual({
      faultCheckMs: 30_000,
      offlineFaultMs: 600_000,
      videoDiagnosisMs: 300_000,
      videoDiagnosisRetentionMs: 7 * 86_400_000,
    });
    expect(
      operations({
        OPS_FAULT_CHECK_MS: '0',
        OPS_OFFLINE_FAULT_MINUTES: '0',
        VIDEO_DIAGNOSIS_MS: '0',
        VIDEO_DIAGNOSIS_RETENTION_DAYS: '30',
      }),
    ).toEqual({ faultCheckMs: 0, offlineFaultMs: 0, videoDiagnosisMs: 0, videoDiagnosisRetentionMs: 30 * 86_400_000 });
  });

  it('refuses values out of range, naming the variable', () => {
    expect(() => readServerConfigFromEnv({ OPS_FAULT_CHECK_MS: 'often' })).toThrow(
      'OPS_FAULT_CHECK_MS 必须是 0 到 86400000 之间的数，当前为 "often"',
    );
    expect(() => readServerConfigFromEnv({ OPS_FAULT_CHECK_MS: '10' })).toThrow(
      'OPS_FAULT_CHECK_MS 必须是 0（关闭）或 1000 到 86400000 之间的毫秒数，当前为 "10"',
    );
    expect(() => readServerConfigFromEnv({ OPS_OFFLINE_FAULT_MINUTES: '-1' })).toThrow(
      'OPS_OFFLINE_FAULT_MINUTES 必须是 0 到 10080 之间的数，当前为 "-1"',
    );
    expect(() => readServerConfigFromEnv({ VIDEO_DIAGNOSIS_MS: '500' })).toThrow(
      'VIDEO_DIAGNOSIS_MS 必须是 0（关闭）或 1000 到 86400000 之间的毫秒数，当前为 "500"',
    );
    expect(() => readServerConfigFromEnv({ VIDEO_DIAGNOSIS_RETENTION_DAYS: '0' })).toThrow(
      'VIDEO_DIAGNOSIS_RETENTION_DAYS 必须是 1 到 365 之间的数，当前为 "0"',
    );
    expect(() => readServerConfigFromEnv({ VIDEO_DIAGNOSIS_RETENTION_DAYS: '400' })).toThrow(
      'VIDEO_DIAGNOSIS_RETENTION_DAYS 必须是 0 到 365 之间的数，当前为 "400"',
    );
  });
});
