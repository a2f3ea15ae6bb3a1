import Ajv from 'ajv';
import { SPEC_DEVICE_PAGES } from './specDevicePages';
import { describe, expect, it } from 'vitest';
import modules from './modules.json';
import devicePages from './devicePages.json';
import pushEvents from './pushEvents.json';
import modulesSchema from '../schemas/registry/modules.schema.json';
import devicePagesSchema from '../schemas/registry/device-pages.schema.json';
import pushEventsSchema from '../schemas/registry/push-events.schema.json';
import type { DeviceContribution } from '../schemas/contributions/device.schema.gen';
import { discoverPlugins } from '../core/plugins/discoverPlugins';

const ajv = new Ajv({ allErrors: true, strict: true });

describe('registry data', () => {
  it.each([
    ['modules.json', modulesSchema, modules],
    ['devicePages.json', devicePagesSchema, devicePages],
    ['pushEvents.json', pushEventsSchema, pushEvents],
  ])('%s validates against its schema', (_name, schema, data) => {
    const validate = ajv.compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });

  it('has the 13 modules of the spec, each with its platform permission', () => {
    expect(modules.modules.map((module) => module.name)).toEqual([
      'comprehensive', 'monitoringCenter', 'dataAnalysis', 'alarmManage', 'device', 'operation', 'securityEmergency',
      'cityManagement', 'lawEnforcement', 'business', 'orthophoto', 'team', 'lowAltitude',
    ]);
    for (const module of modules.modules) expect(module.perms).toBe(`platform:${module.name}`);
    // Device child pages come from the device plugins, so a new kind is a new folder.
    expect(modules.modules.find((module) => module.name === 'device')).toMatchObject({ children: [], childrenFromPlugins: 'device' });
  });

  it('maps every device type to a device page of the spec', () => {
    for (const [code, page] of Object.entries(devicePages.pages)) expect(SPEC_DEVICE_PAGES, `${code} → ${page}`).toContain(page);
  });

  it('maps every device type to a child page of module device, i.e. the page of a device plugin', () => {
    // modules.json leaves the device children to the device plugins (childrenFromPlugins), so the
    // child pages of module `device` are the pages the valid device plugins contribute.
    const deviceModule = modules.modules.find((module) => module.name === 'device')!;
    const pluginPages = discoverPlugins({ failLoudly: false })
      .plugins.filter((plugin) => plugin.manifest.kind === 'device')
      .map((plugin) => (plugin.manifest.contributes as unknown as DeviceContribution).page);
    const childPages = new Set([...deviceModule.children.map((child) => child.name), ...pluginPages]);
    for (const [code, page] of Object.entries(devicePages.pages)) expect(childPages.has(page), `${code} → ${page}`).toBe(true);
  });

  it('routes push events only to existing pages', () => {
    for (const [event, route] of Object.entries(pushEvents.events) as [string, { target?: { module: string; child?: string } }][]) {
      if (!route.target) continue;
      const module = modules.modules.find((candidate) => candidate.name === route.target!.module);
      expect(module, event).toBeDefined();
      const children = module!.name === 'device' ? SPEC_DEVICE_PAGES : module!.children.map((child) => child.name);
      if (route.target.child) expect(children, event).toContain(route.target.child);
    }
  });
});
