import type { DeviceCatalog } from '../../catalog/deviceCatalog';
import type { Database, Db } from '../../db/Database';
import type { ControlResult } from '../../../contracts/devices';
import { GATEWAY_MESSAGES, type DeviceGateway, type GatewayResult } from '../../devices/DeviceGateway';
import type { ControlRequest } from '../../devices/DeviceService';
import { recordCommandHistory, type RecordedCommandResult } from '../../operations/StatusRecorder';
import { AppError } from '../../envelope';
import { DAY_MS } from '../../stats/periods';
import { groupBy, onlineAt, type Outage } from '../seedOperationsHistory';
import type { HistoryContext } from './historyServices';
import { pick } from './historyTenant';

/** Share of commands an online device did not answer in time. */
const TIMEOUT_SHARE = 0.03;

/**
 * The devices as they were when the history's commands reached them: a device in one of its seeded
 * outages did not execute it (设备离线，命令未执行), now and then one did not answer (设备响应超时), the
 * others did. The state a command set has since been overtaken: the device tables keep today's.
 */
export class HistoryGateway implements DeviceGateway {
  constructor(
    private readonly outages: ReadonlyMap<number, readonly Outage[]>,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {}

  async execute(device: { deviceId: number }): Promise<GatewayResult> {
    if (!onlineAt(this.outages.get(device.deviceId) ?? [], this.now())) return { success: false, message: GATEWAY_MESSAGES.offline };
    if (this.random() < TIMEOUT_SHARE) return { success: false, message: GATEWAY_MESSAGES.timeout };
    return { success: true, message: '执行成功' };
  }
}

/** What the history's commands are sent through: DeviceService.control, or CommandHistoryModel's. */
export type CommandControl = (request: ControlRequest) => Promise<unknown>;

/**
 * A command on about every other day (now and then two) to each kind of the tenant that takes commands without parameters (开灯, 关闭 …),
 * to one to six of its devices at once, sent by the tenant's operators through `control` on the timeline:
 * the command log and each device's result (设备运维's success rates) are written together, as live.
 * Returns how many commands were scheduled.
 */
export function scheduleCommandHistory(
  { timeline, tenant, random }: Pick<HistoryContext, 'timeline' | 'tenant' | 'random'>,
  catalog: DeviceCatalog,
  control: CommandControl,
): number {
  const days = Math.round((timeline.end - timeline.start) / DAY_MS);
  let scheduled = 0;
  for (const [kindPage, ofKind] of groupBy(tenant.devices, (device) => device.kind)) {
    const commands = catalog.byPage(kindPage)?.commands?.filter((command) => !command.params) ?? [];
    if (!commands.length) continue;
    for (let day = 0; day < days; day++) {
      const roll = random();
      for (let count = roll < 0.1 ? 2 : roll < 0.55 ? 1 : 0; count > 0; count--) {
        const at = timeline.start + (day + random()) * DAY_MS;
        const command = pick(random, commands);
        const targets = 1 + Math.floor(random() * Math.min(6, ofKind.length));
        const first = Math.floor(random() * ofKind.length);
        const deviceIds = Array.from({ length: targets }, (_, index) => ofKind[(first + index) % ofKind.length]!.deviceId);
        const userId = pick(random, tenant.handlers);
        scheduled++;
        timeline.at(at, async () => {
          try {
            await control({
              tenantId: tenant.tenantId,
              userId,
              deviceType: kindPage,
              commandType: command.commandType,
              command: command.command,
              deviceIds,
              groupIds: [],
              params: {},
            });
          } catch (error) {
            // Every device failing is answered 500 (and logged) live too; anything else is a broken history.
            if (!(error instanceof AppError && error.code === 500)) throw error;
          }
        });
      }
    }
  }
  return scheduled;
}

/** A device as a command of the history finds it. */
type CommandDevice = Pick<Database['devices'], 'device_id' | 'tenant_id' | 'kind' | 'name' | 'online'>;

/** Rows per INSERT of the command log (11 columns). */
const LOG_ROWS_PER_INSERT = 1000;

/**
 * What DeviceService.control writes for the history's commands (valid ones: a kind's command without
 * parameters to devices of that kind), worked out in memory and written in a few multi-row statements:
 * the same log rows and results as sending them through the service (commandHistory.test.ts holds the two
 * side by side), the results' failures marked as looked at (markPastFailuresChecked). A command the
 * service would refuse throws: the history sends none.
 */
export class CommandHistoryModel {
  private readonly logs: Omit<Database['command_log'], 'id'>[] = [];
  private readonly results: (RecordedCommandResult & { tenantId: number; kind: string; at: number })[] = [];
  private readonly devices: ReadonlyMap<number, CommandDevice>;

