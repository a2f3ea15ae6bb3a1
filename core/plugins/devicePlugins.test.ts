import { describe, expect, it } from 'vitest';
import { SPEC_DEVICE_PAGES } from '../../registry/specDevicePages';
import devicePages from '../../registry/devicePages.json';
import type { DeviceContribution } from '../../schemas/contributions/device.schema.gen';
import { discoverPlugins } from './discoverPlugins';

// The real plugins/ tree: every device page of the spec is one valid plugin folder.
describe('device plugins', () => {
  const catalog = discoverPlugins({ failLoudly: false });
  const devices = catalog.plugins.filter((plugin) => plugin.manifest.kind === 'device');

  it('are all valid', () => {
    expect(catalog.errors).toEqual([]);
  });

  it('cover every device child page exactly once', () => {
    const pages = devices.map((plugin) => (plugin.manifest.contributes as unknown as DeviceContribution).page).sort();
    expect(pages).toEqual([...SPEC_DEVICE_PAGES].sort());
  });

  it('agree with the device type → page map of the registry', () => {
    for (const plugin of devices) {
      const contribution = plugin.manifest.contributes as unknown as DeviceContribution;
      for (const code of [contribution.brandCode, ...(contribution.deviceTypes ?? [])]) {
        if (code) expect((devicePages.pages as Record<string, string>)[code], `${plugin.fullId} ${code}`).toBe(contribution.page);
      }
    }
  });

  it('declare each command once, with effects only on declared state', () => {
    for (const plugin of devices) {
      const contribution = plugin.manifest.contributes as unknown as DeviceContribution;
      const numbers = (contribution.commands ?? []).map((command) => command.command);
      expect(new Set(numbers).size, plugin.fullId).toBe(numbers.length);
      for (const command of contribution.commands ?? []) {
        for (const key of Object.keys(command.effect ?? {})) expect(contribution.state, `${plugin.fullId} ${command.label} → ${key}`).toHaveProperty(key);
      }
    }
  });
});
