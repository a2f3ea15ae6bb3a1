import { describe, expect, it } from 'vitest';
import moduleTree from '../../registry/modules.json';
import pushEvents from '../../registry/pushEvents.json';
import type { DeviceContribution } from '../../schemas/contributions/device.schema.gen';
import type { AlarmContribution } from '../../schemas/contributions/alarm.schema.gen';
import { discoverPlugins } from './discoverPlugins';

describe('alarm type plugins', () => {
  const alarms = discoverPlugins({ failLoudly: false })
    .plugins.filter((plugin) => plugin.manifest.kind === 'alarm')
    .map((plugin) => plugin.manifest.contributes as unknown as AlarmContribution);

  it('are about 45 data-only types with unique codes', () => {
    expect(alarms.length).toBeGreaterThanOrEqual(45);
    expect(new Set(alarms.map((alarm) => alarm.code)).size).toBe(alarms.length);
  });

  it('target pages that exist', () => {
    const devicePages = discoverPlugins({ failLoudly: false })
      .plugins.filter((plugin) => plugin.manifest.kind === 'device')
      .map((plugin) => (plugin.manifest.contributes as unknown as DeviceContribution).page);
    for (const alarm of alarms) {
      const module = moduleTree.modules.find((candidate) => candidate.name === alarm.targetPage?.module);
      expect(module, alarm.code).toBeDefined();
      const child = alarm.targetPage?.child;
      if (child) expect(module!.name === 'device' ? devicePages : module!.children.map((entry) => entry.name), alarm.code).toContain(child);
    }
  });

  it('cover every alarm type the push routing names', () => {
    const codes = new Set(alarms.map((alarm) => alarm.code));
    for (const [event, route] of Object.entries(pushEvents.events) as [string, { alarmType?: string }][]) {
      if (route.alarmType) expect(codes.has(route.alarmType), `${event} → ${route.alarmType}`).toBe(true);
    }
  });
});
