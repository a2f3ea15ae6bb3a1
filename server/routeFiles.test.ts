import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under server/, tests excepted. */
function sourceFiles(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The files that register API routes: `<feature>/<feature>Routes.ts` and the push socket. */
const routeFiles = () => sourceFiles().filter((path) => /Routes\.ts$/.test(path) || path.endsWith('pushSockets.ts'));

describe('server layout', () => {
  it('keeps each feature in its folder: route files call services and never run SQL themselves', () => {
    const files = routeFiles();
    expect(files.map((path) => path.split('/').slice(1, 2)[0]).sort()).toEqual([
      'alarms',
      'analysis',
      'analysis',
      'analysis',
      'auth',
      'business',
      'cases',
      'dev',
      'devices',
      'emergency',
      'field',
      'intercom',
      'intercom',
      'lowAltitude',
      'operations',
      'panels',
      'patrols',
      'platform',
      'push',
      'recognition',
      'sensors',
      'situation',
      'stats',
      'stats',
      'stream',
      'videoRooms',
      'voice',
      'watchlists',
      'weather',
      'workOrders',
    ]);
    const offenders = files.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${path}:${index + 1}` }))
        .filter(({ line }) => /\b(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(|\bctx\.db\b|\bdb\.|\bsql`/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  // The demo fleet's sizes per kind (seed/seedData.ts FLEET_COUNTS) are seed data, written as object keys, not names in code.
  it('names no device kind or alarm type: the plugin manifests declare them', () => {
    const named = sourceFiles().flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${path}:${index + 1}` }))
        // DEVICE_ALARM is the push event type of alarms (registry/pushEvents.json), not a device kind.
        .filter(({ line }) =>
          /'(camera|light|screen|broad|lamp|smoke|fireCamera|navigationScreen|DEVICE_(?!ALARM')[A-Z_]+|SMOKE)'/.test(line),
        )
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(named).toEqual([]);
  });
});
