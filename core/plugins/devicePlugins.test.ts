import { describe, expect, it } from 'vitest';
import { SPEC_DEVICE_PAGES } from '../../registry/specDevicePages';
import type { DeviceContribution } from '../../schemas/contributions/device.schema.gen';
import { discoverPlugins } from './discoverPlugins';

// The real plugins/ tree: every device page of the spec is one valid plugin folder.
describe('device plugins', () => {
  const catalog = discoverPlugins({ failLoudly: false });
  const devices = catalog.plugins.filter((plugin) => plugin.manifest.kind === 'device');

  it('are all valid', () => {
    expect(catalog.errors).toEqual([]);
  });

  // A new kind is a new folder: more kinds than the spec lists are fine, none of the spec's may be missing.
  it('cover every device child page of the spec, each page once', () => {
    const pages = devices.map((plugin) => (plugin.manifest.contributes as unknown as DeviceContribution).page);
    expect(new Set(pages).size).toBe(pages.length);
    for (const page of SPEC_DEVICE_PAGES) expect(pages, page).toContain(page);
  });

  // The device type → page map is the plugins' own brand and type codes; none may name two kinds.
  it('give each device type code (brand code or extra type code) to one kind only', () => {
    const owner = new Map<string, string>();
    for (const plugin of devices) {
      const contribution = plugin.manifest.contributes as unknown as DeviceContribution;
      for (const code of [contribution.brandCode, ...(contribution.deviceTypes ?? [])].filter((code): code is string => Boolean(code))) {
        expect(owner.get(code), `${code}: ${owner.get(code)} and ${plugin.fullId}`).toBeUndefined();
        owner.set(code, plugin.fullId);
      }
    }
  });

  it('declare each command once, with effects only on declared state', () => {
    for (const plugin of devices) {
      const contribution = plugin.manifest.contributes as unknown as DeviceContribution;
      const numbers = (contribution.commands ?? []).map((command) => command.command);
      expect(new Set(numbers).size, plugin.fullId).toBe(numbers.length);
      for (const command of contribution.commands ?? []) {
        for (const key of Object.keys(command.effect ?? {}))
          expect(contribution.state, `${plugin.fullId} ${command.label} → ${key}`).toHaveProperty(key);
      }
    }
  });
});
