import { describe, expect, it } from 'vitest';
import { nearestPlace } from '../analysis/analysisTestRows';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { TENANT_AREAS } from './seedData';

let server: TestServer;
setupTestServer((created) => {
  server = created;
});

describe('the seeded fleet', () => {
  it('puts every device in the area its name says: the place nearest to it, as the area figures and watchlists decide', async () => {
    const devices = await server.services.ctx.db.selectFrom('devices').select(['tenant_id', 'name', 'longitude', 'latitude']).execute();
    expect(devices.length).toBeGreaterThan(100);
    const misplaced = devices.filter((device) => {
      const named = TENANT_AREAS[device.tenant_id]?.find((area) => device.name.startsWith(area.name));
      return named && named.name !== nearestPlace(device.longitude, device.latitude, device.tenant_id);
    });
    expect(misplaced.map((device) => device.name)).toEqual([]);
    // Every device is named after one of its tenant's places.
    expect(devices.filter((device) => !TENANT_AREAS[device.tenant_id]?.some((area) => device.name.startsWith(area.name)))).toEqual([]);
  });
});
