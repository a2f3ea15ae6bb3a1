import { sql } from 'kysely';
import type { Db, Database } from '../db/Database';
import type { DeviceDataVersion } from '../db/DeviceDataVersion';
import { byteOrder, containsText } from '../db/text';
import { AppError, badRequest } from '../envelope';
import type { DeviceCatalog, DeviceCommand, DeviceKind } from '../catalog/deviceCatalog';
import type { DeviceGateway } from './DeviceGateway';
import type { ControlLogRow, ControlResult as ControlResultContract, DeviceRow } from '../../contracts/devices';
import { recordCommandResults } from '../operations/StatusRecorder';

// The wire format of a device row is the web app's own type: one definition for both sides.
export type { DeviceRow };

export function toDeviceRow(row: Database['devices']): DeviceRow {
  return {
    deviceId: row.device_id,
    deviceName: row.name,
    deviceCode: row.code,
    deviceType: row.device_type,
    kind: row.kind,
    online: row.online === 1,
    longitude: row.longitude,
    latitude: row.latitude,
    height: row.height,
    telemetry: JSON.parse(row.telemetry) as Record<string, unknown>,
    state: JSON.parse(row.state) as Record<string, unknown>,
    updateTime: row.updated_at,
  };
}

/** A finite number as JSON writes it; anything else as JSON.stringify would (null). */
const jsonNumber = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

/**
 * Stored JSON object text as it goes out. The server writes these columns only with JSON.stringify,
 * whose output parses and serializes back to the same text, so it is spliced in rather than parsed and
 * written again; text that does not look like an object goes the long way (and fails as it did).
 */
const jsonObjectText = (text: string) =>
  text.charCodeAt(0) === 123 && text.charCodeAt(text.length - 1) === 125 ? text : JSON.stringify(JSON.parse(text) as unknown);

/** The JSON of `toDeviceRow(row)`, byte for byte (same keys in the same order), written without the objects. */
export function deviceRowJson(row: Database['devices']): string {
  return `{"deviceId":${jsonNumber(row.device_id)},"deviceName":${JSON.stringify(row.name)},"deviceCode":${JSON.stringify(row.code)},"deviceType":${JSON.stringify(row.device_type)},"kind":${JSON.stringify(row.kind)},"online":${row.online === 1},"longitude":${jsonNumber(row.longitude)},"latitude":${jsonNumber(row.latitude)},"height":${jsonNumber(row.height)},"telemetry":${jsonObjectText(row.telemetry)},"state":${jsonObjectText(row.state)},"updateTime":${jsonNumber(row.updated_at)}}`;
}

/**
 * How long (real time) a device list page is served from memory at most. Within it a page is served
 * again only while no device changed (see DeviceDataVersion); the limit bounds what a NOTIFY of another
 * instance still in flight, or lost with a dropped listener, could leave stale.
 */
export const LIST_PAGE_CACHE_MS = 1000;
/** Pages kept at most (by tenant, kind, filter and page); the oldest go first. */
const LIST_PAGE_CACHE_SIZE = 2000;

export interface ListQuery {
  tenantId: number;
  kind: DeviceKind;
  pageNum: number;
  pageSize: number;
  keyword?: string;
  groupId?: number;
  online?: boolean;
}

export interface ControlRequest {
  tenantId: number;
  userId: number;
  deviceType: string;
  commandType: string;
  command: number;
  deviceIds: number[];
  groupIds: number[];
  params: Record<string, unknown>;
}

export type ControlResult = ControlResultContract;

export const MAX_CONTROL_TARGETS = 2000;

