import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordingStore } from './RecordingStore';

const NOW = Date.UTC(2026, 10, 24, 6, 0, 0);
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A store with segments: [deviceId, start (s before NOW), bytes]. */
function storeWith(segments: [number, number, number][], limits = { maxBytes: 1e9, maxDays: 7 }) {
  const root = mkdtempSync(join(tmpdir(), 'ops-recordings-'));
  roots.push(root);
  for (const [deviceId, ago, bytes] of segments) {
    const folder = join(root, String(deviceId));
    mkdirSync(folder, { recursive: true });
    const start = Math.floor((NOW - ago * 1000) / 1000);
    const file = join(folder, `${start}.webm`);
    writeFileSync(file, Buffer.alloc(bytes));
    utimesSync(file, start + 60, start + 60);
  }
  return { root, store: new RecordingStore(root, limits, () => NOW) };
}

describe('recordings on disk', () => {
  it('lists a camera by time, and finds only real segment names', () => {
    const { store } = storeWith([
      [7, 600, 4096],
      [7, 300, 4096],
      [7, 120, 100],
      [8, 300, 4096],
    ]);
    const segments = store.segments(7);
    // The 100-byte one has no picture yet: not listed.
    expect(segments.map((segment) => segment.start)).toEqual([NOW - 600_000, NOW - 300_000].map((ms) => Math.floor(ms / 1000) * 1000));
    expect(segments[0]!.end).toBe(segments[0]!.start + 60_000);
    expect(store.between(7, NOW - 400_000, NOW).map((segment) => segment.start)).toEqual([Math.floor((NOW - 300_000) / 1000) * 1000]);
    expect(store.file(7, segments[0]!.name)).toMatchObject({ bytes: 4096 });
    for (const bad of ['../8/x.webm', 'passwd', '123.mp4', '..%2f1.webm']) expect(store.file(7, bad)).toBeUndefined();
    expect(store.segments(99)).toEqual([]);
  });

  it('removes what is older than the days limit, then the oldest until the total fits, never a protected one', () => {
    const { store, root } = storeWith(
      [
        [7, 9 * 86_400, 4096],
        [8, 3600, 4096],
        [7, 1800, 4096],
        [8, 600, 4096],
      ],
      { maxBytes: 2 * 4096, maxDays: 7 },
    );
    const newest8 = store.segments(8).at(-1)!;
    const oldest8 = store.segments(8)[0]!;
    const removed = store.sweep((segment) => segment.deviceId === 8 && segment.name === oldest8.name);
    // The 9-day-old one (age), then the oldest unprotected until 2 segments remain: camera 7's of 30 min ago goes; 8's protected one stays.
    expect(removed.map((segment) => [segment.deviceId, segment.start])).toEqual([
      [7, Math.floor((NOW - 9 * 86_400_000) / 1000) * 1000],
      [7, Math.floor((NOW - 1_800_000) / 1000) * 1000],
    ]);
    expect(existsSync(join(root, '8', newest8.name))).toBe(true);
    expect(store.totalBytes()).toBe(2 * 4096);
    expect(store.sweep()).toEqual([]);
  });
});
