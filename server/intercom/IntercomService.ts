import type {
  IntercomOperator,
  QuickGroup,
  QuickGroupCreated,
  TempCallData,
  VideoRoomJoin,
  VideoRoomKind,
} from '../../contracts/videoRooms';
import type { UserDirectory } from '../auth/UserDirectory';
import type { ClusterLog } from '../cluster/PgListener';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import type { ProductSockets } from './ProductSockets';

/**
 * The audio rooms the groups talk in: what server/videoRooms/VideoRoomService offers (`services.videoRooms`)
 * (Janus rooms per tenant), narrowed to what intercom needs.
 */
export interface IntercomRooms {
  createRoom(tenantId: number, userId: number, name: string, kind: VideoRoomKind): Promise<{ room: number }>;
  joinInfo(tenantId: number, userId: number, room: number): Promise<VideoRoomJoin>;
  destroyRoom(tenantId: number, room: number): Promise<unknown>;
}

/** Spec section 7: the name is 群组 plus a random number up to 10001. */
export const GROUP_NAME = /^群组(\d{1,5})$/;
export const MAX_GROUP_NUMBER = 10001;
/** Members of one group, the creator included: the audio room's publishers (spec section 9: 32). */
export const MAX_GROUP_MEMBERS = 32;
/** A user counts as online with a product socket open on this instance, or a session used within this time. */
export const ONLINE_WINDOW_MS = 5 * 60_000;
/** How long a new group's call rings: a member whose product socket opens within it still gets the call. */
export const RING_MS = 30_000;

const notFound = () => new AppError(404, '群组不存在或已删除');

interface GroupRow {
  gid: number;
  name: string;
  creatorId: number;
  uids: number[];
  room: number | null;
}

/**
 * Quick (temporary) intercom groups of a tenant (table intercom_groups, spec sections 3, 4 and 7): each
 * has an audio room; its members are told of a call over the product socket. A user sees the groups
 * they belong to; only the creator deletes one.
 */
export class IntercomService {
  constructor(
    private readonly db: Db,
    private readonly users: UserDirectory,
    /** Undefined until a video room service is wired: creating a group is then refused with the reason. */
    private readonly rooms: IntercomRooms | undefined,
    private readonly sockets: ProductSockets,
    private readonly now: () => number,
    private readonly log: ClusterLog,
  ) {}

  /** The caller's groups in the tenant, newest first (the spec's flow takes the first after creating). */
  async list(tenantId: number, userId: number): Promise<QuickGroup[]> {
    const groups = await this.groups(tenantId);
    return groups.filter((group) => group.uids.includes(userId)).map(toQuickGroup);
  }

