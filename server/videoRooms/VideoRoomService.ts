import { randomBytes, randomInt } from 'node:crypto';
import {
  VIDEO_ROOM_NAME_MESSAGE,
  type VideoRoomJoin,
  type VideoRoomKind,
  type VideoRoomStatus,
  type VideoRoomSummary,
} from '../../contracts/videoRooms';
import type { JanusConfig } from '../config';
import type { Db } from '../db/Database';
import { AppError, badRequest, forbidden } from '../envelope';
import { JanusError, JanusVideoRooms, VIDEO_ROOM_KINDS } from '../janus/JanusVideoRooms';

export const videoRoomMessages = {
  notFound: '会议室不存在或已关闭',
  notManager: '只有会议室的创建者或租户管理员可以操作',
  off: '视频会商已关闭（JANUS=0）',
  notConfigured: '未配置视频会商服务（JANUS_URL）',
  unavailable: (why: string) => `视频会商服务不可用：${why}`,
  name: VIDEO_ROOM_NAME_MESSAGE,
  participantGone: '该成员已不在会议室中',
} as const;

/** Room numbers are drawn from this range: 10 digits, well inside what JSON and both databases carry exactly. */
const ROOM_MIN = 1_000_000_000;
const ROOM_MAX = 9_999_999_999;
/** Janus's videoroom error codes: no such room, room exists, no such participant. */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;
const NO_SUCH_FEED = 428;
const CREATE_ATTEMPTS = 5;
const NAME_MAX = 40;

/** 24 random bytes as 32 URL-safe characters: the room's secret (server only) and pin (members only). */
const token = () => randomBytes(24).toString('base64url');

type RoomRow = {
  room_id: number;
  tenant_id: number;
  kind: string;
  name: string;
  creator_id: number;
  pin: string;
  secret: string;
  created_at: number;
  creator_name: string | null;
};

/**
 * Video rooms of each tenant on Janus (contracts/videoRooms.ts; table video_rooms): the server creates
 * them private, with a secret it keeps and a pin it hands to the tenant's members only, so a room is
 * reachable only through `join` here. Janus is the truth about whether a room still exists: a room it
 * no longer knows (426, e.g. after it restarted) is closed here too. Nothing is stored or changed when
 * Janus cannot be reached (503).
 *
 * The intercom (server/intercom/) uses `createRoom`, `joinInfo` and `destroyRoom` for its audio rooms.
 */
