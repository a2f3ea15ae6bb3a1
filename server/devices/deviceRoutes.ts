import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, ok } from '../envelope';
import type { DeviceService } from './DeviceService';
import type { ServerContext } from '../ServerContext';
import { access } from '../access/RouteAccess';
import type { UserAccess } from '../access/UserAccess';
import { checkJsonShape } from '../validation';
import { shanghaiDay, type OrderCounters } from '../workOrders/OrderCounters';

const MAX_PAGE_SIZE = 500;

const pageQuery = {
  pageNum: {
    type: 'integer',
    minimum: 1,
    maximum: 1_000_000,
    default: 1,
    errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数', maximum: '页码过大' },
  },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: 20,
    errorMessage: { type: '每页条数必须是正整数', minimum: '每页条数必须是正整数', maximum: `每页条数不能超过 ${MAX_PAGE_SIZE}` },
  },
};
const deviceTypeField = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  errorMessage: { type: '设备类型不正确', minLength: '请指定设备类型', maxLength: '设备类型不正确' },
};
const keywordField = {
  type: 'string',
  maxLength: 50,
  errorMessage: { type: '搜索关键字不正确', maxLength: '搜索关键字不能超过 50 个字符' },
};
const idField = (label: string) => ({
  type: 'integer',
  minimum: 1,
  maximum: 2147483647,
  errorMessage: { type: `${label}必须是正整数`, minimum: `${label}必须是正整数`, maximum: `${label}必须是正整数` },
});
const onlineField = { type: 'string', enum: ['0', '1'], errorMessage: { type: '在线状态只能是 0 或 1', enum: '在线状态只能是 0 或 1' } };
/** Ids as a form writes them ("1,2,3"), one id, or a JSON array of ids. */
const idListField = (label: string) => ({
  type: ['string', 'integer', 'array'],
  pattern: '^\\s*(\\d{1,10}(\\s*,\\s*\\d{1,10})*)?\\s*$',
  maxLength: 22_000,
  minimum: 1,
  maximum: 2147483647,
  maxItems: 2000,
  items: { type: 'integer', minimum: 1, maximum: 2147483647 },
  errorMessage: `${label}必须是正整数或以逗号分隔的正整数`,
});
const codeField = (label: string) => ({
  type: 'string',
  maxLength: 40,
  errorMessage: { type: `${label}必须是文字`, maxLength: `${label}过长` },
});
/** A command's parameters: a JSON object, or its text (form bodies); the kind's manifest says what it may hold. */
const paramsField = {
  type: ['object', 'string'],
  maxLength: 8192,
  errorMessage: { type: '命令参数必须是 JSON 对象', maxLength: '命令参数过长' },
};

const controlSchema = {
  body: {
    type: 'object',
    properties: {
      command: {
        type: 'integer',
        minimum: 0,
        maximum: 2147483647,
        errorMessage: { type: '命令编号必须是非负整数', minimum: '命令编号必须是非负整数', maximum: '命令编号必须是非负整数' },
      },
      deviceType: codeField('设备类型'),
      commandType: codeField('命令类型'),
      deviceIds: idListField('设备编号'),
      groupId: idListField('分组编号'),
      groupIds: idListField('分组编号'),
      params: paramsField,
    },
    required: ['command'],
    errorMessage: { type: '请求参数格式不正确', required: { command: '命令编号必须是非负整数' } },
  },
};

const stopPlaySchema = {
  body: {
    type: 'object',
    properties: {
      id: idListField('设备编号'),
      deviceIds: idListField('设备编号'),
      groupIds: idListField('分组编号'),
      type: codeField('类型'),
    },
    errorMessage: { type: '请求参数格式不正确' },
  },
};

const listSchema = (required: Record<string, string>, extra: Record<string, object> = {}) => ({
  querystring: {
    type: 'object',
    properties: { deviceType: deviceTypeField, ...pageQuery, ...extra },
    required: Object.keys(required),
    errorMessage: { required },
  },
});

interface ListParams {
  deviceType?: string;
  pageNum: number;
  pageSize: number;
  keyword?: string;
  groupId?: number;
  online?: '0' | '1';
}

