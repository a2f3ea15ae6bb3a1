import { describe, expect, it } from 'vitest';
import { buildModuleRoutes } from './menuRoutes';

describe('buildModuleRoutes', () => {
  it('names child routes with the first letter upper-cased and lower-cases the path', () => {
    const routes = buildModuleRoutes(
      { 'platform:device': true, 'platform:device:smartParking': true, 'platform:team': true },
      [
        {
          name: 'device',
          path: '/device',
          meta: { title: '设备管控' },
          children: [
            { name: 'smartParking', path: 'smartParking', perms: 'platform:device:smartParking', meta: { title: '智慧停车' } },
            { name: 'lamp', path: 'lamp', perms: 'platform:device:lamp', meta: { title: '智慧灯杆' } },
          ],
        },
      ],
    );
    expect(routes.map((entry) => entry.module.name)).toEqual(['device', 'team']);
    expect(routes[0]!.children).toEqual([
      expect.objectContaining({ name: 'SmartParking', path: '/device/smartparking', title: '智慧停车' }),
    ]);
  });

  it('shows nothing without permissions', () => {
    expect(buildModuleRoutes(null, [])).toEqual([]);
    expect(buildModuleRoutes({ 'platform:device': false }, [])).toEqual([]);
  });
});
