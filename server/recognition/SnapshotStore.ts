import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHANGHAI_OFFSET_MS } from '../stats/periods';
import { drawSnapshot, type SnapshotSubject } from './snapshotImage';

/** A stored name: the Shanghai day's folder, then time, camera and a draw (recognitionModel.snapshotName); nothing else is read. */
const SNAPSHOT_NAME = /^(\d{8})\/\d{1,15}-\d{1,10}-[0-9a-f]{8}\.png$/;

/** RECOGNITION_SNAPSHOT_DAYS when the environment does not say. */
export const DEFAULT_SNAPSHOT_DAYS = 7;

/**
 * The recognition snapshots as files under DATA_DIR/snapshots/<tenant>/<yyyymmdd>/, kept `retentionMs`
 * (RECOGNITION_SNAPSHOT_DAYS): a record older than that keeps its row and has no image. The simulator
 * writes each record's picture with it; a record of the seeded history gets its picture drawn from its
 * row the first time it is asked for (a month of pictures at every fresh start would cost seconds), the
 * same picture either way. `prune` removes whole days past the retention.
 */
export class SnapshotStore {
  constructor(
    private readonly dataDir: string,
    readonly retentionMs: number,
    private readonly now: () => number,
  ) {}

  private folder(tenantId: number): string {
    return join(this.dataDir, 'snapshots', String(tenantId));
  }

  /** Whether a record taken at `at` still has its picture. */
  kept(at: number): boolean {
    return at >= this.now() - this.retentionMs;
  }

  /** Draws and stores the pictures of records just written (those already past the retention get none). */
  async write(tenantId: number, subjects: readonly (SnapshotSubject & { snapshot: string | null })[]): Promise<number> {
    let written = 0;
    for (const subject of subjects) {
      if (!subject.snapshot || !SNAPSHOT_NAME.test(subject.snapshot) || !this.kept(subject.at)) continue;
      const path = join(this.folder(tenantId), subject.snapshot);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, drawSnapshot(subject));
      written++;
    }
    return written;
  }

  /** A record's picture, or null when it has none or it is past the retention. */
  async read(tenantId: number, subject: SnapshotSubject & { snapshot: string | null }): Promise<Buffer | null> {
    if (!subject.snapshot || !SNAPSHOT_NAME.test(subject.snapshot) || !this.kept(subject.at)) return null;
    const path = join(this.folder(tenantId), subject.snapshot);
    try {
      return await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // A seeded record's picture, drawn on first sight from its row.
    const bytes = drawSnapshot(subject);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, bytes);
    return bytes;
  }

  /** Removes the day folders wholly past the retention, of every tenant; returns how many. */
  async prune(): Promise<number> {
    const cutoff = this.now() - this.retentionMs;
    // A day folder is removed once its Shanghai day ended before the cutoff.
    const cutoffDay = new Date(cutoff + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
    const root = join(this.dataDir, 'snapshots');
    let removed = 0;
    for (const tenant of await readdir(root).catch(() => [])) {
      if (!/^\d+$/.test(tenant)) continue;
      for (const day of await readdir(join(root, tenant)).catch(() => [])) {
        if (!/^\d{8}$/.test(day) || day >= cutoffDay) continue;
        await rm(join(root, tenant, day), { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}