/** Tenant-scoped device queries and control; every call names the caller's active tenant. */
export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly gateway: DeviceGateway,
    private readonly now: () => number,
    /** Undefined or a cacheMs of 0: every page is read from the database. */
    private readonly pageCache?: { version: DeviceDataVersion; cacheMs?: number },
  ) {}

  private readonly pages = new Map<string, { at: number; body: string }>();
  /** The device version the kept pages were read at: all of them are dropped when it moves. */
  private pagesVersion: number | undefined;

  /** The kind a device type names (page, brand code or type code), if any. */
  findKind(deviceType: string): DeviceKind | undefined {
    return this.catalog.resolve(deviceType);
  }

  get kinds(): readonly DeviceKind[] {
    return this.catalog.kinds;
  }

  kindOf(deviceType: string): DeviceKind {
    const kind = this.catalog.resolve(deviceType);
    if (!kind) throw badRequest(`未知的设备类型：${deviceType}`);
    return kind;
  }

  /** The kind `/devi/web/lightgroup/list`-style routes list groups of: the one declaring that `listPaths.groupList`. */
  groupListKind(path: string): DeviceKind {
    const kind = this.catalog.byGroupListPath(path);
    if (!kind) throw badRequest(`没有设备类型使用分组列表 ${path}`);
    return kind;
  }

  /** The kind listed by `/monitor/*` when no type is given: the first (by plugin folder) whose list path is /monitor/child. */
  defaultMonitorKind(): string {
    return this.catalog.kinds.find((kind) => kind.listPaths?.child === '/monitor/child')?.page ?? '';
  }

  /**
   * What /device/control/execute assumes when a request leaves them out: the kind whose manifest says
   * `controlDefault` (its brand code), and that kind's first command's type. Empty when no kind says so.
   */
  controlDefaults(): { deviceType: string; commandType: string } {
    const kind = this.catalog.kinds.find((candidate) => candidate.controlDefault);
    return { deviceType: kind ? (kind.brandCode ?? kind.page) : '', commandType: kind?.commands?.[0]?.commandType ?? '' };
  }

  /** The broadcast kind `/voice/stopPlay` stops and its stop command: the kind whose manifest declares `stopCommand`. */
  stopPlay(): { kind: DeviceKind; command: DeviceCommand } {
    const kind = this.catalog.kinds.find((candidate) => candidate.stopCommand !== undefined);
    const command = kind?.commands?.find((candidate) => candidate.command === kind.stopCommand);
    if (!kind || !command) throw badRequest('没有可停止播放的设备类型');
    return { kind, command };
  }

  /** The kinds asked for that the catalogue still has: a removed plugin's devices stay stored but are not shown. */
  private knownKinds(kinds: readonly string[] | undefined): string[] {
    const known = this.catalog.kinds.map((kind) => kind.page);
    return kinds ? known.filter((kind) => kinds.includes(kind)) : known;
  }

  /** Every device of the tenant with its position, of the given kinds (undefined: all), for the map. */
  async positions(tenantId: number, kinds: readonly string[] | undefined) {
    const shown = this.knownKinds(kinds);
    if (!shown.length) return [];
    const query = this.db
      .selectFrom('devices')
      .select(['device_id', 'kind', 'online', 'longitude', 'latitude', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('kind', 'in', shown);
    const rows = await query.orderBy('device_id').execute();
    return rows.map((row) => ({
      deviceId: row.device_id,
      deviceName: row.name,
      kind: row.kind,
      online: row.online === 1,
      longitude: row.longitude,
      latitude: row.latitude,
    }));
  }

  /** Devices and online devices per kind of the tenant, of the given kinds (undefined: all). */
  async summary(tenantId: number, kinds: readonly string[] | undefined) {
    const shown = this.knownKinds(kinds);
    if (!shown.length) return [];
    const query = this.db
      .selectFrom('devices')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('total'), (eb) => eb.fn.sum<number>('online').as('online')])
      .where('tenant_id', '=', tenantId)
      .where('kind', 'in', shown);
    // By kind as SQLite's grouping returns them; PostgreSQL's hash grouping has no order.
    const rows = await query.groupBy('kind').orderBy(byteOrder(this.db, 'kind')).execute();
    return rows.map((row) => ({ kind: row.kind, total: Number(row.total), online: Number(row.online ?? 0) }));
  }

  /** A page of the tenant's command log, newest first, of the given kinds (undefined: all). */
  async controlLog(tenantId: number, kinds: readonly string[] | undefined, pageNum: number, pageSize: number) {
    let rows = this.db.selectFrom('command_log').selectAll().where('tenant_id', '=', tenantId);
    // The log names kinds the way the caller did (page, brand code or type code): any name of a readable kind.
    if (kinds)
      rows = rows.where('device_type', 'in', [
        ...this.catalog.kinds
          .filter((kind) => kinds.includes(kind.page))
          .flatMap((kind) => [kind.page, kind.brandCode, ...(kind.deviceTypes ?? [])].filter((code): code is string => Boolean(code))),
      ]);
    const page = await rows
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return page.map((row): ControlLogRow => ({
      id: Number(row.id),
      userId: row.user_id,
      time: row.at,
      deviceType: row.device_type,
      command: row.command,
      commandType: row.command_type,
      params: JSON.parse(row.params) as unknown,
      target: JSON.parse(row.target) as unknown,
      outcome: row.outcome,
      message: row.message,
      results: JSON.parse(row.results) as unknown,
    }));
  }

  /** How many commands the tenant's log holds (order numbers count on from it). */
  async commandCount(tenantId: number): Promise<number> {
    return Number(
      (
        await this.db
          .selectFrom('command_log')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst()
      )?.count ?? 0,
    );
  }

  async list(query: ListQuery): Promise<{ rows: DeviceRow[]; total: number }> {
    const { rows, total } = await this.readPage(query);
    return { rows: rows.map(toDeviceRow), total };
  }

  /**
   * A list page's whole answer as JSON text (`{ code, msg, rows, total }`, as `list` would be sent):
   * rows written straight from the stored columns, and kept for a moment while no device changes.
   */
  async listPage(query: ListQuery): Promise<string> {
    const cacheMs = this.pageCache?.cacheMs ?? LIST_PAGE_CACHE_MS;
    const version = cacheMs > 0 ? this.pageCache?.version.current() : undefined;
    if (version === undefined) return this.pageJson(query);
    if (version !== this.pagesVersion) {
      this.pages.clear();
      this.pagesVersion = version;
    }
    // Every field that picks the rows; the keyword last, as it may hold any character.
    const key = `${query.tenantId}:${query.kind.page}:${query.pageNum}:${query.pageSize}:${query.groupId ?? ''}:${query.online ?? ''}:${query.keyword ?? ''}`;
    const at = performance.now();
    const kept = this.pages.get(key);
    if (kept && at - kept.at < cacheMs) return kept.body;
    // The version was read before the query: a change committed meanwhile moves it, and this page is not kept past it.
    const body = await this.pageJson(query);
    if (this.pagesVersion === version) {
      this.pages.delete(key);
      this.pages.set(key, { at, body });
      if (this.pages.size > LIST_PAGE_CACHE_SIZE) this.pages.delete(this.pages.keys().next().value!);
    }
    return body;
  }

  private async pageJson(query: ListQuery): Promise<string> {
    const { rows, total } = await this.readPage(query);
    let json = '{"code":200,"msg":"查询成功","rows":[';
    for (let index = 0; index < rows.length; index++) json += (index ? ',' : '') + deviceRowJson(rows[index]!);
    return `${json}],"total":${total}}`;
  }

  private async readPage(query: ListQuery): Promise<{ rows: Database['devices'][]; total: number }> {
    // The hottest query of the API, written as SQL: Kysely's query builder cost more CPU than the query
    // itself. The same filter for the page and for the count; the same text for every page of a filter.
    const conditions = [sql`devices.tenant_id = ${query.tenantId}`, sql`devices.kind = ${query.kind.page}`];
    // ASCII letters match either case on both databases (SQLite's LIKE; see containsText).
    if (query.keyword)
      conditions.push(
        sql`(${containsText(this.db, 'devices.name', query.keyword)} or ${containsText(this.db, 'devices.code', query.keyword)})`,
      );
    if (query.online !== undefined) conditions.push(sql`devices.online = ${query.online ? 1 : 0}`);
    if (query.groupId !== undefined)
      conditions.push(sql`devices.device_id in (select device_id from device_group_members where group_id = ${query.groupId})`);
    const filter = sql.join(conditions, sql` and `);
    const count = sql`select count(*) as "count" from devices where ${filter}`;
    // One round trip: the page with the total beside each row (the subquery runs once).
    const page = await sql<
      Database['devices'] & { total: number }
    >`select devices.*, (${count}) as "total" from devices where ${filter} order by devices.device_id limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`.execute(
      this.db,
    );
    const first = page.rows[0];
    // Past the last page there is no row to carry the total.
    const total = first ? Number(first.total) : Number((await sql<{ count: number }>`${count}`.execute(this.db)).rows[0]?.count ?? 0);
    return { rows: page.rows, total };
  }

  async group(tenantId: number, groupId: number): Promise<Database['device_groups']> {
    const group = await this.db
      .selectFrom('device_groups')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!group) throw new AppError(404, `分组不存在：${groupId}`);
    return group;
  }

  async groups(tenantId: number, kind: DeviceKind) {
    const groups = await this.db
      .selectFrom('device_groups as g')
      .leftJoin('device_group_members as m', 'm.group_id', 'g.group_id')
      .select(['g.group_id', 'g.name', 'g.kind', (eb) => eb.fn.count<number>('m.device_id').as('deviceCount')])
      .where('g.tenant_id', '=', tenantId)
      .where('g.kind', '=', kind.page)
      .groupBy(['g.group_id', 'g.name', 'g.kind'])
      .orderBy('g.group_id')
      .execute();
    return groups.map((group) => ({
      groupId: group.group_id,
      groupName: group.name,
      kind: group.kind,
      deviceCount: Number(group.deviceCount),
    }));
  }

  async device(tenantId: number, deviceId: number): Promise<DeviceRow> {
    const row = await this.db
      .selectFrom('devices')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `设备不存在：${deviceId}`);
    return toDeviceRow(row);
  }

  /** Moves a device of the tenant; another tenant's device is "not found", as in every device call. */
  async move(tenantId: number, deviceId: number, longitude: number, latitude: number): Promise<DeviceRow> {
    const moved = await this.db
      .updateTable('devices')
      .set({ longitude, latitude })
      .where('device_id', '=', deviceId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!moved.numUpdatedRows) throw new AppError(404, `设备不存在：${deviceId}`);
    return this.device(tenantId, deviceId);
  }

  /**
   * Validates the command against the kind's declared commands and parameters, checks every target
   * belongs to the caller's tenant and kind, sends it through the gateway, and records it all in the
   * command log, refusals included. Nothing is sent unless everything checks.
   */
  async control(request: ControlRequest): Promise<{ results: ControlResult[]; message: string }> {
    const record = async (outcome: string, message: string, results: ControlResult[] = [], kindPage?: string) => {
      const at = this.now();
      // The log row and each device's result (success rates and command faults count these) together.
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('command_log')
          .values({
            id: undefined,
            tenant_id: request.tenantId,
            user_id: request.userId,
            at,
            device_type: request.deviceType,
            command: Number.isFinite(request.command) ? request.command : null,
            command_type: request.commandType,
            params: JSON.stringify(request.params),
            target: JSON.stringify({ deviceIds: request.deviceIds, groupIds: request.groupIds }),
            outcome,
            message,
            results: JSON.stringify(results),
          })
          .execute();
        if (kindPage && results.length) await recordCommandResults(trx, request.tenantId, kindPage, at, results);
      });
    };
    const refuse = async (error: AppError): Promise<never> => {
      await record('refused', error.message);
      throw error;
    };

    const kind = this.catalog.resolve(request.deviceType);
    if (!kind) return refuse(badRequest(`未知的设备类型：${request.deviceType}`));
    const command = kind.commands?.find((candidate) => candidate.command === request.command);
    if (!command) return refuse(badRequest(`${kind.displayName}不支持命令 ${request.command}`));
    if (command.commandType !== request.commandType)
      return refuse(badRequest(`命令类型不匹配：命令 ${request.command}（${command.label}）的类型是 ${command.commandType}`));
    const validate = kind.paramValidators.get(command.command);
    if (validate && !validate(request.params)) {
      const first = validate.errors?.[0];
      const field = first?.instancePath.slice(1) || (first?.params as { missingProperty?: string } | undefined)?.missingProperty || '';
      return refuse(badRequest(`命令参数不正确：${field ? `${field} ` : ''}${describeParamError(first?.keyword)}`));
    }
    if (!validate && Object.keys(request.params).length) return refuse(badRequest(`命令 ${command.label} 不接受参数`));
    if (request.deviceIds.length === 0 && request.groupIds.length === 0) return refuse(badRequest('请选择要控制的设备或分组'));

    for (const groupId of request.groupIds) {
      const group = await this.db
        .selectFrom('device_groups')
        .select(['kind'])
        .where('group_id', '=', groupId)
        .where('tenant_id', '=', request.tenantId)
        .executeTakeFirst();
      if (!group) return refuse(new AppError(404, `分组不存在：${groupId}`));
      if (group.kind !== kind.page) return refuse(badRequest(`分组 ${groupId} 不是${kind.displayName}分组`));
    }
    const memberIds = request.groupIds.length
      ? (await this.db.selectFrom('device_group_members').select('device_id').where('group_id', 'in', request.groupIds).execute()).map(
          (row) => row.device_id,
        )
      : [];
    const targetIds = [...new Set([...request.deviceIds, ...memberIds])];
    if (targetIds.length > MAX_CONTROL_TARGETS) return refuse(badRequest(`一次最多控制 ${MAX_CONTROL_TARGETS} 台设备`));
    // In id order (results and the log list devices that way), as SQLite reads an id list; PostgreSQL may not.
    const devices = await this.db
      .selectFrom('devices')
      .selectAll()
      .where('device_id', 'in', targetIds)
      .where('tenant_id', '=', request.tenantId)
      .orderBy('device_id')
      .execute();
    const found = new Map(devices.map((device) => [device.device_id, device]));
    const missing = targetIds.filter((id) => !found.has(id));
    // Another tenant's device behaves exactly like one that does not exist.
    if (missing.length) return refuse(new AppError(404, `设备不存在：${missing.slice(0, 5).join('、')}${missing.length > 5 ? ' 等' : ''}`));
    const wrongKind = devices.filter((device) => device.kind !== kind.page);
    if (wrongKind.length) return refuse(badRequest(`设备 ${wrongKind[0]!.name} 不是${kind.displayName}`));

    const results = await Promise.all(
      devices.map(async (device): Promise<ControlResult> => {
        const outcome = await this.gateway.execute(
          { deviceId: device.device_id, tenantId: device.tenant_id, kind: device.kind, online: device.online === 1 },
          command.command,
          request.params,
        );
        return {
          deviceId: device.device_id,
          deviceName: device.name,
          success: outcome.success,
          message: outcome.message,
          ...(outcome.state ? { state: outcome.state } : {}),
        };
      }),
    );
    const failed = results.filter((result) => !result.success);
    const message =
      failed.length === 0
        ? `${command.label}：${results.length} 台设备执行成功`
        : failed.length === results.length
          ? results.length === 1
            ? `${command.label}失败：${failed[0]!.deviceName} ${failed[0]!.message}`
            : `${command.label}失败：${results.length} 台设备均未执行（${failed[0]!.message}）`
          : `${command.label}：${results.length - failed.length} 台成功，${failed.length} 台失败`;
    await record(failed.length === 0 ? 'ok' : failed.length === results.length ? 'failed' : 'partial', message, results, kind.page);
    if (failed.length === results.length) throw new AppError(500, message);
    return { results, message };
  }
}

function describeParamError(keyword: string | undefined): string {
  switch (keyword) {
    case 'required':
      return '缺少必填参数';
    case 'type':
      return '类型不正确';
    case 'minimum':
    case 'maximum':
      return '超出允许范围';
    case 'enum':
      return '不是可选值';
    case 'additionalProperties':
      return '包含不支持的参数';
    case 'minLength':
      return '不能为空';
    case 'maxLength':
      return '过长';
    default:
      return '不符合要求';
  }
}
