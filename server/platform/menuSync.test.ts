import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../createServer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe('a device kind dropped into plugins/device', () => {
  it(
    'appears in the catalogue, the menus and the routes, also on an existing database, with no core edit',
    { timeout: 30_000 },
    async () => {
      const pluginsDir = temp('ops-plugins-');
      cpSync('plugins', pluginsDir, { recursive: true });
      const dataDir = temp('ops-data-');
      // First start without the new kind.
      const before = await createServer({ dataDir, pluginsDir });
      await before.app.close();
      // An integrator drops in a folder.
      mkdirSync(join(pluginsDir, 'device', 'tide-gauge'));
      writeFileSync(
        join(pluginsDir, 'device', 'tide-gauge', 'plugin.json'),
        JSON.stringify({
          id: 'tide-gauge',
          kind: 'device',
          version: '1.0.0',
          displayName: '潮位计',
          contributes: {
            brandCode: 'DEVICE_TIDE',
            page: 'tideGauge',
            icon: 'icon.svg',
            telemetry: [{ key: 'level', label: '潮位', unit: 'm', type: 'number', min: 0, max: 9 }],
          },
        }),
      );
      const app = await createServer({ dataDir, pluginsDir });
      const token = (
        (await app.app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=OPER-2026-DEMO' })).json() as { token: string }
      ).token;
      const headers = { authorization: `Bearer ${token}` };
      const routers = (await app.app.inject({ method: 'GET', url: '/api/getRouters?platformCode=twin_platform', headers })).json() as {
        data: { name: string; children: { name: string; meta: { title: string } }[] }[];
      };
      expect(routers.data.find((menu) => menu.name === 'device')!.children).toContainEqual(
        expect.objectContaining({ name: 'tideGauge', meta: { title: '潮位计' } }),
      );
      const list = (await app.app.inject({ method: 'GET', url: '/api/devi/aep/child?deviceType=DEVICE_TIDE', headers })).json() as {
        code: number;
        total: number;
      };
      expect(list).toMatchObject({ code: 200, total: 0 });
      await app.app.close();
    },
  );
});
