import { describe, expect, it } from 'vitest';
import { RecentReads } from './RecentReads';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('RecentReads', () => {
  it('trusts a read for maxAgeMs counted from when it started, then reads again', async () => {
    let clock = 0;
    const recent = new RecentReads<number>(
      500,
      () => true,
      () => clock,
    );
    let reads = 0;
    const read = async () => ++reads;
    expect(await recent.get('k', read)).toBe(1);
    clock = 499;
    expect(await recent.get('k', read)).toBe(1);
    clock = 500;
    expect(await recent.get('k', read)).toBe(2);
  });

  it('shares one read among concurrent misses, and keeps nothing that was forgotten meanwhile', async () => {
    const clock = 0;
    const recent = new RecentReads<string>(
      500,
      () => true,
      () => clock,
    );
    const slow = deferred<string>();
    let reads = 0;
    const first = recent.get('k', () => (reads++, slow.promise));
    const second = recent.get('k', () => (reads++, slow.promise));
    expect(reads).toBe(1);
    // This instance changes the value while the read is under way: the read's answer is not kept.
    recent.forget('k');
    slow.resolve('old');
    expect(await first).toBe('old');
    expect(await second).toBe('old');
    expect(await recent.get('k', async () => 'new')).toBe('new');
  });

  it('does not keep what `keep` refuses, nor a failed read', async () => {
    const recent = new RecentReads<string | undefined>(
      500,
      (value) => value !== undefined,
      () => 0,
    );
    let reads = 0;
    await recent.get('unknown', async () => (reads++, undefined));
    await recent.get('unknown', async () => (reads++, undefined));
    expect(reads).toBe(2);
    await expect(recent.get('k', async () => Promise.reject(new Error('断开')))).rejects.toThrow('断开');
    expect(await recent.get('k', async () => 'ok')).toBe('ok');
    expect(recent.size).toBe(1);
  });

  it('drops stale entries as new ones come', async () => {
    let clock = 0;
    const recent = new RecentReads<number>(
      100,
      () => true,
      () => clock,
    );
    for (let key = 0; key < 50; key++) await recent.get(String(key), async () => key);
    clock = 5000;
    await recent.get('fresh', async () => 1);
    expect(recent.size).toBe(1);
  });
});
