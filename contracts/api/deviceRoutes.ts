/**
 * The device calls of spec section 7: lists, groups, positions, detail and control, each kind's list
 * at the paths its manifest names (`listPaths`). Access to the kind itself is checked where the
 * handler knows it (readable or controllable by the caller's menus).
 */
import { dataReply, defineRoute, messageReply, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { Number as NumberType, Unsafe } from 'typebox/type';
import { fields, id, idsOrText, MAX_ID, oneOf, paging } from './schemas';
import type { ControlLogRow, ControlResult, DeviceGroup, DeviceKindSummary, DevicePoint, DeviceRow, DeviceSystemInfo } from '../devices';

/** The device lists page up to 500 rows (a kind's whole fleet on one page of the device tables). */
export const MAX_DEVICE_PAGE_SIZE = 500;
/** The most devices or groups one command names. */
export const MAX_COMMAND_TARGETS = 2000;

const read = access.readDevices;
const control = access.controlDevices;

const deviceType = Unsafe<string>({
  type: 'string',
  minLength: 1,
  maxLength: 40,
  errorMessage: { type: '设备类型不正确', minLength: '请指定设备类型', maxLength: '设备类型不正确' },
});
const keyword = Unsafe<string>({
  type: 'string',
  maxLength: 50,
  errorMessage: { type: '搜索关键字不正确', maxLength: '搜索关键字不能超过 50 个字符' },
});
const online = oneOf('在线状态', ['0', '1'], '在线状态只能是 0 或 1');
const devicePaging = paging(20, MAX_DEVICE_PAGE_SIZE);
/** Ids as a form writes them ("1,2,3"), one id, or a JSON array of ids. */
const idList = (label: string) => idsOrText(`${label}必须是正整数或以逗号分隔的正整数`, MAX_COMMAND_TARGETS);
const code = (label: string) =>
  Unsafe<string>({ type: 'string', maxLength: 40, errorMessage: { type: `${label}必须是文字`, maxLength: `${label}过长` } });
/** A command's parameters: a JSON object, or its text (form bodies); the kind's manifest says what it may hold. */
const commandParams = Unsafe<Record<string, unknown> | string>({
  type: ['object', 'string'],
  maxLength: 8192,
  errorMessage: { type: '命令参数必须是 JSON 对象', maxLength: '命令参数过长' },
});
const coordinate = (label: string, limit: number) =>
  NumberType({
    minimum: -limit,
    maximum: limit,
    errorMessage: {
      type: `${label}必须是数字`,
      minimum: `${label}应在 -${limit} 到 ${limit} 之间`,
      maximum: `${label}应在 -${limit} 到 ${limit} 之间`,
    },
  });

const requireDeviceType = { deviceType: '请指定设备类型' } as const;
const childQuery = { deviceType, ...devicePaging, groupId: id('分组编号'), online };
const searchQuery = { deviceType, ...devicePaging, keyword, online };
const devicePage = tableReply<DeviceRow>();
const oneDevice = fields({ deviceId: id('设备编号') }, { deviceId: '请指定设备' });

export const deviceRoutes = {
  child: defineRoute({
    method: 'GET',
    path: '/devi/aep/child',
    query: fields(childQuery, requireDeviceType),
    reply: devicePage,
    access: read,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/devi/aep/search',
    query: fields(searchQuery, requireDeviceType),
    reply: devicePage,
    access: read,
  }),
  /** Cameras' lists: the kinds whose manifest names /monitor/child (the camera kind unless deviceType says another). */
  monitorChild: defineRoute({ method: 'GET', path: '/monitor/child', query: fields(childQuery), reply: devicePage, access: read }),
  monitorSearch: defineRoute({ method: 'GET', path: '/monitor/search', query: fields(searchQuery), reply: devicePage, access: read }),
  groupChild: defineRoute({
    method: 'GET',
    path: '/devi/aep/groupChild',
    query: fields({ groupId: id('分组编号'), ...devicePaging }, { groupId: '请指定分组' }),
    reply: devicePage,
    access: read,
  }),
  /** Every device of a kind with its position (one page of all of them). */
  all: defineRoute({
    method: 'GET',
    path: '/devi/aep/all',
    query: fields({ deviceType }, requireDeviceType),
    reply: dataReply<Pick<DeviceRow, 'deviceId' | 'deviceName' | 'deviceCode' | 'online' | 'longitude' | 'latitude' | 'height'>[]>(),
    access: read,
  }),
  groups: defineRoute({
    method: 'GET',
    path: '/devi/aep/groups',
    query: fields({ deviceType }, requireDeviceType),
    reply: dataReply<DeviceGroup[]>(),
    access: read,
  }),
  /** The light kind's groups (spec section 3): the kind whose manifest names this path as its `listPaths.groupList`. */
  lightGroups: defineRoute({ method: 'GET', path: '/devi/web/lightgroup/list', reply: dataReply<DeviceGroup[]>(), access: read }),
  /** The screen kind's groups, likewise. */
  screenGroups: defineRoute({ method: 'GET', path: '/led/grouplist', reply: dataReply<DeviceGroup[]>(), access: read }),
  /** Every device the caller may see, with its position, for the map's device layer. */
  positions: defineRoute({ method: 'GET', path: '/devi/aep/positions', reply: dataReply<DevicePoint[]>(), access: read }),
  summary: defineRoute({ method: 'GET', path: '/devi/aep/summary', reply: dataReply<DeviceKindSummary[]>(), access: read }),
  info: defineRoute({ method: 'GET', path: '/devi/aep/info', query: oneDevice, reply: dataReply<DeviceRow>(), access: read }),
  /** Where a device stands, corrected on the map (调整位置): a change to the device, so it needs control. */
  move: defineRoute({
    method: 'POST',
    path: '/devi/aep/position',
    body: fields(
      { deviceId: id('设备编号'), longitude: coordinate('经度', 180), latitude: coordinate('纬度', 90) },
      { deviceId: '请指定设备', longitude: '请提供经度', latitude: '请提供纬度' },
    ),
    reply: dataReply<DeviceRow>(),
    access: control,
  }),
  /** A command to devices or groups; type and command type default to the `controlDefault` kind's (the light-control page sends neither). */
  control: defineRoute({
    method: 'POST',
    path: '/device/control/execute',
    body: fields(
      {
        command: Unsafe<number>({
          type: 'integer',
          minimum: 0,
          maximum: MAX_ID,
          errorMessage: { type: '命令编号必须是非负整数', minimum: '命令编号必须是非负整数', maximum: '命令编号必须是非负整数' },
        }),
        deviceType: code('设备类型'),
        commandType: code('命令类型'),
        deviceIds: idList('设备编号'),
        groupId: idList('分组编号'),
        groupIds: idList('分组编号'),
        params: commandParams,
      },
      { command: '命令编号必须是非负整数' },
    ),
    reply: dataReply<{ results: ControlResult[] }>(),
    access: control,
  }),
  controlLog: defineRoute({
    method: 'GET',
    path: '/device/control/log',
    query: fields(devicePaging),
    reply: messageReply<{ rows: ControlLogRow[] }>(),
    access: read,
  }),
  /** Stops the broadcast on speakers or groups (the kind whose manifest declares its `stopCommand`). */
  stopPlay: defineRoute({
    method: 'POST',
    path: '/voice/stopPlay',
    body: fields({ id: idList('设备编号'), deviceIds: idList('设备编号'), groupIds: idList('分组编号'), type: code('类型') }),
    reply: dataReply<{ results: ControlResult[] }>(),
    access: control,
  }),
  /** The next order number of a device instruction: consecutive per tenant, type and day (Asia/Shanghai). */
  orderNumber: defineRoute({
    method: 'GET',
    path: '/system/order/deviceNo',
    query: fields(
      {
        deviceType,
        orderType: Unsafe<string>({
          type: 'string',
          minLength: 1,
          maxLength: 20,
          errorMessage: { type: '指令类型不正确', minLength: '请指定指令类型', maxLength: '指令类型过长' },
        }),
        playType: oneOf('playType', ['1'], 'playType 只能是 1'),
      },
      { deviceType: '请指定设备类型', orderType: '请指定指令类型' },
    ),
    reply: dataReply<string>(),
    access: control,
  }),
  /** A navigation screen's system: kinds whose manifest declares `systemInfo`. */
  systemInfo: defineRoute({
    method: 'GET',
    path: '/guide/getSystemInfo',
    query: oneDevice,
    reply: dataReply<DeviceSystemInfo>(),
    access: read,
  }),
};

/** The paths a device manifest may name as its lists (`listPaths`), with the route each one is. */
export const deviceListRoutes = {
  child: { '/devi/aep/child': deviceRoutes.child, '/monitor/child': deviceRoutes.monitorChild },
  search: { '/devi/aep/search': deviceRoutes.search, '/monitor/search': deviceRoutes.monitorSearch },
  all: { '/devi/aep/all': deviceRoutes.all },
  groupChild: { '/devi/aep/groupChild': deviceRoutes.groupChild },
  groupList: {
    '/devi/aep/groups': deviceRoutes.groups,
    '/devi/web/lightgroup/list': deviceRoutes.lightGroups,
    '/led/grouplist': deviceRoutes.screenGroups,
  },
} as const;
