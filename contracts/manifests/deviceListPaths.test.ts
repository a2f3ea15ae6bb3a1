import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deviceListRoutes } from '../api/deviceRoutes';
import { validateManifests } from './validateManifests';

const lamp = (listPaths: Record<string, string>) => ({
  folder: 'plugins/device/demo-lamp',
  manifest: {
    id: 'demo-lamp',
    kind: 'device',
    version: '1.0.0',
    displayName: '演示灯杆',
    contributes: {
      brandCode: 'DEVICE_LAMPPOST',
      page: 'lamp',
      icon: 'lamp.svg',
      listPaths,
      telemetry: [{ key: 'brightness', label: '亮度', unit: '%', type: 'number' }],
      commands: [{ command: 1, label: '开灯', commandType: 'light' }],
    },
  },
});

describe("a device kind's list paths", () => {
  it('accepts the paths of declared device routes', () => {
    const { plugins, errors } = validateManifests([lamp({ child: '/monitor/child', groupList: '/led/grouplist' })]);
    expect(errors).toEqual([]);
    expect(plugins).toHaveLength(1);
  });

  it('refuses a path no device route has, naming the field and the paths it may be', () => {
    const { plugins, errors } = validateManifests([lamp({ child: '/devi/aep/children' })]);
    expect(plugins).toEqual([]);
    expect(errors.map(({ message }) => message)).toEqual([
      '插件 plugins/device/demo-lamp：/contributes/listPaths/child 必须是以下之一：/devi/aep/child、/monitor/child',
    ]);
  });

  it('offers in the manifest schema exactly the paths the web app can call through a declared route', () => {
    const schema = JSON.parse(readFileSync('schemas/contributions/device.schema.json', 'utf8')) as {
      properties: { listPaths: { properties: Record<string, { enum?: string[] }> } };
    };
    const offered = schema.properties.listPaths.properties;
    expect(Object.keys(offered).sort()).toEqual(Object.keys(deviceListRoutes).sort());
    for (const [list, paths] of Object.entries(deviceListRoutes)) {
      expect(offered[list]?.enum, list).toEqual(Object.keys(paths));
      for (const [path, route] of Object.entries(paths)) expect(route.path).toBe(path);
    }
  });
});
