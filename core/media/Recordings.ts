import type { QueryOf, RouteDeclaration } from '../../contracts/api/defineRoute';
import { streamRoutes } from '../../contracts/api/streamRoutes';
import type { RecordedSegment, RecordList } from '../../contracts/stream';
import { createToken } from '../di/Token';
import type { ApiCaller } from '../http/ApiCaller';
import type { SessionFetch } from '../http/sessionFetch';
import { mediaStrings as t } from './mediaStrings';

export type { RecordedSegment, RecordList };

/** 录像回放's calls: a camera's segments over a time range, and one segment's video. */
export interface Recordings {
  list(deviceId: number, beginTime: number, endTime: number): Promise<RecordList>;
  /** The segment's WebM as a Blob (fetched with the session: a video element cannot send it). */
  segment(deviceId: number, name: string): Promise<Blob>;
  /** A clip over [beginTime, endTime] across segments, cut by the server into one WebM (at most 60 minutes). */
  clip(deviceId: number, beginTime: number, endTime: number): Promise<Blob>;
}

export const Recordings = createToken<Recordings>('Recordings', '摄像机录像：按时间查询录像段并取回录像文件');

/** A video answer as a Blob; errors come back as the JSON envelope (HTTP 200), video as video/webm. */
async function video(answer: Promise<Response>): Promise<Blob> {
  const response = await answer;
  if (!(response.headers.get('content-type') ?? '').startsWith('video/')) {
    const reply = (await response.json().catch(() => ({}))) as { msg?: string };
    throw new Error(reply.msg || t.recordingUnreadable);
  }
  return response.blob();
}

/** A file route's address under the API with its declared query (the video is fetched as bytes, not through `api.call`). */
function fileUrl<Route extends RouteDeclaration>(route: Route, query: QueryOf<Route> & object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, String(value));
  return `${route.path}?${search.toString()}`;
}

export function createRecordings(api: ApiCaller, sessionFetch: SessionFetch): Recordings {
  return {
    async list(deviceId, beginTime, endTime) {
      return (await api.call(streamRoutes.records, { query: { deviceId, beginTime, endTime } }, { loading: false, quiet: true })).data;
    },
    segment: (deviceId, name) => video(sessionFetch(fileUrl(streamRoutes.recordFile, { deviceId, name }))),
    clip: (deviceId, beginTime, endTime) =>
      video(sessionFetch(fileUrl(streamRoutes.recordClip, { deviceId, beginTime: Math.round(beginTime), endTime: Math.round(endTime) }))),
  };
}
