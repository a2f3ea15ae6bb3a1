import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How much recording is kept: whichever limit is reached first removes the oldest segments. */
export interface RecordingLimits {
  maxBytes: number;
  maxDays: number;
}

export const DEFAULT_RECORDING = { segmentSeconds: 60, maxBytes: 2 * 1024 ** 3, maxDays: 7 } as const;

/** One recorded file: WebM (VP8) named by the second it began. */
export interface RecordedSegment {
  deviceId: number;
  name: string;
  /** When the segment began and was last written (ms since the epoch). */
  start: number;
  end: number;
  bytes: number;
}

/** A segment's file name: the Unix second its recording began, `.webm`. Nothing else is ever read or served. */
export const SEGMENT_NAME = /^(\d{9,11})\.webm$/;
const DEVICE_FOLDER = /^\d{1,10}$/;

/**
 * The recordings under DATA_DIR/recordings/<deviceId>/<second>.webm: listing by time, finding a file,
 * and keeping them within their limits (oldest first, across all cameras), so recording never fills the disk.
 */
export class RecordingStore {
  constructor(
    readonly root: string,
    private readonly limits: RecordingLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The folder a camera's segments go to (made when asked for). */
  folderFor(deviceId: number): string {
    const folder = join(this.root, String(deviceId));
    mkdirSync(folder, { recursive: true });
    return folder;
  }

  /** Every segment of one camera, oldest first. */
  segments(deviceId: number): RecordedSegment[] {
    const folder = join(this.root, String(deviceId));
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    const segments: RecordedSegment[] = [];
    for (const name of names) {
      const match = SEGMENT_NAME.exec(name);
      if (!match) continue;
      try {
        const stat = statSync(join(folder, name));
        // A segment ffmpeg has only just opened holds no picture yet.
        if (stat.size < 1024) continue;
        const start = Number(match[1]) * 1000;
        segments.push({ deviceId, name, start, end: Math.max(start, Math.round(stat.mtimeMs)), bytes: stat.size });
      } catch {
        // Removed meanwhile (retention): not listed.
      }
    }
    return segments.sort((a, b) => a.start - b.start);
  }

  /** A camera's segments that overlap [from, to]. */
  between(deviceId: number, from: number, to: number): RecordedSegment[] {
    return this.segments(deviceId).filter((segment) => segment.end >= from && segment.start <= to);
  }

  /** The file of a segment, or undefined when the name is not one or it is gone. */
  file(deviceId: number, name: string): { path: string; bytes: number } | undefined {
    if (!SEGMENT_NAME.test(name)) return undefined;
    const path = join(this.root, String(deviceId), name);
    try {
      const stat = statSync(path);
      return stat.isFile() ? { path, bytes: stat.size } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Removes segments older than the days limit, then the oldest until the total fits; answers what went. */
  sweep(protect: (segment: RecordedSegment) => boolean = () => false): RecordedSegment[] {
    let all: RecordedSegment[] = [];
    let folders: string[];
    try {
      folders = readdirSync(this.root).filter((name) => DEVICE_FOLDER.test(name));
    } catch {
      return [];
    }
    for (const folder of folders) all.push(...this.segments(Number(folder)));
    all = all.sort((a, b) => a.start - b.start);
    const removed: RecordedSegment[] = [];
    const cutoff = this.now() - this.limits.maxDays * 24 * 3600 * 1000;
    let total = all.reduce((sum, segment) => sum + segment.bytes, 0);
    for (const segment of all) {
      if (protect(segment)) continue;
      if (segment.end >= cutoff && total <= this.limits.maxBytes) break;
      rmSync(join(this.root, String(segment.deviceId), segment.name), { force: true });
      total -= segment.bytes;
      removed.push(segment);
    }
    return removed;
  }

  /** Bytes recorded in all. */
  totalBytes(): number {
    try {
      return readdirSync(this.root)
        .filter((name) => DEVICE_FOLDER.test(name))
        .reduce((sum, folder) => sum + this.segments(Number(folder)).reduce((bytes, segment) => bytes + segment.bytes, 0), 0);
    } catch {
      return 0;
    }
  }
}
