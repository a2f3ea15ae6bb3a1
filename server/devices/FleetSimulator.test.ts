import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { openSqlite } from '../db/openDatabase';
import { loadPlugins } from '../pluginManifests';
import { FleetSimulator } from './FleetSimulator';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('FleetSimulator background ticks', () => {
  it('reports a failed tick and counts it, and goes on ticking', async () => {
    // A database without the product's tables: every tick fails on its first query.
    const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    const opened = openSqlite(join(dir, 'empty.sqlite'));
    cleanups.push(async () => {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const errors: unknown[] = [];
    const catalog = loadDeviceCatalog(loadPlugins('plugins').plugins);
    const simulator = new FleetSimulator(
      opened.db,
      catalog,
      { tickMs: 20, commandDelayMs: [0, 0], onError: (error) => errors.push(error) },
      Date.now,
    );
    simulator.start();
    cleanups.unshift(async () => simulator.stop());
    await expect.poll(() => simulator.runs.failed, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    expect(simulator.runs.ok).toBe(0);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(String(errors[0])).toContain('no such table');
  });
});
