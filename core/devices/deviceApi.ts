import type { HttpClient } from '../http/HttpClient';
import type { DeviceKind } from './deviceKinds';

import type { ControlResult, DeviceGroup, DeviceKindSummary, DeviceRow } from '../../contracts/devices';
import { createToken } from '../di/Token';

export type { DeviceGroup, DeviceRow };

export interface DeviceFilter {
  keyword?: string;
  online?: boolean;
  groupId?: number;
}

export interface ControlTarget {
  deviceIds?: number[];
  groupIds?: number[];
}

export interface ControlOutcome {
  msg: string;
  results: ControlResult[];
}

/** The device calls of spec section 7, on the app's HTTP client. */
export function createDeviceApi(http: HttpClient) {
  return {
    /** One page of a kind, through the kind's own list paths (search, group members or the plain list). */
    async list(
      kind: DeviceKind,
      pageNum: number,
      pageSize: number,
      filter: DeviceFilter = {},
      loading = false,
    ): Promise<{ rows: DeviceRow[]; total: number }> {
      const paths = kind.listPaths ?? {};
      const deviceType = kind.brandCode ?? kind.page;
      const onlyGroup = filter.groupId !== undefined && !filter.keyword && filter.online === undefined;
      const path = filter.keyword
        ? (paths.search ?? '/devi/aep/search')
        : onlyGroup
          ? (paths.groupChild ?? '/devi/aep/groupChild')
          : (paths.child ?? '/devi/aep/child');
      const reply = await http.get(
        path,
        {
          deviceType: onlyGroup ? undefined : deviceType,
          pageNum,
          pageSize,
          keyword: filter.keyword || undefined,
          online: filter.online === undefined ? undefined : filter.online ? 1 : 0,
          groupId: filter.keyword ? undefined : filter.groupId,
        },
        { loading },
      );
      return { rows: (reply.rows as DeviceRow[] | undefined) ?? [], total: Number(reply.total ?? 0) };
    },
    /** The kind's groups: lights and screens have their own group-list paths (spec section 3). */
    async groups(kind: DeviceKind): Promise<DeviceGroup[]> {
      const path = kind.listPaths?.groupList ?? '/devi/aep/groups';
      return ((await http.get<DeviceGroup[]>(path, { deviceType: kind.brandCode ?? kind.page }, { loading: false })).data ??
        []) as DeviceGroup[];
    },
    async summary(): Promise<DeviceKindSummary[]> {
      return ((await http.get<DeviceKindSummary[]>('/devi/aep/summary', {}, { loading: false })).data ?? []) as DeviceKindSummary[];
    },
    async info(deviceId: number): Promise<DeviceRow> {
      return (await http.get<DeviceRow>('/devi/aep/info', { deviceId }, { loading: false })).data as DeviceRow;
    },
    /** Saves where a device stands (the map's 调整位置). */
    async move(deviceId: number, longitude: number, latitude: number): Promise<{ msg: string; device: DeviceRow }> {
      const reply = await http.post<DeviceRow>('/devi/aep/position', { deviceId, longitude, latitude });
      return { msg: reply.msg ?? '', device: reply.data as DeviceRow };
    },
    async control(
      deviceType: string,
      commandType: string,
      command: number,
      target: ControlTarget,
      params?: Record<string, unknown>,
    ): Promise<ControlOutcome> {
      const reply = await http.post('/device/control/execute', {
        command,
        deviceType,
        commandType,
        deviceIds: target.deviceIds?.join(','),
        groupIds: target.groupIds?.join(','),
        params: params && Object.keys(params).length ? JSON.stringify(params) : undefined,
      });
      return { msg: reply.msg ?? '', results: (reply.data as { results?: ControlOutcome['results'] } | undefined)?.results ?? [] };
    },
  };
}

export type DeviceApi = ReturnType<typeof createDeviceApi>;

/** How a control result is shown: green when every device did it, amber when some did not. */
export const outcomeIntent = (outcome: ControlOutcome): 'success' | 'warning' =>
  outcome.results.every((result) => result.success) ? 'success' : 'warning';

export const DeviceApi = createToken<DeviceApi>('DeviceApi', '设备列表、分组、详情与控制接口');
