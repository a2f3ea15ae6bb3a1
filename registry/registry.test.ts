import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import modules from './modules.json';
import pushEvents from './pushEvents.json';
import modulesSchema from '../schemas/registry/modules.schema.json';
import pushEventsSchema from '../schemas/registry/push-events.schema.json';
import type { DeviceContribution } from '../schemas/contributions/device.schema.gen';
import { discoverPlugins } from '../core/plugins/discoverPlugins';

const ajv = new Ajv({ allErrors: true, strict: true });

describe('registry data', () => {
  it.each([
    ['modules.json', modulesSchema, modules],
    ['pushEvents.json', pushEventsSchema, pushEvents],
  ])('%s validates against its schema', (_name, schema, data) => {
    const validate = ajv.compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });

  it('has the 13 modules of the spec, each with its platform permission', () => {
    expect(modules.modules.map((module) => module.name)).toEqual([
      'comprehensive',
      'monitoringCenter',
      'dataAnalysis',
      'alarmManage',
      'device',
      'operation',
      'securityEmergency',
      'cityManagement',
      'lawEnforcement',
      'business',
      'orthophoto',
      'team',
      'lowAltitude',
    ]);
    for (const module of modules.modules) expect(module.perms).toBe(`platform:${module.name}`);
    // Device child pages come from the device plugins, so a new kind is a new folder.
    expect(modules.modules.find((module) => module.name === 'device')).toMatchObject({ children: [], childrenFromPlugins: 'device' });
  });

  it("routes push events only to existing pages (device pages are the device plugins' pages)", () => {
    const pluginPages = discoverPlugins({ failLoudly: false })
      .plugins.filter((plugin) => plugin.manifest.kind === 'device')
      .map((plugin) => (plugin.manifest.contributes as unknown as DeviceContribution).page);
    for (const [event, route] of Object.entries(pushEvents.events) as [string, { target?: { module: string; child?: string } }][]) {
      if (!route.target) continue;
      const module = modules.modules.find((candidate) => candidate.name === route.target!.module);
      expect(module, event).toBeDefined();
      const children = module!.childrenFromPlugins === 'device' ? pluginPages : module!.children.map((child) => child.name);
      if (route.target.child) expect(children, event).toContain(route.target.child);
    }
  });
});
