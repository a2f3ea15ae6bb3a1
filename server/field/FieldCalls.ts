import type { MemberCall, MemberCallAction } from '../../contracts/field';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import type { Db } from '../db/Database';
import type { DeviceService } from '../devices/DeviceService';
import { AppError, badRequest } from '../envelope';
import type { FieldMembers } from './FieldMembers';

/** The state a walkie-talkie command leaves the device in (its manifest's `effect.call`) for each action. */
const CALL_EFFECT: Record<MemberCallAction, string> = { call: 'talking', hangup: 'idle' };

/**
 * 呼叫 a member: the operator calls the walkie-talkie bound to them, through the ordinary device control
 * path (the walkie kind's own commands, found by the state they leave it in: 呼叫 → talking with the
 * caller as `peer`, 挂断 → idle), so the command log, the command's success rate and the device's state
 * say what happened, as for a call from the device screens. Each attempt is also in the member's audit
 * trail (field_member_events). A member without a walkie-talkie cannot be called (400).
 */
export class FieldCalls {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly devices: DeviceService,
    private readonly members: FieldMembers,
  ) {}

  async act(tenantId: number, userId: number, memberId: number, action: MemberCallAction): Promise<MemberCall> {
    const member = await this.members.detail(tenantId, memberId);
    if (!member.walkie) throw badRequest(`${member.name} 未绑定对讲机，无法呼叫`);
    const kind = this.catalog.kinds.find((candidate) => candidate.fieldWork === 'walkie');
    const command = kind?.commands?.find((candidate) => candidate.effect?.call === CALL_EFFECT[action]);
    if (!kind || !command) throw new AppError(500, '对讲机设备类型不支持呼叫');
    const caller = await this.db.selectFrom('users').select('nick_name').where('user_id', '=', userId).executeTakeFirst();
    const params = action === 'call' ? { peer: (caller?.nick_name || '指挥中心').slice(0, 40) } : {};
    const audit = (message: string) =>
      this.members.audit(this.db, {
        tenantId,
        memberId,
        userId,
        action,
        from: member.walkie?.call ?? null,
        to: CALL_EFFECT[action],
        note: `${member.walkie?.name ?? ''}：${message}`,
      });
    try {
      const { message } = await this.devices.control({
        tenantId,
        userId,
        deviceType: kind.brandCode ?? kind.page,
        commandType: command.commandType,
        command: command.command,
        deviceIds: [member.walkie.deviceId],
        groupIds: [],
        params,
      });
      await audit(message);
      const after = await this.members.detail(tenantId, memberId);
      return { memberId, walkie: after.walkie ?? member.walkie, message };
    } catch (error) {
      await audit(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}
