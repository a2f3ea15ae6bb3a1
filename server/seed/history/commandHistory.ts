import type { DeviceCatalog } from '../../catalog/deviceCatalog';
import type { Db } from '../../db/Database';
import { GATEWAY_MESSAGES, type DeviceGateway, type GatewayResult } from '../../devices/DeviceGateway';
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

/**
 * A command on about every other day (now and then two) to each kind of the tenant that takes commands without parameters (开灯, 关闭 …),
 * to one to six of its devices at once, sent by the tenant's operators through DeviceService.control on
 * the timeline: the command log and each device's result (设备运维's success rates) are written together,
 * as live. Returns how many commands were scheduled.
 */
export function scheduleCommandHistory(context: HistoryContext, catalog: DeviceCatalog): number {
  const { timeline, services, tenant, random } = context;
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
            await services.devices.control({
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

/**
 * The history's command failures are past: the fault job raises faults from what fails from now on, so
 * the history's are marked as looked at (as the replayed results always were).
 */
export async function markPastFailuresChecked(db: Db, tenantId: number, afterId: number): Promise<void> {
  await db
    .updateTable('device_command_results')
    .set({ fault_checked: 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '>', afterId)
    .where('fault_checked', '=', 0)
    .execute();
}
