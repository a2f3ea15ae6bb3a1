import { createToken } from '../di/Token';
import type { HttpClient } from '../http/HttpClient';
import type { SessionFetch } from '../http/sessionFetch';
import { mediaStrings as t } from './mediaStrings';
import { StreamClient, StreamEndpointError, type SdpExchange, type StreamEnvironment } from './StreamClient';

/** Where a camera plays (`GET /stream/getStream`). */
export interface StreamAddress {
  deviceId: number;
  deviceName: string;
  /** The stream endpoint's SDP address: absolute (a media server of its own) or relative to the API base. */
  streamUrl: string;
  /** False when the server cannot run the camera's source; `reason` says why. */
  available?: boolean;
  reason?: string;
}

/** What a video tile shows while a camera plays. */
export type CameraStreamState = { status: 'connecting' } | { status: 'playing' } | { status: 'unavailable'; message: string } | { status: 'failed'; message: string };

/** Live camera video: asks where a camera plays and plays it into a video element (receive-only). */
export interface CameraStreams {
  /** Plays the camera into `video`, reporting each state; the returned function stops it and clears the video. */
  play(deviceId: number, video: HTMLVideoElement, onState: (state: CameraStreamState) => void): () => void;
}

export const CameraStreams = createToken<CameraStreams>('CameraStreams', '摄像机实时视频：取流地址并经流媒体端点播放');

/** Posts an SDP offer as text/plain and reads `{code: 0, sdp}` (spec section 7). */
export function createSdpExchange(sessionFetch: SessionFetch): SdpExchange {
  return async (streamUrl, offerSdp) => {
    const response = await sessionFetch(streamUrl, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=utf-8' }, body: offerSdp });
    let reply: { code?: unknown; sdp?: unknown; msg?: unknown };
    try {
      reply = (await response.json()) as typeof reply;
    } catch {
      throw new Error(t.endpointUnreadable);
    }
    if (reply.code === 0 && typeof reply.sdp === 'string') return reply.sdp;
    const code = typeof reply.code === 'number' ? reply.code : -1;
    throw new StreamEndpointError(code, typeof reply.msg === 'string' && reply.msg ? reply.msg : t.endpointRefused(code));
  };
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame can be shown. */
const HAVE_CURRENT_DATA = 2;

/** The reference stream endpoint's code for a camera whose source cannot run (视频源不可用). */
const SOURCE_UNAVAILABLE = 503;

export function createCameraStreams(http: HttpClient, exchange: SdpExchange, environment?: StreamEnvironment): CameraStreams {
  return {
    play(deviceId, video, onState) {
      let client: StreamClient | undefined;
      let stopped = false;
      onState({ status: 'connecting' });
      void (async () => {
        let address: StreamAddress;
        try {
          address = (await http.get<StreamAddress>('/stream/getStream', { type: 'play', deviceId }, { loading: false, quiet: true })).data!;
        } catch (error) {
          if (!stopped) onState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
          return;
        }
        if (stopped) return;
        if (address.available === false) return onState({ status: 'unavailable', message: address.reason ?? t.streamUnavailable });
        client = new StreamClient(exchange, environment);
        await client.start({ streamUrl: address.streamUrl, recvOnly: true, videoEnable: true }, video, (result) => {
          if (stopped) return;
          // Playing once a picture is decoded: until then the tile keeps its spinner, not a black box.
          if (result.code === 2) {
            if (video.readyState >= HAVE_CURRENT_DATA) onState({ status: 'playing' });
            else video.addEventListener('loadeddata', () => !stopped && onState({ status: 'playing' }), { once: true });
          }
          // The endpoint saying the camera's source cannot run (503) is a state of the camera, not a fault.
          else if (result.code === -1) onState(result.endpoint?.endpointCode === SOURCE_UNAVAILABLE ? { status: 'unavailable', message: result.endpoint.message } : { status: 'failed', message: result.message });
        });
      })();
      return () => {
        stopped = true;
        client?.close(video);
        if (!client) {
          if (!video.paused) video.pause();
          video.srcObject = null;
        }
      };
    },
  };
}