export class VideoRoomService {
  private readonly janus: JanusVideoRooms | undefined;
  private readonly reason: string | undefined;
  private readonly publicUrl: string;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly config: JanusConfig | undefined,
  ) {
    if (config?.off) this.reason = videoRoomMessages.off;
    else if (!config?.url) this.reason = config?.unavailable ?? videoRoomMessages.notConfigured;
    this.janus = this.reason === undefined && config?.url ? new JanusVideoRooms(config.url, config.adminKey ?? '') : undefined;
    this.publicUrl = config?.publicUrl ?? config?.url ?? '';
  }

  /** Whether rooms can be used now: configured, and Janus answers. */
  async status(): Promise<VideoRoomStatus> {
    if (!this.janus) return { available: false, message: this.reason ?? videoRoomMessages.notConfigured };
    try {
      const reply = (await (await fetch(`${this.config!.url}/info`, { signal: AbortSignal.timeout(3000) })).json()) as {
        janus?: string;
        plugins?: Record<string, unknown>;
      };
      if (reply.janus !== 'server_info') return { available: false, message: videoRoomMessages.unavailable('Janus 的应答不正确') };
      if (reply.plugins && !('janus.plugin.videoroom' in reply.plugins))
        return { available: false, message: videoRoomMessages.unavailable('Janus 没有加载 videoroom 插件') };
      return { available: true, message: null };
    } catch (error) {
      return { available: false, message: videoRoomMessages.unavailable(describeFailure(error)) };
    }
  }

  /** The tenant's open video rooms (camera and other; intercom audio rooms are the intercom's), newest first. */
  async list(tenantId: number, userId: number): Promise<VideoRoomSummary[]> {
    const janus = this.requireJanus();
    const rows = await this.rows(tenantId)
      .where('r.kind', 'in', VIDEO_ROOM_KINDS)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.room_id', 'desc')
      .execute();
    if (!rows.length) return [];
    let counts: Map<number, number | 'gone' | undefined> | undefined;
    try {
      counts = await janus.participantCounts(rows.map((row) => row.room_id));
    } catch {
      // Janus not answering: the rooms are listed with unknown counts (null), none is closed on that account.
      counts = undefined;
    }
    const gone = rows.filter((row) => counts?.get(row.room_id) === 'gone').map((row) => row.room_id);
    if (gone.length) await this.close(tenantId, gone);
    const admin = await this.isAdmin(tenantId, userId);
    return rows
      .filter((row) => !gone.includes(row.room_id))
      .map((row) => summary(row, counts?.get(row.room_id), admin || row.creator_id === userId));
  }

  /**
   * Creates a room on Janus and then stores it; nothing is stored unless Janus created it, and a room
   * Janus created but that cannot be stored is destroyed again. The number is drawn at random and drawn
   * again when Janus (427) or the table (another instance's room) has it already.
   */
  async createRoom(tenantId: number, userId: number, name: string, kind: VideoRoomKind): Promise<VideoRoomSummary> {
    const janus = this.requireJanus();
    const trimmed = name.trim();
    if (!trimmed || [...trimmed].length > NAME_MAX) throw badRequest(videoRoomMessages.name);
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
      const room = randomInt(ROOM_MIN, ROOM_MAX);
      const secret = token();
      const pin = token();
      try {
        await janus.create({ room, description: `${room} ${trimmed}`, kind, secret, pin });
      } catch (error) {
        if (error instanceof JanusError && error.janusCode === ROOM_EXISTS) continue;
        throw unavailable(error);
      }
      const createdAt = this.now();
      let stored: boolean;
      try {
        // ON CONFLICT DO NOTHING on both databases: a clash on the number is a row not inserted, not an error.
        const result = await this.db
          .insertInto('video_rooms')
          .values({
            room_id: room,
            tenant_id: tenantId,
            kind,
            name: trimmed,
            creator_id: userId,
            secret,
            pin,
            created_at: createdAt,
            closed_at: null,
          })
          .onConflict((conflict) => conflict.column('room_id').doNothing())
          .executeTakeFirst();
        stored = Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
      } catch (error) {
        await janus.destroy(room, secret).catch(() => undefined);
        throw error;
      }
      if (!stored) {
        await janus.destroy(room, secret).catch(() => undefined);
        continue;
      }
      const row = await this.rows(tenantId).where('r.room_id', '=', room).executeTakeFirstOrThrow();
      return summary(row, 0, true);
    }
    throw new AppError(503, videoRoomMessages.unavailable('没有找到空闲的会议室编号，请重试'));
  }

  /**
   * What a member of the tenant needs to join an open room of it: 404 for a room of another tenant, a
   * closed one, or one Janus no longer has (then closed here too).
   */
  async joinInfo(tenantId: number, userId: number, room: number): Promise<VideoRoomJoin> {
    const janus = this.requireJanus();
    const row = await this.openRoom(tenantId, room);
    const counts = await janus.participantCounts([room]).catch((error: unknown) => {
      throw unavailable(error);
    });
    if (counts.get(room) === 'gone') {
      await this.close(tenantId, [room]);
      throw new AppError(404, videoRoomMessages.notFound);
    }
    const user = await this.db.selectFrom('users').select('nick_name').where('user_id', '=', userId).executeTakeFirst();
    return {
      room,
      pin: row.pin,
      kind: row.kind as VideoRoomKind,
      description: `${room} ${row.name}`,
      server: this.publicUrl,
      display: user?.nick_name ?? String(userId),
      userId,
    };
  }

  /** Removes a participant (Janus's id) from a room; only its creator or an admin of the tenant. */
  async kick(tenantId: number, userId: number, room: number, participant: number): Promise<void> {
    const janus = this.requireJanus();
    const row = await this.managedRoom(tenantId, userId, room);
    try {
      await janus.kick(room, row.secret, participant);
    } catch (error) {
      if (error instanceof JanusError && error.janusCode === NO_SUCH_ROOM) {
        await this.close(tenantId, [room]);
        throw new AppError(404, videoRoomMessages.notFound);
      }
      if (error instanceof JanusError && error.janusCode === NO_SUCH_FEED) throw new AppError(404, videoRoomMessages.participantGone);
      throw unavailable(error);
    }
  }

  /** Closes a room for good; only its creator or an admin of the tenant. */
  async destroy(tenantId: number, userId: number, room: number): Promise<void> {
    await this.managedRoom(tenantId, userId, room);
    if (!(await this.destroyRoom(tenantId, room))) throw new AppError(404, videoRoomMessages.notFound);
  }

  /**
   * Closes a room of the tenant on Janus and here, without a permission check (the server's own use:
   * an intercom call that ended). False when there was no such open room (or Janus no longer had it,
   * which closes it here all the same); 503 with nothing changed when Janus cannot be reached.
   */
  async destroyRoom(tenantId: number, room: number): Promise<boolean> {
    const janus = this.requireJanus();
    const row = await this.rows(tenantId).where('r.room_id', '=', room).executeTakeFirst();
    if (!row) return false;
    let existed = true;
    try {
      await janus.destroy(room, row.secret);
    } catch (error) {
      if (!(error instanceof JanusError && error.janusCode === NO_SUCH_ROOM)) throw unavailable(error);
      existed = false;
    }
    await this.close(tenantId, [room]);
    return existed;
  }

  /** The creator and the tenant's admins may manage a room: 404 before 403, so another tenant's room is only ever missing. */
  private async managedRoom(tenantId: number, userId: number, room: number): Promise<RoomRow> {
    const row = await this.openRoom(tenantId, room);
    if (row.creator_id !== userId && !(await this.isAdmin(tenantId, userId))) throw forbidden(videoRoomMessages.notManager);
    return row;
  }

  private async openRoom(tenantId: number, room: number): Promise<RoomRow> {
    const row = await this.rows(tenantId).where('r.room_id', '=', room).executeTakeFirst();
    if (!row) throw new AppError(404, videoRoomMessages.notFound);
    return row;
  }

  /** The tenant's open rooms with their creators' names. */
  private rows(tenantId: number) {
    return this.db
      .selectFrom('video_rooms as r')
      .leftJoin('users as u', 'u.user_id', 'r.creator_id')
      .select([
        'r.room_id',
        'r.tenant_id',
        'r.kind',
        'r.name',
        'r.creator_id',
        'r.pin',
        'r.secret',
        'r.created_at',
        'u.nick_name as creator_name',
      ])
      .where('r.tenant_id', '=', tenantId)
      .where('r.closed_at', 'is', null);
  }

  private async close(tenantId: number, rooms: number[]): Promise<void> {
    await this.db
      .updateTable('video_rooms')
      .set({ closed_at: this.now() })
      .where('tenant_id', '=', tenantId)
      .where('room_id', 'in', rooms)
      .where('closed_at', 'is', null)
      .execute();
  }

  /** A tenant's admin: the role with key `admin` in that tenant (seed data and RuoYi's convention). */
  private async isAdmin(tenantId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_tenants as ut')
      .innerJoin('roles as ro', 'ro.role_id', 'ut.role_id')
      .select('ro.role_key')
      .where('ut.user_id', '=', userId)
      .where('ut.tenant_id', '=', tenantId)
      .where('ro.tenant_id', '=', tenantId)
      .where('ro.role_key', '=', 'admin')
      .executeTakeFirst();
    return row !== undefined;
  }

  private requireJanus(): JanusVideoRooms {
    if (!this.janus) throw new AppError(503, this.reason ?? videoRoomMessages.notConfigured);
    return this.janus;
  }
}

function summary(row: RoomRow, participants: number | 'gone' | undefined, canManage: boolean): VideoRoomSummary {
  return {
    room: row.room_id,
    kind: row.kind as VideoRoomKind,
    description: `${row.room_id} ${row.name}`,
    name: row.name,
    creatorId: row.creator_id,
    creatorName: row.creator_name ?? '',
    createdAt: row.created_at,
    participants: typeof participants === 'number' ? participants : null,
    canManage,
  };
}

/** Why Janus could not be used, in Chinese: not reachable, too slow, or refused. */
function describeFailure(error: unknown): string {
  if (error instanceof JanusError) return `Janus 拒绝了请求（${error.janusCode} ${error.message}）`;
  const failure = error as { name?: string; cause?: { code?: string } };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') return 'Janus 没有及时应答';
  return `无法连接 Janus${failure.cause?.code ? `（${failure.cause.code}）` : ''}`;
}

const unavailable = (error: unknown) => new AppError(503, videoRoomMessages.unavailable(describeFailure(error)));
