import { randomBytes } from 'node:crypto';

/** Spec section 9: what every video room is created with. */
export const ROOM_DEFAULTS = { publishers: 32, bitrate: 20_480_000, fir_freq: 10 } as const;

/**
 * Spec section 9: camera rooms carry PCMU with VP8/H.264; other rooms Opus with VP8/VP9. Audio rooms
 * (intercom groups) carry Opus only: the videoroom plugin has no audio-only switch, so their members
 * publish no video and the room keeps the cheapest video codec should one be offered.
 */
export const ROOM_CODECS = {
  camera: { audiocodec: 'pcmu', videocodec: 'vp8,h264' },
  other: { audiocodec: 'opus', videocodec: 'vp8,vp9' },
  audio: { audiocodec: 'opus', videocodec: 'vp8' },
} as const;

export type RoomKind = keyof typeof ROOM_CODECS;

/** The kinds of 视频会商 rooms (the others, audio, are the intercom's): what POST /videoRoom/create takes and GET /videoRoom/list shows. */
export const VIDEO_ROOM_KINDS = (Object.keys(ROOM_CODECS) as RoomKind[]).filter(
  (kind): kind is Exclude<RoomKind, 'audio'> => kind !== 'audio',
);

export interface RoomSpec {
  room: number;
  /** Spec section 3: the room id plus the video's name. */
  description: string;
  kind: RoomKind;
  /** Needed to kick, destroy or edit the room: kept by the server, never sent to a browser. */
  secret: string;
  /** Needed to join the room: handed to the room's members only (POST /videoRoom/join). */
  pin?: string;
}

export interface RoomInfo {
  room: number;
  description: string;
  /** Janus lists the room's `publishers` as max_publishers. */
  max_publishers: number;
  bitrate: number;
  fir_freq: number;
  audiocodec: string;
  videocodec: string;
  num_participants: number;
}

export interface Participant {
  id: number;
  display?: string;
  publisher: boolean;
}

/** A refusal from Janus or its videoroom plugin: its error code (426: no such room) and reason. */
export class JanusError extends Error {
  constructor(
    readonly janusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

/** Spec section 9: 12-character random transaction ids. */
export function transactionId(): string {
  return randomBytes(9).toString('base64url').slice(0, 12);
}

type JanusReply = {
  janus: string;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { videoroom?: string; error_code?: number; error?: string } };
};

/**
 * The server's own use of Janus's REST API for the videoroom plugin: the synchronous requests (create,
 * list, listparticipants, kick, destroy), each on a short session of its own (create → attach →
 * message → destroy), so nothing is left to keep alive. Room creation carries the admin key.
 */
export class JanusVideoRooms {
  constructor(
    private readonly httpUrl: string,
    private readonly adminKey: string,
    private readonly timeoutMs = 8000,
  ) {}

  private async post(path: string, body: Record<string, unknown>): Promise<JanusReply> {
    // A Janus that does not answer is as unavailable as one that refuses the connection: not a hung request.
    const response = await fetch(`${this.httpUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: transactionId() }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const reply = (await response.json()) as JanusReply;
    if (reply.janus === 'error') throw new JanusError(reply.error?.code ?? 0, reply.error?.reason ?? 'API call failed');
    return reply;
  }

  /** Sends one videoroom request and answers its data; a plugin error becomes a JanusError. */
  async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const session = (await this.post('', { janus: 'create' })).data!.id;
    try {
      const handle = (await this.post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id;
      const reply = await this.post(`/${session}/${handle}`, { janus: 'message', body });
      const data = reply.plugindata?.data ?? {};
      if (data.videoroom === 'event' && data.error_code) throw new JanusError(Number(data.error_code), String(data.error ?? ''));
      return data;
    } finally {
      await this.post(`/${session}`, { janus: 'destroy' }).catch(() => undefined);
    }
  }

  /**
   * Creates a room with the spec's parameters (publishers 32, bitrate 20480000, fir_freq 10, codecs by
   * kind), private (left out of Janus's public list, which only the admin key sees) and, given a pin,
   * closed to anyone without it.
   */
  async create(spec: RoomSpec): Promise<void> {
    await this.request({
      request: 'create',
      admin_key: this.adminKey,
      room: spec.room,
      description: spec.description,
      secret: spec.secret,
      ...(spec.pin ? { pin: spec.pin } : {}),
      permanent: false,
      is_private: true,
      ...ROOM_DEFAULTS,
      ...ROOM_CODECS[spec.kind],
    });
  }

  async list(): Promise<RoomInfo[]> {
    return ((await this.request({ request: 'list', admin_key: this.adminKey })).list as RoomInfo[] | undefined) ?? [];
  }

  /**
   * How many are in each room, on one session: a number, 'gone' when Janus has no such room (426), or
   * undefined when it refused otherwise. Throws only when Janus cannot be reached at all.
   */
  async participantCounts(rooms: readonly number[]): Promise<Map<number, number | 'gone' | undefined>> {
    const counts = new Map<number, number | 'gone' | undefined>();
    if (!rooms.length) return counts;
    const session = (await this.post('', { janus: 'create' })).data!.id;
    try {
      const handle = (await this.post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id;
      for (const room of rooms) {
        try {
          const data =
            (await this.post(`/${session}/${handle}`, { janus: 'message', body: { request: 'listparticipants', room } })).plugindata
              ?.data ?? {};
          if (data.error_code === 426) counts.set(room, 'gone');
          else counts.set(room, Array.isArray(data.participants) ? data.participants.length : undefined);
        } catch (error) {
          if (!(error instanceof JanusError)) throw error;
          counts.set(room, undefined);
        }
      }
    } finally {
      await this.post(`/${session}`, { janus: 'destroy' }).catch(() => undefined);
    }
    return counts;
  }

  async participants(room: number): Promise<Participant[]> {
    return ((await this.request({ request: 'listparticipants', room })).participants as Participant[] | undefined) ?? [];
  }

  /** Removes a participant; needs the room's secret. */
  async kick(room: number, secret: string, id: number): Promise<void> {
    await this.request({ request: 'kick', room, secret, id });
  }

  async destroy(room: number, secret: string): Promise<void> {
    await this.request({ request: 'destroy', room, secret, permanent: false });
  }
}