  /**
   * Creates a group of the caller and `uids` (the caller is added if absent), its audio room, and tells
   * every other member over the product socket (tempcall result 2, each with their own join). Refused,
   * with nothing created, for an empty or oversized member list, a uid that is not a user of the tenant,
   * or a name other than 群组0–群组10001.
   */
  async create(tenantId: number, userId: number, body: { uids: number[]; name: string }): Promise<QuickGroupCreated> {
    const match = GROUP_NAME.exec(body.name);
    if (!match || Number(match[1]) > MAX_GROUP_NUMBER)
      throw badRequest(`群组名称必须是“群组”加 0 到 ${MAX_GROUP_NUMBER} 的数字，如 群组1024`);
    if (body.uids.length === 0) throw badRequest('请选择群组成员');
    const members = [...new Set([userId, ...body.uids])];
    if (members.length < 2) throw badRequest('请至少选择一名其他成员');
    if (members.length > MAX_GROUP_MEMBERS) throw badRequest(`群组成员最多 ${MAX_GROUP_MEMBERS} 人（含创建者），当前 ${members.length} 人`);
    const directory = new Map((await this.users.members(tenantId)).map((member) => [member.userId, member.nickName]));
    // Another tenant's user reads exactly like one that does not exist.
    const unknown = members.filter((id) => !directory.has(id));
    if (unknown.length) throw badRequest(`用户不存在或不属于当前租户：${unknown.slice(0, 5).join('、')}${unknown.length > 5 ? ' 等' : ''}`);
    if (!this.rooms) throw new AppError(503, '创建临时群组失败，请稍后再试（语音会议室服务未启用）');

    let room: number;
    try {
      ({ room } = await this.rooms.createRoom(tenantId, userId, body.name, 'audio'));
    } catch (error) {
      this.log.warn({ err: error, tenantId }, '临时群组的语音会议室创建失败');
      throw new AppError(503, `创建临时群组失败，请稍后再试（${error instanceof AppError ? error.message : '语音会议室创建失败'}）`);
    }
    let gid: number;
    try {
      const row = await this.db
        .insertInto('intercom_groups')
        .values({
          gid: undefined,
          tenant_id: tenantId,
          name: body.name,
          creator_id: userId,
          uids: JSON.stringify(members),
          room_id: room,
          created_at: this.now(),
        })
        .returning('gid')
        .executeTakeFirstOrThrow();
      gid = Number(row.gid);
    } catch (error) {
      // Not stored: the room would otherwise stay open with nobody able to find it.
      await this.destroyRoom(tenantId, room);
      throw error;
    }

    const group: GroupRow = { gid, name: body.name, creatorId: userId, uids: members, room };
    let join: VideoRoomJoin;
    try {
      join = await this.rooms.joinInfo(tenantId, userId, room);
    } catch (error) {
      // A group its creator cannot enter is no group: undone, as if never created.
      await this.db.deleteFrom('intercom_groups').where('gid', '=', gid).where('tenant_id', '=', tenantId).execute();
      await this.destroyRoom(tenantId, room);
      this.log.warn({ err: error, tenantId, room }, '临时群组的语音会议室无法进入，已撤销创建');
      throw new AppError(503, `创建临时群组失败，请稍后再试（${error instanceof AppError ? error.message : '语音会议室不可用'}）`);
    }
    const fromName = directory.get(userId) ?? '';
    await Promise.all(
      members
        .filter((member) => member !== userId)
        .map(async (member) => {
          try {
            const data: TempCallData = {
              gid,
              name: body.name,
              fromUserId: userId,
              fromName,
              uids: members,
              join: await this.rooms!.joinInfo(tenantId, member, room),
            };
            await this.sockets.send(tenantId, member, { response: 'tempcall', result: 2, data });
          } catch (error) {
            // One member's notice failing does not undo the group: they can still join from the list.
            this.log.warn({ err: error, tenantId, gid, member }, '临时群组呼叫通知发送失败');
          }
        }),
    );
    return { ...toQuickGroup(group), join };
  }