  constructor(
    private readonly catalog: DeviceCatalog,
    devices: readonly CommandDevice[],
    private readonly gateway: DeviceGateway,
    private readonly now: () => number,
  ) {
    this.devices = new Map(devices.map((device) => [device.device_id, device]));
  }

  readonly control: CommandControl = async (request) => {
    const kind = this.catalog.resolve(request.deviceType);
    const command = kind?.commands?.find((candidate) => candidate.command === request.command);
    const validate = command && kind?.paramValidators.get(command.command);
    const targets = [...new Set(request.deviceIds)]
      .sort((a, b) => a - b)
      .map((deviceId) => this.devices.get(deviceId))
      .filter((device): device is CommandDevice => device?.tenant_id === request.tenantId && device.kind === kind?.page);
    const valid =
      kind &&
      command &&
      command.commandType === request.commandType &&
      (validate ? validate(request.params) : !Object.keys(request.params).length) &&
      !request.groupIds.length &&
      targets.length > 0 &&
      targets.length === new Set(request.deviceIds).size;
    if (!valid) throw new Error(`历史命令 ${request.deviceType}/${request.command} 不是设备服务会执行的命令`);
    const at = this.now();
    const results: ControlResult[] = [];
    for (const device of targets) {
      const outcome = await this.gateway.execute(
        { deviceId: device.device_id, tenantId: device.tenant_id, kind: device.kind, online: device.online === 1 },
        command.command,
        request.params,
      );
      results.push({
        deviceId: device.device_id,
        deviceName: device.name,
        success: outcome.success,
        message: outcome.message,
        ...(outcome.state ? { state: outcome.state } : {}),
      });
    }
    const failed = results.filter((result) => !result.success);
    const message =
      failed.length === 0
        ? `${command.label}：${results.length} 台设备执行成功`
        : failed.length === results.length
          ? results.length === 1
            ? `${command.label}失败：${failed[0]!.deviceName} ${failed[0]!.message}`
            : `${command.label}失败：${results.length} 台设备均未执行（${failed[0]!.message}）`
          : `${command.label}：${results.length - failed.length} 台成功，${failed.length} 台失败`;
    this.logs.push({
      tenant_id: request.tenantId,
      user_id: request.userId,
      at,
      device_type: request.deviceType,
      command: Number.isFinite(request.command) ? request.command : null,
      command_type: request.commandType,
      params: JSON.stringify(request.params),
      target: JSON.stringify({ deviceIds: request.deviceIds, groupIds: request.groupIds }),
      outcome: failed.length === 0 ? 'ok' : failed.length === results.length ? 'failed' : 'partial',
      message,
      results: JSON.stringify(results),
    });
    for (const result of results) this.results.push({ ...result, tenantId: request.tenantId, kind: kind.page, at });
    if (failed.length === results.length) throw new AppError(500, message);
  };

  /** Writes the log rows and the results, in the order the commands were sent (their ids as the service's). */
  async write(db: Db): Promise<number> {
    for (let start = 0; start < this.logs.length; start += LOG_ROWS_PER_INSERT)
      await db
        .insertInto('command_log')
        .values(this.logs.slice(start, start + LOG_ROWS_PER_INSERT))
        .execute();
    await recordCommandHistory(db, this.results, { faultsRaised: true });
    return this.logs.length;
  }
}