/** Parses "1,2,3", repeated fields or a single number into positive integer ids. */
export function parseIdList(value: unknown, label: string): number[] {
  if (value === undefined || value === null || value === '') return [];
  const parts = (Array.isArray(value) ? value : [value])
    .flatMap((item) => String(item).split(','))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.map((part) => {
    if (!/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > 2147483647) throw badRequest(`${label}不正确：${part.slice(0, 20)}`);
    return Number(part);
  });
}

/** A command's parameters as an object: given as one (JSON body) or as its JSON text (form body), checked before use. */
function parseParams(value: unknown): Record<string, unknown> {
  if (value === undefined || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw badRequest('命令参数必须是 JSON 对象');
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('命令参数必须是 JSON 对象');
  checkJsonShape(parsed, (path) => `命令参数 ${path} 不正确`);
  return parsed as Record<string, unknown>;
}

/** Device lists (spec section 7 paths), groups, detail and control, scoped to the active tenant and to the kinds the caller's menus open. */
export async function deviceRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  devices: DeviceService,
  counters: OrderCounters,
): Promise<void> {
  const read = { access: access.readDevices };
  const control = { access: access.controlDevices };
  const accessOf = (request: FastifyRequest): UserAccess => request.access!;
  /** The kind a list asks for, refused unless the caller may read it. */
  const readableKind = (request: FastifyRequest, deviceType: string) => {
    const kind = devices.kindOf(deviceType);
    accessOf(request).requireKind(kind, 'read');
    return kind;
  };
  /** The kinds the caller may read as a SQL filter: undefined when all of them. */
  const readableKinds = (request: FastifyRequest): string[] | undefined => {
    const kinds = accessOf(request).deviceKinds('read');
    return kinds === 'all' ? undefined : [...kinds];
  };

  /** A list page's answer, written as JSON text by the service (Fastify sends a JSON-typed string as it is). */
  const sendPage = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

  const list =
    (camerasOnly = false) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as ListParams;
      const kind = readableKind(request, query.deviceType ?? (camerasOnly ? devices.defaultMonitorKind() : ''));
      // /monitor/* lists the kinds that declare it as their list path (cameras, fire cameras).
      if (camerasOnly && kind.listPaths?.child !== '/monitor/child') throw badRequest(`${kind.displayName}不能通过监控列表查询`);
      const keyword = query.keyword?.trim();
      const body = await devices.listPage({
        tenantId: request.session!.tenantId,
        kind,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        ...(keyword ? { keyword } : {}),
        ...(query.groupId !== undefined ? { groupId: query.groupId } : {}),
        ...(query.online !== undefined ? { online: query.online === '1' } : {}),
      });
      return sendPage(reply, body);
    };
  const requireDeviceType = { deviceType: '请指定设备类型' };

  api.get(
    '/devi/aep/child',
    { config: read, schema: listSchema(requireDeviceType, { groupId: idField('分组编号'), online: onlineField }) },
    list(),
  );
  api.get(
    '/devi/aep/search',
    { config: read, schema: listSchema(requireDeviceType, { keyword: keywordField, online: onlineField }) },
    list(),
  );
  api.get('/monitor/child', { config: read, schema: listSchema({}, { groupId: idField('分组编号'), online: onlineField }) }, list(true));
  api.get('/monitor/search', { config: read, schema: listSchema({}, { keyword: keywordField, online: onlineField }) }, list(true));

  api.get('/devi/aep/all', { config: read, schema: listSchema(requireDeviceType) }, async (request) => {
    const query = request.query as ListParams;
    const kind = readableKind(request, query.deviceType ?? '');
    const { rows } = await devices.list({ tenantId: request.session!.tenantId, kind, pageNum: 1, pageSize: 100_000 });
    return ok(
      rows.map(({ deviceId, deviceName, deviceCode, online, longitude, latitude, height }) => ({
        deviceId,
        deviceName,
        deviceCode,
        online,
        longitude,
        latitude,
        height,
      })),
    );
  });

  api.get(
    '/devi/aep/groupChild',
    {
      config: read,
      schema: {
        querystring: {
          type: 'object',
          properties: { groupId: idField('分组编号'), ...pageQuery },
          required: ['groupId'],
          errorMessage: { required: { groupId: '请指定分组' } },
        },
      },
    },
    async (request, reply) => {
      const query = request.query as ListParams & { groupId: number };
      const group = await devices.group(request.session!.tenantId, query.groupId);
      const kind = readableKind(request, group.kind);
      return sendPage(
        reply,
        await devices.listPage({
          tenantId: request.session!.tenantId,
          kind,
          pageNum: query.pageNum,
          pageSize: query.pageSize,
          groupId: group.group_id,
        }),
      );
    },
  );

  api.get('/devi/aep/groups', { config: read, schema: listSchema(requireDeviceType) }, async (request) =>
    ok(await devices.groups(request.session!.tenantId, readableKind(request, (request.query as { deviceType?: string }).deviceType ?? ''))),
  );
  // Spec paths that list one kind's groups: the kind is the one whose manifest names the path as its `listPaths.groupList`.
  for (const path of ['/devi/web/lightgroup/list', '/led/grouplist']) {
    api.get(path, { config: read }, async (request) => {
      const kind = devices.groupListKind(path);
      accessOf(request).requireKind(kind, 'read');
      return ok(await devices.groups(request.session!.tenantId, kind));
    });
  }

  // Every device of the tenant the caller may see, with its position, for the map's device layer.
  api.get('/devi/aep/positions', { config: read }, async (request) =>
    ok(await devices.positions(request.session!.tenantId, readableKinds(request))),
  );

  api.get('/devi/aep/summary', { config: read }, async (request) =>
    ok(await devices.summary(request.session!.tenantId, readableKinds(request))),
  );

  /** A device of the tenant whose kind the caller may read or control (another tenant's: not found). */
  const deviceFor = async (request: FastifyRequest, deviceId: number, action: 'read' | 'control') => {
    const device = await devices.device(request.session!.tenantId, deviceId);
    accessOf(request).requireKind(devices.kindOf(device.kind), action);
    return device;
  };

  api.get(
    '/devi/aep/info',
    {
      config: read,
      schema: {
        querystring: {
          type: 'object',
          properties: { deviceId: idField('设备编号') },
          required: ['deviceId'],
          errorMessage: { required: { deviceId: '请指定设备' } },
        },
      },
    },
    async (request) => ok(await deviceFor(request, (request.query as { deviceId: number }).deviceId, 'read')),
  );

  // An operator corrects where a device stands by dragging it on the map (the map's 调整位置): a change to the device, so it needs control.
  api.post(
    '/devi/aep/position',
    {
      config: control,
      schema: {
        body: {
          type: 'object',
          properties: {
            deviceId: idField('设备编号'),
            longitude: {
              type: 'number',
              minimum: -180,
              maximum: 180,
              errorMessage: { type: '经度必须是数字', minimum: '经度应在 -180 到 180 之间', maximum: '经度应在 -180 到 180 之间' },
            },
            latitude: {
              type: 'number',
              minimum: -90,
              maximum: 90,
              errorMessage: { type: '纬度必须是数字', minimum: '纬度应在 -90 到 90 之间', maximum: '纬度应在 -90 到 90 之间' },
            },
          },
          required: ['deviceId', 'longitude', 'latitude'],
          errorMessage: {
            type: '请求参数格式不正确',
            required: { deviceId: '请指定设备', longitude: '请提供经度', latitude: '请提供纬度' },
          },
        },
      },
    },
    async (request) => {
      const { deviceId, longitude, latitude } = request.body as { deviceId: number; longitude: number; latitude: number };
      await deviceFor(request, deviceId, 'control');
      return ok(
        await devices.move(request.session!.tenantId, deviceId, Number(longitude.toFixed(8)), Number(latitude.toFixed(8))),
        {},
        '位置已保存',
      );
    },
  );

  api.post('/device/control/execute', { config: control, schema: controlSchema }, async (request) => {
    const body = request.body as Record<string, unknown>;
    // Left out, they are the `controlDefault` kind's (the light-control page's RuoYi calls send neither).
    const defaults = devices.controlDefaults();
    const deviceType = body.deviceType === undefined || body.deviceType === '' ? defaults.deviceType : (body.deviceType as string);
    const commandType = body.commandType === undefined || body.commandType === '' ? defaults.commandType : (body.commandType as string);
    const deviceIds = parseIdList(body.deviceIds, '设备编号');
    const groupIds = [...parseIdList(body.groupId, '分组编号'), ...parseIdList(body.groupIds, '分组编号')];
    const params = parseParams(body.params);
    // A kind the caller may not control is refused before anything is recorded; an unknown one is
    // refused (and recorded) by the service like any other bad command.
    const kind = devices.findKind(deviceType);
    if (kind) accessOf(request).requireKind(kind, 'control');
    const { results, message } = await devices.control({
      tenantId: request.session!.tenantId,
      userId: request.session!.userId,
      deviceType,
      commandType,
      command: body.command as number,
      deviceIds,
      groupIds,
      params,
    });
    return ok({ results }, {}, message);
  });

  api.get(
    '/device/control/log',
    { config: read, schema: { querystring: { type: 'object', properties: { ...pageQuery } } } },
    async (request) => {
      const query = request.query as { pageNum: number; pageSize: number };
      return {
        code: 200,
        msg: '查询成功',
        rows: await devices.controlLog(request.session!.tenantId, readableKinds(request), query.pageNum, query.pageSize),
      };
    },
  );

  api.post('/voice/stopPlay', { config: control, schema: stopPlaySchema }, async (request) => {
    const body = request.body as Record<string, unknown>;
    const deviceIds = [...parseIdList(body.deviceIds, '设备编号'), ...parseIdList(body.id, '设备编号')];
    const groupIds = parseIdList(body.groupIds, '分组编号');
    // The broadcast kind is the one whose manifest declares its `stopCommand`.
    const { kind, command } = devices.stopPlay();
    accessOf(request).requireKind(kind, 'control');
    const { results, message } = await devices.control({
      tenantId: request.session!.tenantId,
      userId: request.session!.userId,
      deviceType: kind.brandCode ?? kind.page,
      commandType: command.commandType,
      command: command.command,
      deviceIds,
      groupIds,
      params: {},
    });
    return ok({ results }, {}, message);
  });

  api.get(
    '/system/order/deviceNo',
    {
      config: control,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            deviceType: deviceTypeField,
            orderType: {
              type: 'string',
              minLength: 1,
              maxLength: 20,
              errorMessage: { type: '指令类型不正确', minLength: '请指定指令类型', maxLength: '指令类型过长' },
            },
            playType: { type: 'string', enum: ['1'], errorMessage: { type: 'playType 只能是 1', enum: 'playType 只能是 1' } },
          },
          required: ['deviceType', 'orderType'],
          errorMessage: { required: { deviceType: '请指定设备类型', orderType: '请指定指令类型' } },
        },
      },
    },
    async (request) => {
      const query = request.query as { deviceType: string; orderType: string };
      const kind = devices.kindOf(query.deviceType);
      accessOf(request).requireKind(kind, 'control');
      // Consecutive per tenant, type and day (Asia/Shanghai), from a counter row: no gap, no duplicate, on any instance.
      const type = `${kind.page.toUpperCase().slice(0, 4)}-${query.orderType.toUpperCase()}`;
      const day = shanghaiDay(ctx.now());
      const number = await counters.next(request.session!.tenantId, `device:${type}`, day);
      return ok(`${type}-${day}-${String(number).padStart(5, '0')}`);
    },
  );

  api.get(
    '/guide/getSystemInfo',
    {
      config: read,
      schema: {
        querystring: {
          type: 'object',
          properties: { deviceId: idField('设备编号') },
          required: ['deviceId'],
          errorMessage: { required: { deviceId: '请指定设备' } },
        },
      },
    },
    async (request) => {
      const device = await deviceFor(request, (request.query as { deviceId: number }).deviceId, 'read');
      // Kinds whose manifest declares `systemInfo` (navigation screens) answer with it.
      const { systemInfo } = devices.kindOf(device.kind);
      if (!systemInfo) throw new AppError(400, `设备 ${device.deviceName} 不是导览屏`);
      return ok({
        deviceId: device.deviceId,
        deviceName: device.deviceName,
        model: systemInfo.model,
        resolution: systemInfo.resolution,
        firmware: systemInfo.firmware,
        online: device.online,
        power: device.state.power ?? 'on',
        temperature: device.telemetry.temperature,
        updateTime: device.updateTime,
      });
    },
  );
}
