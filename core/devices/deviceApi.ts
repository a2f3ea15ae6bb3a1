import type { HttpClient } from '../http/HttpClient';
import type { DeviceKind } from './deviceKinds';

import type { ControlResult, DeviceGroup, DeviceKindSummary, DeviceRow } from '../../contracts/devices';
import { createToken } from '../di/Token';
import { createApiCaller } from '../http/ApiCaller';
import { deviceListRoutes, deviceRoutes } from '../../contracts/api/deviceRoutes';

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

/** The device calls of spec section 7 (contracts/api/deviceRoutes.ts), on the device side's HTTP client. */
export function createDeviceApi(http: HttpClient) {
  const api = createApiCaller(http);
  const quiet = { loading: false };
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
      const online = filter.online === undefined ? undefined : filter.online ? '1' : '0';
      const onlyGroup = filter.groupId !== undefined && !filter.keyword && filter.online === undefined;
      const reply = filter.keyword
        ? await api.call(
            deviceListRoutes.search[paths.search ?? deviceRoutes.search.path],
            {
              query: { deviceType, pageNum, pageSize, keyword: filter.keyword, online },
            },
            { loading },
          )
        : onlyGroup && filter.groupId !== undefined
          ? await api.call(
              deviceListRoutes.groupChild[paths.groupChild ?? deviceRoutes.groupChild.path],
              {
                query: { groupId: filter.groupId, pageNum, pageSize },
              },
              { loading },
            )
          : await api.call(
              deviceListRoutes.child[paths.child ?? deviceRoutes.child.path],
              {
                query: { deviceType, pageNum, pageSize, online, groupId: filter.groupId },
              },
              { loading },
            );
      return { rows: reply.rows ?? [], total: Number(reply.total ?? 0) };
    },
    /** The kind's groups: lights and screens have their own group-list paths (spec section 3). */
    async groups(kind: DeviceKind): Promise<DeviceGroup[]> {
      const deviceType = kind.brandCode ?? kind.page;
      const path = kind.listPaths?.groupList ?? deviceRoutes.groups.path;
      const reply =
        path === deviceRoutes.groups.path
          ? await api.call(deviceRoutes.groups, { query: { deviceType } }, quiet)
          : await api.call(deviceListRoutes.groupList[path], {}, quiet);
      return reply.data ?? [];
    },
    async summary(): Promise<DeviceKindSummary[]> {
      return (await api.call(deviceRoutes.summary, {}, quiet)).data ?? [];
    },
    async info(deviceId: number): Promise<DeviceRow> {
      return (await api.call(deviceRoutes.info, { query: { deviceId } }, quiet)).data;
    },
    /** Saves where a device stands (the map's 调整位置). */
    async move(deviceId: number, longitude: number, latitude: number): Promise<{ msg: string; device: DeviceRow }> {
      const reply = await api.call(deviceRoutes.move, { body: { deviceId, longitude, latitude } });
      return { msg: reply.msg ?? '', device: reply.data };
    },
    async control(
      deviceType: string,
      commandType: string,
      command: number,
      target: ControlTarget,
      params?: Record<string, unknown>,
    ): Promise<ControlOutcome> {
      const reply = await api.call(deviceRoutes.control, {
        body: {
          command,
          deviceType,
          commandType,
          deviceIds: target.deviceIds?.join(','),
          groupIds: target.groupIds?.join(','),
          params: params && Object.keys(params).length ? JSON.stringify(params) : undefined,
        },
      });
      return { msg: reply.msg ?? '', results: reply.data?.results ?? [] };
    },
  };
}

export type DeviceApi = ReturnType<typeof createDeviceApi>;

/** How a control result is shown: green when every device did it, amber when some did not. */
export const outcomeIntent = (outcome: ControlOutcome): 'success' | 'warning' =>
  outcome.results.every((result) => result.success) ? 'success' : 'warning';

export const DeviceApi = createToken<DeviceApi>('DeviceApi', '设备列表、分组、详情与控制接口');
