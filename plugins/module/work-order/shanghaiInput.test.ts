import { describe, expect, it } from 'vitest';
import { parseShanghaiInput, toShanghaiInput } from './shanghaiInput';

describe('datetime-local in Asia/Shanghai', () => {
  it('reads and writes wall time in Shanghai whatever the browser zone', () => {
    expect(parseShanghaiInput('2026-11-22T16:00')).toBe(Date.UTC(2026, 10, 22, 8, 0));
    expect(toShanghaiInput(Date.UTC(2026, 10, 22, 20, 30))).toBe('2026-11-23T04:30');
    expect(parseShanghaiInput('')).toBeUndefined();
    expect(parseShanghaiInput('明天')).toBeUndefined();
  });
});
