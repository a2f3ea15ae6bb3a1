import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceKindGrants } from '../../contracts/devices';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => server.close());

/** A user of tenant 1 whose role holds exactly these menu permissions (no child pages). */
const userWith = (perms: string[]) => sessionWithMenus(server, 1, perms, false);

/** Every kind of tenant 1's fleet, with a device of it and its brand code. */
async function fleetKinds() {
  const rows = await server.services.ctx.db
    .selectFrom('devices')
    .select(['kind', 'device_type', 'device_id'])
    .where('tenant_id', '=', 1)
    .orderBy('device_id')
    .execute();
  const byKind = new Map<string, { kind: string; deviceType: string; deviceId: number }>();
  for (const row of rows)
    if (!byKind.has(row.kind)) byKind.set(row.kind, { kind: row.kind, deviceType: row.device_type, deviceId: row.device_id });
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

const granted = (kinds: DeviceKindGrants['read'], kind: string) => kinds === 'all' || kinds.includes(kind);

/**
 * What the server does with each kind for this caller: reads a device of it (`/devi/aep/info`) and asks
 * for a command number (`/system/order/deviceNo`, a control route that changes nothing).
 */
async function enforced(token: string) {
  const read: string[] = [];
  const control: string[] = [];
  for (const { kind, deviceType, deviceId } of await fleetKinds()) {
    const info = (await server.api('GET', `/devi/aep/info?deviceId=${deviceId}`, { token })).body;
    expect([200, 403], `${kind}: ${JSON.stringify(info)}`).toContain(info.code);
    if (info.code === 200) read.push(kind);
    const order = (await server.api('GET', `/system/order/deviceNo?deviceType=${deviceType}&orderType=test`, { token })).body;
    expect([200, 403], `${kind}: ${JSON.stringify(order)}`).toContain(order.code);
    if (order.code === 200) control.push(kind);
  }
  return { read, control };
}

describe('GET /getInfo → deviceGrants', () => {
  it.each([
    ['the city operator (设备管控 and map modules)', () => server.login('OPER-2026-DEMO'), { read: 'all', control: 'every' }],
    ['the admin', () => server.login('ADMIN-2026-DEMO'), { read: 'all', control: 'every' }],
    ['the viewer (no menus)', () => server.login('NOPERM-2026-DEMO'), { read: [], control: [] }],
    ['a map module only (综合态势)', () => userWith(['platform:comprehensive']), { read: 'all', control: [] }],
    ['the lamp page only', () => userWith(['platform:device:lamp']), { read: ['lamp'], control: ['lamp'] }],
    [
      '视频监控 and the 正射影像 lamp page',
      () => userWith(['platform:monitoringCenter:monitorCamera', 'platform:orthophoto:lamp']),
      { read: ['camera', 'lamp'], control: ['camera', 'lamp'] },
    ],
  ] as const)(
    'tells %s exactly the device kinds the server lets them read and control',
    async (_who, signIn, expected) => {
      const token = await signIn();
      const { body } = await server.api('GET', '/getInfo', { token });
      expect(body.code).toBe(200);
      const grants = body.deviceGrants as DeviceKindGrants;
      const kinds = (await fleetKinds()).map((entry) => entry.kind);
      // What the web app is told…
      expect(grants.read).toEqual(expected.read);
      expect(grants.control).toEqual(expected.control === 'every' ? expect.arrayContaining(kinds) : expected.control);
      // …is what the server enforces, kind by kind.
      const actual = await enforced(token);
      expect(actual.read).toEqual(kinds.filter((kind) => granted(grants.read, kind)));
      expect(actual.control).toEqual(kinds.filter((kind) => granted(grants.control, kind)));
    },
    60_000,
  );
});
