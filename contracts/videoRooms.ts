/**
 * Video rooms and voice intercom: the calls between the web app and the server (server/videoRooms/,
 * server/intercom/), and the product socket's messages. Media itself goes between the browser and Janus.
 */

/** Spec section 9: camera rooms use pcmu + vp8/h264, other rooms opus + vp8/vp9; audio rooms (intercom groups) opus only. */
export type VideoRoomKind = 'camera' | 'other' | 'audio';

/** A room as the tenant's members see it (no secret, no pin: those come with `join`). */
export interface VideoRoomSummary {
  /** Janus's room number. */
  room: number;
  kind: VideoRoomKind;
  /** Spec section 3: description = room id plus the video name. */
  description: string;
  name: string;
  creatorId: number;
  creatorName: string;
  createdAt: number;
  /** How many are in it now (publishers and subscribers Janus reports); null when Janus did not answer. */
  participants: number | null;
  /** Whether the caller may kick and destroy: the room's creator or an admin of the tenant. */
  canManage: boolean;
}

/** GET /videoRoom/list → data: VideoRoomSummary[] (the caller's tenant, open rooms, newest first). */
export type VideoRoomList = VideoRoomSummary[];

/** The kinds an operator creates (audio rooms are the intercom groups' own). */
export const VIDEO_ROOM_CREATE_KINDS = ['camera', 'other'] as const;
export const VIDEO_ROOM_NAME_MESSAGE = '会议室名称必须是 1 到 40 个字符';

/** POST /videoRoom/create (JSON) → data: VideoRoomSummary. name 1–40 characters. */
export interface VideoRoomCreateBody {
  name: string;
  kind: (typeof VIDEO_ROOM_CREATE_KINDS)[number];
}

/**
 * POST /videoRoom/join (JSON { room }) → data: VideoRoomJoin. What a member needs to join on Janus:
 * the address, the room and its pin. Another tenant's room or a closed one: 404 会议室不存在或已关闭.
 */
export interface VideoRoomJoin {
  room: number;
  pin: string;
  kind: VideoRoomKind;
  description: string;
  /** Janus's WebSocket (ws://…) or REST (http…/janus) address for the browser. */
  server: string;
  /** The display name to join with (the operator's nick name), and the user id it stands for. */
  display: string;
  userId: number;
}

/** POST /videoRoom/kick (JSON, spec section 3 Kick: room, uid = the Janus participant id). 403 unless canManage. */
export interface VideoRoomKickBody {
  room: number;
  uid: number;
}

/** POST /videoRoom/destroy (JSON { room }): closes the room on Janus and for good. 403 unless canManage. */
export interface VideoRoomDestroyBody {
  room: number;
}

/** GET /videoRoom/status → data: whether rooms are available and, if not, why (shown in the UI). */
export interface VideoRoomStatus {
  available: boolean;
  /** Chinese reason when not available (e.g. 未找到 janus…). */
  message: string | null;
}

/** Spec section 3: quick (temporary) intercom group. */
export interface QuickGroup {
  gid: number;
  name: string;
  uids: number[];
  /** Who created it (the only one who may delete it): the spec's flow deletes the caller's own groups before creating one. */
  creatorId: number;
}

/** What POST /gis/sapi/group/quick/create answers: the group and how its creator joins its audio room. */
export interface QuickGroupCreated extends QuickGroup {
  join: VideoRoomJoin;
}

/**
 * The intercom host's replies (spec section 7, {intercom host}/gis/sapi/group/quick/…): `status` 0 = ok,
 * 1000 = refused with `message` shown to the operator (spec section 8). They also carry the envelope's
 * `code` and `msg` (200 / the refusal's 400, 403, 404 or 503), so the app's envelope client reads them too;
 * an expired session is the envelope's 401 alone.
 */
export interface IntercomReply<T> {
  status: number;
  message?: string;
  data?: T;
  code?: number;
  msg?: string;
}

/** POST /gis/sapi/group/quick/create (JSON): uids, name (群组 + a random number up to 10001) → data: QuickGroupCreated. */
export interface QuickGroupCreateBody {
  uids: number[];
  name: string;
}

/** POST /intercom/hangup and POST /intercom/join (JSON { gid }): leave a call (the others hear tempcall 1) / the caller's VideoRoomJoin of a group. */
export interface IntercomGroupBody {
  gid: number;
}

/** GET /intercom/operators → data: who can be called (the tenant's users but the caller, with whether they are online). */
export interface IntercomOperator {
  userId: number;
  nickName: string;
  online: boolean;
}

/** What a temporary call carries (product socket, tempcall result 2): the group and how to join its audio room. */
export interface TempCallData {
  gid: number;
  name: string;
  fromUserId: number;
  fromName: string;
  uids: number[];
  join: VideoRoomJoin;
}

/**
 * Product socket messages (spec section 3: response, result, data; section 4):
 * - { response: 'logout' }: the session ended; the client closes the socket for good.
 * - { response: 'login', result: -3 | -4 }: the account logged in elsewhere (-3) or was signed out by an admin (-4): repeat-login event.
 * - { response: 'tempcall', result: 1, data: { gid } }: hang up that call.
 * - { response: 'tempcall', result: 2, data: TempCallData }: an incoming temporary group call.
 */
export type ProductSocketMessage =
  | { response: 'logout'; result: 0; data?: null }
  | { response: 'login'; result: -3 | -4; data: { message: string } }
  | { response: 'tempcall'; result: 1; data: { gid: number; byUserId: number } }
  | { response: 'tempcall'; result: 2; data: TempCallData };

/**
 * POST /voice/record/upload: the wav itself as the body, Content-Type audio/wav (PCM, mono, 16 kHz, 16-bit,
 * ≤ 10 MB; no multipart: the server has no multipart parser) → data: VoiceRecording. GET /voice/record/list →
 * data: VoiceRecording[] (the tenant's, newest first); GET /voice/record/file?id= → the wav.
 */
/** The largest voice recording taken (the wav's bytes). */
export const MAX_VOICE_BYTES = 10 * 1024 * 1024;

export interface VoiceRecording {
  id: number;
  size: number;
  durationMs: number;
  createdAt: number;
}

/** POST /voice/speechToText (JSON { wavData: base64, wavSize }) → data: { text } or an error when no engine is configured. */
export interface SpeechToTextBody {
  wavData: string;
  wavSize: number;
}
