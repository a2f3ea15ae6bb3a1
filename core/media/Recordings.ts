import { createToken } from '../di/Token';
import type { HttpClient } from '../http/HttpClient';
import type { SessionFetch } from '../http/sessionFetch';
import { mediaStrings as t } from './mediaStrings';

/** One recorded segment of a camera (`GET /stream/records`). */
export interface RecordedSegment {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

export interface RecordList {
  deviceId: number;
  deviceName: string;
  /** Whether the server records at all (RECORDINGS=0 switches it off). */
  recording: boolean;
  segments: RecordedSegment[];
}

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

export function createRecordings(http: HttpClient, sessionFetch: SessionFetch): Recordings {
  return {
    async list(deviceId, beginTime, endTime) {
      return (await http.get<RecordList>('/stream/records', { deviceId, beginTime, endTime }, { loading: false, quiet: true })).data!;
    },
    segment: (deviceId, name) => video(sessionFetch(`/stream/record/file?deviceId=${deviceId}&name=${encodeURIComponent(name)}`)),
    clip: (deviceId, beginTime, endTime) =>
      video(sessionFetch(`/stream/record/clip?deviceId=${deviceId}&beginTime=${Math.round(beginTime)}&endTime=${Math.round(endTime)}`)),
  };
}