  /**
   * Calls still ringing for the user (groups created less than RING_MS ago by someone else): a product
   * socket that opens just after the call went out (a page loading, a reconnect) still rings.
   */
  async ringing(tenantId: number, userId: number): Promise<TempCallData[]> {
    if (!this.rooms) return [];
    const rows = await this.db
      .selectFrom('intercom_groups')
      .select(['gid', 'name', 'creator_id', 'uids', 'room_id'])
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>', this.now() - RING_MS)
      .where('creator_id', '<>', userId)
      // Not one this user already refused or hung up, nor one whose caller hung up.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('intercom_call_ends as ended')
              .select('ended.gid')
              .whereRef('ended.gid', '=', 'intercom_groups.gid')
              .where('ended.user_id', '=', userId),
          ),
        ),
      )
      .orderBy('gid', 'desc')
      .execute();
    const calls: TempCallData[] = [];
    for (const row of rows) {
      const uids = parseUids(row.uids);
      if (!uids.includes(userId) || row.room_id === null) continue;
      try {
        const fromName = (await this.users.members(tenantId)).find((member) => member.userId === row.creator_id)?.nickName ?? '';
        calls.push({
          gid: Number(row.gid),
          name: row.name,
          fromUserId: row.creator_id,
          fromName,
          uids,
          join: await this.rooms.joinInfo(tenantId, userId, Number(row.room_id)),
        });
      } catch (error) {
        // Its room is gone (hung up and deleted meanwhile): nothing rings.
        this.log.warn({ err: error, tenantId, gid: row.gid }, '临时群组的呼叫已无法加入，不再振铃');
      }
    }
    return calls;
  }

  /** Deletes a group the caller created: its audio room is destroyed and the other members hang up (tempcall result 1). */
  async delete(tenantId: number, userId: number, gid: number): Promise<void> {
    const group = await this.visible(tenantId, userId, gid);
    if (group.creatorId !== userId) throw new AppError(403, '只有群组创建者可以删除该群组');
    const deleted = await this.db
      .deleteFrom('intercom_groups')
      .where('gid', '=', gid)
      .where('tenant_id', '=', tenantId)
      .where('creator_id', '=', userId)
      .executeTakeFirst();
    // Deleted meanwhile by another request: that one destroyed the room and told the members.
    if (!Number(deleted.numDeletedRows)) throw notFound();
    await this.db.deleteFrom('intercom_call_ends').where('gid', '=', gid).where('tenant_id', '=', tenantId).execute();
    if (group.room !== null) await this.destroyRoom(tenantId, group.room);
    await this.hangUpOthers(tenantId, userId, group);
  }

  /**
   * The caller leaves the call (or refuses it): the other members hear tempcall result 1, and it no longer
   * rings for the caller — for nobody when the group's creator hangs up — if their page reloads.
   */
  async hangup(tenantId: number, userId: number, gid: number): Promise<void> {
    const group = await this.visible(tenantId, userId, gid);
    const done = group.creatorId === userId ? group.uids : [userId];
    await this.db
      .insertInto('intercom_call_ends')
      .values(done.map((member) => ({ gid: group.gid, user_id: member, tenant_id: tenantId, at: this.now() })))
      .onConflict((conflict) => conflict.columns(['gid', 'user_id']).doNothing())
      .execute();
    await this.hangUpOthers(tenantId, userId, group);
  }

  /** How the caller joins a group's audio room (after a reload, or as its creator). */
  async join(tenantId: number, userId: number, gid: number): Promise<VideoRoomJoin> {
    const group = await this.visible(tenantId, userId, gid);
    if (!this.rooms || group.room === null) throw new AppError(503, '该群组的语音会议室不可用');
    return this.rooms.joinInfo(tenantId, userId, group.room);
  }

  /** The tenant's users but the caller, and whether each is online (see ONLINE_WINDOW_MS). */
  async operators(tenantId: number, userId: number): Promise<IntercomOperator[]> {
    const recent = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .where('last_seen_at', '>=', this.now() - ONLINE_WINDOW_MS)
      .execute();
    const seen = new Set(recent.map((row) => row.user_id));
    return (await this.users.members(tenantId))
      .filter((member) => member.userId !== userId)
      .map((member) => ({
        userId: member.userId,
        nickName: member.nickName,
        online: seen.has(member.userId) || this.sockets.connected(tenantId, member.userId),
      }));
  }

  private async hangUpOthers(tenantId: number, userId: number, group: GroupRow): Promise<void> {
    for (const member of group.uids) {
      if (member === userId) continue;
      await this.sockets
        .send(tenantId, member, { response: 'tempcall', result: 1, data: { gid: group.gid, byUserId: userId } })
        .catch((error: unknown) => this.log.warn({ err: error, tenantId, gid: group.gid, member }, '挂断通知发送失败'));
    }
  }

  /** A group of the tenant the caller belongs to; anything else (another tenant's, not a member) is "not found". */
  private async visible(tenantId: number, userId: number, gid: number): Promise<GroupRow> {
    const group = (await this.groups(tenantId, gid))[0];
    if (!group || !group.uids.includes(userId)) throw notFound();
    return group;
  }

  private async groups(tenantId: number, gid?: number): Promise<GroupRow[]> {
    let query = this.db
      .selectFrom('intercom_groups')
      .select(['gid', 'name', 'creator_id', 'uids', 'room_id'])
      .where('tenant_id', '=', tenantId);
    if (gid !== undefined) query = query.where('gid', '=', gid);
    const rows = await query.orderBy('gid', 'desc').execute();
    return rows.map((row) => ({
      gid: Number(row.gid),
      name: row.name,
      creatorId: row.creator_id,
      uids: parseUids(row.uids),
      room: row.room_id === null ? null : Number(row.room_id),
    }));
  }

  private async destroyRoom(tenantId: number, room: number): Promise<void> {
    try {
      await this.rooms?.destroyRoom(tenantId, room);
    } catch (error) {
      // The group is gone either way; a room Janus no longer has (426) or cannot reach is only logged.
      this.log.warn({ err: error, tenantId, room }, '临时群组的语音会议室销毁失败');
    }
  }
}

const toQuickGroup = (group: GroupRow): QuickGroup => ({ gid: group.gid, name: group.name, uids: group.uids, creatorId: group.creatorId });

/** Stored by `create` as a JSON list of ids; anything else reads as no members (the group is then invisible). */
function parseUids(text: string): number[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}
