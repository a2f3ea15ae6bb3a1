import { describe, expect, it } from 'vitest';
import { readServerConfigFromEnv } from '../config';

describe('FIELD_WORK settings', () => {
  it('turn the field teams on by default with an 8 s reaction, off with FIELD_WORK=0, and refuse a bad delay naming it', () => {
    expect(readServerConfigFromEnv({}).server.fieldWork).toEqual({ delayMs: 8000 });
    expect(readServerConfigFromEnv({ FIELD_WORK_DELAY_MS: '1500' }).server.fieldWork).toEqual({ delayMs: 1500 });
    expect(readServerConfigFromEnv({ FIELD_WORK: '0' }).server.fieldWork).toBeUndefined();
    expect(() => readServerConfigFromEnv({ FIELD_WORK: 'yes' })).toThrow('FIELD_WORK 只能是 0 或 1，当前为 "yes"');
    expect(() => readServerConfigFromEnv({ FIELD_WORK_DELAY_MS: 'soon' })).toThrow(
      'FIELD_WORK_DELAY_MS 必须是 100 到 3600000 之间的毫秒数，当前为 "soon"',
    );
    expect(() => readServerConfigFromEnv({ FIELD_WORK_DELAY_MS: '50' })).toThrow(
      'FIELD_WORK_DELAY_MS 必须是 100 到 3600000 之间的毫秒数，当前为 "50"',
    );
  });
});
