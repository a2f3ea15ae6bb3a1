import { describe, expect, it } from 'vitest';
import { JobRuns } from './JobRuns';

describe('JobRuns', () => {
  it('counts rounds that finish and rounds that fail, and hands both outcomes on unchanged', async () => {
    const runs = new JobRuns();
    await expect(runs.count(Promise.resolve(7))).resolves.toBe(7);
    await expect(runs.count(Promise.resolve(8))).resolves.toBe(8);
    const failure = new Error('数据库不可用');
    await expect(runs.count(Promise.reject(failure))).rejects.toBe(failure);
    expect({ ok: runs.ok, failed: runs.failed }).toEqual({ ok: 2, failed: 1 });
  });
});
