import type { ReplyOf, RouteInput } from '../../../contracts/api/defineRoute';
import { intercomRoutes } from '../../../contracts/api/intercomRoutes';
import { voiceRoutes } from '../../../contracts/api/voiceRoutes';
import type { IntercomReply, QuickGroup, QuickGroupCreated, VoiceRecording } from '../../../contracts/videoRooms';
import { createToken } from '../../di/Token';
import type { ApiCaller } from '../../http/ApiCaller';
import type { SessionFetch } from '../../http/sessionFetch';
import { voiceStrings as t } from './voiceStrings';
import { toBase64 } from './wav';
import { errorMessage } from '../../../contracts/errorMessage';

/** Spec section 8: the intercom host's 1000 means refused, with the message shown as it came. */
export const INTERCOM_REFUSED = 1000;

/** A quick-group step that failed, with what the operator reads. */
export class IntercomGroupError extends Error {
  override name = 'IntercomGroupError';
}

export interface TempGroup {
  /** The first gid of the list read after creating (spec section 4), the one the call goes on with. */
  gid: number;
  created: QuickGroupCreated;
}

/** Quick intercom groups (spec sections 4, 7, 8) and voice messages (upload, speech to text). */
export interface Intercom {
  /** List the caller's quick groups, delete each, create one with `uids`, list again, answer the first gid. */
  startTempGroup(uids: number[], callerId?: number): Promise<TempGroup>;
  uploadVoice(wav: Blob): Promise<VoiceRecording>;
  speechToText(wav: Blob): Promise<string>;
}

export const Intercom = createToken<Intercom>('Intercom', '语音对讲：临时群组、语音留言上传与转文字');

/** The routes the intercom host answers (contracts/api/intercomRoutes.ts: quick groups). */
export type IntercomHostRoute = (typeof intercomRoutes)['quickList' | 'quickDelete' | 'quickCreate'];

/** A quick-group call on the intercom host (`intercomBaseUrl`, else the API base), read as `{ status, message, data }`. */
export type IntercomHost = <Route extends IntercomHostRoute>(route: Route, input: RouteInput<Route>) => Promise<ReplyOf<Route>>;

/** The declared part of a call's input (`query` or `body`), if it has one. */
const partOf = (input: object, part: 'query' | 'body'): unknown => new Map(Object.entries(input)).get(part);

export function createIntercomHost(sessionFetch: SessionFetch, baseUrl: () => string | null | undefined): IntercomHost {
  return async (route, input) => {
    const query = partOf(input, 'query');
    const search = new URLSearchParams({
      ...Object.fromEntries(Object.entries(typeof query === 'object' && query ? query : {}).map(([key, value]) => [key, String(value)])),
      noCache: String(Date.now()),
    });
    const base = baseUrl();
    const url = `${base ? base.replace(/\/+$/, '') : ''}${route.path}${route.method === 'GET' ? `?${search.toString()}` : ''}`;
    const response = await sessionFetch(
      url,
      route.method === 'POST'
        ? { method: 'POST', headers: { 'Content-Type': 'application/json;charset=utf-8' }, body: JSON.stringify(partOf(input, 'body')) }
        : { method: route.method },
    );
    // The host answers the declared reply (IntercomReply); each caller checks its status before reading data.
    return response.json();
  };
}

const refused = (reply: IntercomReply<unknown> | undefined) => reply?.status === INTERCOM_REFUSED;
const serverMessage = (reply: IntercomReply<unknown> | undefined) => reply?.message || reply?.msg || '';

async function listGroups(host: IntercomHost): Promise<QuickGroup[]> {
  let reply: IntercomReply<QuickGroup[]> | undefined;
  try {
    reply = await host(intercomRoutes.quickList, {});
  } catch {
    reply = undefined;
  }
  if (refused(reply)) throw new IntercomGroupError(serverMessage(reply) || t.serviceError);
  // A bad list reply: the server's message, else 服务异常 (spec section 8).
  if (!reply || reply.status !== 0 || !Array.isArray(reply.data)) throw new IntercomGroupError(serverMessage(reply) || t.serviceError);
  return reply.data;
}

export interface IntercomDeps {
  host: IntercomHost;
  api: ApiCaller;
  sessionFetch: SessionFetch;
  random?: () => number;
  /** The signed-in user (only their own groups are deleted), when `startTempGroup` is not told. */
  callerId?: () => number | undefined;
}

export function createIntercom({ host, api, sessionFetch, random = Math.random, callerId: signedIn }: IntercomDeps): Intercom {
  return {
    async startTempGroup(uids, caller) {
      const callerId = caller ?? signedIn?.();
      // Creation is skipped unless the list loaded (spec section 5): listGroups throws otherwise.
      const existing = await listGroups(host);
      for (const group of existing) {
        if (callerId !== undefined && group.creatorId !== undefined && group.creatorId !== callerId) continue;
        const reply = await host(intercomRoutes.quickDelete, { query: { gid: group.gid } }).catch(() => undefined);
        if (refused(reply)) throw new IntercomGroupError(serverMessage(reply) || t.serviceError);
      }
      let created: IntercomReply<QuickGroupCreated> | undefined;
      try {
        created = await host(intercomRoutes.quickCreate, { body: { uids, name: t.groupName(Math.floor(random() * 10_002)) } });
      } catch {
        created = undefined;
      }
      if (refused(created) && serverMessage(created)) throw new IntercomGroupError(serverMessage(created));
      if (!created || created.status !== 0 || !created.data) throw new IntercomGroupError(t.groupCreateFailed);
      const groups = await listGroups(host);
      // The spec passes on the first gid of the new list; the group just made, when the list holds others too.
      const first = groups.find((group) => group.gid === created.data!.gid) ?? groups[0];
      if (!first) throw new IntercomGroupError(t.groupCreateFailed);
      return { gid: first.gid, created: created.data };
    },

    async uploadVoice(wav) {
      let envelope: { code?: number; msg?: string; data?: VoiceRecording };
      try {
        const response = await sessionFetch(voiceRoutes.upload.path, {
          method: 'POST',
          headers: { 'Content-Type': 'audio/wav' },
          body: wav,
        });
        envelope = (await response.json()) as typeof envelope;
      } catch (error) {
        throw new Error(t.uploadFailed(errorMessage(error)), { cause: error });
      }
      if (envelope.code !== 200 || !envelope.data) throw new Error(t.uploadFailed(envelope.msg || t.serviceError));
      return envelope.data;
    },

    async speechToText(wav) {
      const bytes = await wav.arrayBuffer();
      try {
        const reply = await api.call(
          voiceRoutes.speechToText,
          { body: { wavData: toBase64(bytes), wavSize: bytes.byteLength } },
          { loading: false, quiet: true },
        );
        return reply.data?.text ?? '';
      } catch (error) {
        throw new Error(t.speechFailed(errorMessage(error)), { cause: error });
      }
    },
  };
}
