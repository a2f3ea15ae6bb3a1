import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { BackupKind } from './backupFile';

/** What a finished backup or restore reports. */
export interface BackupReport {
  kind: BackupKind;
  /** The newest migration the database is at. */
  version: string;
  bytes?: number;
}

/** A file's content and its directory entry on disk, so a rename done after it survives a power cut. */
export function syncToDisk(file: string): void {
  for (const path of [file, dirname(file)]) {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** A name beside `file` (same directory, so the rename is atomic) that no other run uses. */
export function besideName(file: string, what: string): string {
  return join(dirname(file), `.${basename(file)}.${what}-${process.pid}`);
}

/**
 * Has `write` make the file at a name beside `file`, then renames it to `file`: whoever reads `file`
 * finds the old one or the complete new one, never a half-written file; a failure removes the partial.
 */
export async function putInPlace(file: string, write: (partial: string) => Promise<Omit<BackupReport, 'bytes'>>): Promise<BackupReport> {
  const partial = besideName(file, 'partial');
  try {
    const report = await write(partial);
    syncToDisk(partial);
    renameSync(partial, file);
    syncToDisk(file);
    return { ...report, bytes: statSync(file).size };
  } finally {
    rmSync(partial, { force: true });
  }
}
