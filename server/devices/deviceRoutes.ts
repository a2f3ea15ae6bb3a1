import type { FastifyInstance, FastifyReply } from 'fastify';
import { deviceRoutes as declared } from '../../contracts/api/deviceRoutes';
import { MAX_ID } from '../../contracts/api/schemas';
import { AppError, badRequest, ok } from '../envelope';
import type { DeviceService } from './DeviceService';
import type { ServerContext } from '../ServerContext';
import { accessOf, sessionOf } from '../http/sessionOf';
import { route } from '../http/registerRoute';
import type { UserAccess } from '../access/UserAccess';
import { checkJsonShape } from '../validation';
import { shanghaiDay, type OrderCounters } from '../workOrders/OrderCounters';

/** Parses "1,2,3", repeated fields or a single number into positive integer ids. */
export function parseIdList(value: unknown, label: string): number[] {
  if (value === undefined || value === null || value === '') return [];
  const parts = (Array.isArray(value) ? value : [value])
    .flatMap((item) => String(item).split(','))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.map((part) => {
    if (!/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > MAX_ID) throw badRequest(`${label}不正确：${part.slice(0, 20)}`);
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

/** Device lists (spec section 7 paths), groups, detail and control (contracts/api/deviceRoutes.ts), scoped to the active tenant and to the kinds the caller's menus open. */
export async function deviceRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  devices: DeviceService,
  counters: OrderCounters,
): Promise<void> {
  type Caller = { access?: UserAccess };
  /** The kind a list asks for, refused unless the caller may read it. */
  const readableKind = (request: Caller, deviceType: string) => {
    const kind = devices.kindOf(deviceType);
    accessOf(request).requireKind(kind, 'read');
    return kind;
  };
  /** The kinds the caller may read as a SQL filter: undefined when all of them. */
  const readableKinds = (request: Caller): string[] | undefined => {
    const kinds = accessOf(request).deviceKinds('read');
    return kinds === 'all' ? undefined : [...kinds];
  };

  /** A list page's answer, written as JSON text by the service (Fastify sends a JSON-typed string as it is). */
  const sendPage = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

  interface ListQuery {
    deviceType?: string;
    pageNum: number;
    pageSize: number;
    keyword?: string;
    groupId?: number;
    online?: '0' | '1';
  }
  const listPage = async (tenantId: number, caller: Caller, query: ListQuery, reply: FastifyReply, camerasOnly: boolean) => {
    const kind = readableKind(caller, query.deviceType ?? (camerasOnly ? devices.defaultMonitorKind() : ''));
    // /monitor/* lists the kinds that declare it as their list path (cameras, fire cameras).
    if (camerasOnly && kind.listPaths?.child !== declared.monitorChild.path) throw badRequest(`${kind.displayName}不能通过监控列表查询`);
    const keyword = query.keyword?.trim();
    const body = await devices.listPage({
      tenantId,
      kind,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      ...(keyword ? { keyword } : {}),
      ...(query.groupId !== undefined ? { groupId: query.groupId } : {}),
      ...(query.online !== undefined ? { online: query.online === '1' } : {}),
    });
    return sendPage(reply, body);
  };

  route(api, declared.child, (request, reply) => listPage(sessionOf(request).tenantId, request, request.query, reply, false));
  route(api, declared.search, (request, reply) => listPage(sessionOf(request).tenantId, request, request.query, reply, false));
  route(api, declared.monitorChild, (request, reply) => listPage(sessionOf(request).tenantId, request, request.query, reply, true));
  route(api, declared.monitorSearch, (request, reply) => listPage(sessionOf(request).tenantId, request, request.query, reply, true));

  route(api, declared.all, async (request) => {
    const kind = readableKind(request, request.query.deviceType);
    const { rows } = await devices.list({ tenantId: sessionOf(request).tenantId, kind, pageNum: 1, pageSize: 100_000 });
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

  route(api, declared.groupChild, async (request, reply) => {
    const { tenantId } = sessionOf(request);
    const group = await devices.group(tenantId, request.query.groupId);
    const kind = readableKind(request, group.kind);
    const { pageNum, pageSize } = request.query;
    return sendPage(reply, await devices.listPage({ tenantId, kind, pageNum, pageSize, groupId: group.group_id }));
  });

  route(api, declared.groups, async (request) =>
    ok(await devices.groups(sessionOf(request).tenantId, readableKind(request, request.query.deviceType))),
  );
  // Spec paths that list one kind's groups: the kind is the one whose manifest names the path as its `listPaths.groupList`.
  for (const groupList of [declared.lightGroups, declared.screenGroups]) {
    route(api, groupList, async (request) => {
      const kind = devices.groupListKind(groupList.path);
      accessOf(request).requireKind(kind, 'read');
      return ok(await devices.groups(sessionOf(request).tenantId, kind));
    });
  }

  route(api, declared.positions, async (request) => ok(await devices.positions(sessionOf(request).tenantId, readableKinds(request))));

  route(api, declared.summary, async (request) => ok(await devices.summary(sessionOf(request).tenantId, readableKinds(request))));

  /** A device of the tenant whose kind the caller may read or control (another tenant's: not found). */
  const deviceFor = async (tenantId: number, request: Caller, deviceId: number, action: 'read' | 'control') => {
    const device = await devices.device(tenantId, deviceId);
    accessOf(request).requireKind(devices.kindOf(device.kind), action);
    return device;
  };

  route(api, declared.info, async (request) => ok(await deviceFor(sessionOf(request).tenantId, request, request.query.deviceId, 'read')));

  route(api, declared.move, async (request) => {
    const { tenantId } = sessionOf(request);
    const { deviceId, longitude, latitude } = request.body;
    await deviceFor(tenantId, request, deviceId, 'control');
    return ok(await devices.move(tenantId, deviceId, Number(longitude.toFixed(8)), Number(latitude.toFixed(8))), {}, '位置已保存');
  });

  route(api, declared.control, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const body = request.body;
    // Left out, they are the `controlDefault` kind's (the light-control page's RuoYi calls send neither).
    const defaults = devices.controlDefaults();
    const deviceType = body.deviceType || defaults.deviceType;
    const commandType = body.commandType || defaults.commandType;
    const deviceIds = parseIdList(body.deviceIds, '设备编号');
    const groupIds = [...parseIdList(body.groupId, '分组编号'), ...parseIdList(body.groupIds, '分组编号')];
    const params = parseParams(body.params);
    // A kind the caller may not control is refused before anything is recorded; an unknown one is
    // refused (and recorded) by the service like any other bad command.
    const kind = devices.findKind(deviceType);
    if (kind) accessOf(request).requireKind(kind, 'control');
    const { results, message } = await devices.control({
      tenantId,
      userId,
      deviceType,
      commandType,
      command: body.command,
      deviceIds,
      groupIds,
      params,
    });
    return ok({ results }, {}, message);
  });

  route(api, declared.controlLog, async (request) => {
    const { pageNum, pageSize } = request.query;
    return {
      code: 200,
      msg: '查询成功',
      rows: await devices.controlLog(sessionOf(request).tenantId, readableKinds(request), pageNum, pageSize),
    };
  });

  route(api, declared.stopPlay, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const body = request.body;
    const deviceIds = [...parseIdList(body.deviceIds, '设备编号'), ...parseIdList(body.id, '设备编号')];
    const groupIds = parseIdList(body.groupIds, '分组编号');
    // The broadcast kind is the one whose manifest declares its `stopCommand`.
    const { kind, command } = devices.stopPlay();
    accessOf(request).requireKind(kind, 'control');
    const { results, message } = await devices.control({
      tenantId,
      userId,
      deviceType: kind.brandCode ?? kind.page,
      commandType: command.commandType,
      command: command.command,
      deviceIds,
      groupIds,
      params: {},
    });
    return ok({ results }, {}, message);
  });

  route(api, declared.orderNumber, async (request) => {
    const { deviceType, orderType } = request.query;
    const kind = devices.kindOf(deviceType);
    accessOf(request).requireKind(kind, 'control');
    // Consecutive per tenant, type and day (Asia/Shanghai), from a counter row: no gap, no duplicate, on any instance.
    const type = `${kind.page.toUpperCase().slice(0, 4)}-${orderType.toUpperCase()}`;
    const day = shanghaiDay(ctx.now());
    const number = await counters.next(sessionOf(request).tenantId, `device:${type}`, day);
    return ok(`${type}-${day}-${String(number).padStart(5, '0')}`);
  });

  route(api, declared.systemInfo, async (request) => {
    const device = await deviceFor(sessionOf(request).tenantId, request, request.query.deviceId, 'read');
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
  });
}
