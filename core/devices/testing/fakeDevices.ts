import type { DeviceKindGrants } from '../../../contracts/devices';
import type { DeviceContribution } from '../../../schemas/contributions/device.schema.gen';
import { useSessionStore } from '../../session/sessionStore';
import type { DeviceApi, DeviceGroup, DeviceRow } from '../deviceApi';
import type { DeviceKind } from '../deviceKinds';

// Every device plugin's manifest, for stories and tests that show real catalogue data.
const manifests = import.meta.glob<{ id: string; displayName: string; contributes: DeviceContribution }>('/plugins/device/*/plugin.json', {
  eager: true,
  import: 'default',
});

export const allDeviceKinds: DeviceKind[] = Object.values(manifests).map((manifest) => ({
  ...manifest.contributes,
  pluginId: `device:${manifest.id}`,
  displayName: manifest.displayName,
}));

export function deviceKind(page: string): DeviceKind {
  const kind = allDeviceKinds.find((candidate) => candidate.page === page);
  if (!kind) throw new Error(`没有设备类型 ${page}`);
  return kind;
}

/** Plausible rows of a kind: telemetry at the middle of each range, every seventh device offline. */
export function fakeRows(kind: DeviceKind, count: number): DeviceRow[] {
  return Array.from({ length: count }, (_, index) => ({
    deviceId: index + 1,
    deviceName: `江南大道${kind.displayName}-${String(index + 1).padStart(3, '0')}`,
    deviceCode: `${kind.page.toUpperCase().slice(0, 6)}-1-${String(index + 1).padStart(6, '0')}`,
    deviceType: kind.brandCode ?? kind.page,
    kind: kind.page,
    online: index % 7 !== 3,
    longitude: 120.21 + index * 1e-5,
    latitude: 30.2 + index * 1e-5,
    height: 10,
    telemetry: Object.fromEntries(
      (kind.telemetry ?? []).map((field) => [
        field.key,
        field.type === 'number' ? ((field.min ?? 0) + (field.max ?? 100)) / 2 : (field.options?.[0] ?? ''),
      ]),
    ),
    state: { ...(kind.state ?? {}) },
    updateTime: Date.UTC(2026, 10, 22, 8, 0, 0),
  }));
}

/** An in-memory DeviceApi over fake rows; control applies command effects like the simulator. */
export function fakeDeviceApi(kind: DeviceKind, rows: DeviceRow[], groups: DeviceGroup[] = []): DeviceApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async list(_kind, pageNum, pageSize, filter = {}) {
      calls.push(`list ${pageNum}`);
      const matching = rows.filter(
        (row) =>
          (!filter.keyword || row.deviceName.includes(filter.keyword)) && (filter.online === undefined || row.online === filter.online),
      );
      return { rows: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: matching.length };
    },
    async groups() {
      return groups;
    },
    async summary() {
      return [{ kind: kind.page, total: rows.length, online: rows.filter((row) => row.online).length }];
    },
    async info(deviceId) {
      const row = rows.find((candidate) => candidate.deviceId === deviceId);
      if (!row) throw new Error(`设备不存在：${deviceId}`);
      return row;
    },
    async move(deviceId, longitude, latitude) {
      calls.push(`move ${deviceId} ${longitude} ${latitude}`);
      const row = rows.find((candidate) => candidate.deviceId === deviceId);
      if (!row) throw new Error(`设备不存在：${deviceId}`);
      Object.assign(row, { longitude, latitude });
      return { msg: '位置已保存', device: row };
    },
    async control(_deviceType, _commandType, command, target, params = {}) {
      calls.push(`control ${command} ${JSON.stringify(target)}`);
      const effect = kind.commands?.find((candidate) => candidate.command === command)?.effect ?? {};
      const results = rows
        .filter((row) => target.deviceIds?.includes(row.deviceId))
        .map((row) => {
          if (!row.online) return { deviceId: row.deviceId, deviceName: row.deviceName, success: false, message: '设备离线，命令未执行' };
          for (const [key, value] of Object.entries(effect))
            row.state[key] = typeof value === 'string' && value.startsWith('$') ? params[value.slice(1)] : value;
          return { deviceId: row.deviceId, deviceName: row.deviceName, success: true, message: '执行成功', state: { ...row.state } };
        });
      return { msg: `${results.filter((result) => result.success).length} 台设备执行成功`, results };
    },
  };
}

/**
 * Sets the signed-in user's device grants (what `GET /getInfo` gives at sign-in), e.g. in a story's
 * `beforeEach`; returns the cleanup that puts the previous grants back.
 */
export function setDeviceGrants(grants: DeviceKindGrants | null): () => void {
  const previous = useSessionStore.getState().deviceGrants;
  useSessionStore.setState({ deviceGrants: grants });
  return () => useSessionStore.setState({ deviceGrants: previous });
}
