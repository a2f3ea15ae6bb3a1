import { describe, expect, it } from 'vitest';
import { buildModuleRoutes, showsMapAt } from './menuRoutes';

describe('buildModuleRoutes', () => {
  it('names child routes with the first letter upper-cased and lower-cases the path', () => {
    const routes = buildModuleRoutes({ 'platform:device': true, 'platform:device:smartParking': true, 'platform:team': true }, [
      {
        name: 'device',
        path: '/device',
        meta: { title: '设备管控' },
        children: [
          { name: 'smartParking', path: 'smartParking', perms: 'platform:device:smartParking', meta: { title: '智慧停车' } },
          { name: 'lamp', path: 'lamp', perms: 'platform:device:lamp', meta: { title: '智慧灯杆' } },
        ],
      },
    ]);
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

describe('showsMapAt', () => {
  const menus = [
    {
      name: 'securityEmergency',
      path: '/securityEmergency',
      meta: { title: '安全应急' },
      children: [
        { name: 'fireFighting', path: 'fireFighting', perms: 'platform:securityEmergency:fireFighting', meta: { title: '消防救援' } },
        { name: 'DispatchPanel', path: 'DispatchPanel', perms: 'platform:securityEmergency:DispatchPanel', meta: { title: '调度面板' } },
      ],
    },
  ];
  const routes = buildModuleRoutes(
    {
      'platform:securityEmergency': true,
      'platform:securityEmergency:fireFighting': true,
      'platform:securityEmergency:DispatchPanel': true,
      'platform:comprehensive': true,
    },
    menus,
  );

  it('shows the globe on every page of a map module', () => {
    expect(showsMapAt(routes, '/comprehensive')).toBe(true);
  });

  it('shows it on a child page marked showsMap in a module without a map, and only there', () => {
    expect(
      routes.find((entry) => entry.module.name === 'securityEmergency')!.children.map((child) => [child.menuName, child.showsMap]),
    ).toEqual([
      ['fireFighting', true],
      ['DispatchPanel', false],
    ]);
    expect(showsMapAt(routes, '/securityEmergency/firefighting')).toBe(true);
    expect(showsMapAt(routes, '/securityEmergency/fireFighting/')).toBe(true);
    expect(showsMapAt(routes, '/securityEmergency/dispatchpanel')).toBe(false);
    expect(showsMapAt(routes, '/securityEmergency')).toBe(false);
    expect(showsMapAt(routes, '/home')).toBe(false);
  });
});
