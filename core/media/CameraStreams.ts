import { streamRoutes } from '../../contracts/api/streamRoutes';
import type { LiveOperator, StreamAddress } from '../../contracts/stream';
import { createToken } from '../di/Token';
import type { ApiCaller } from '../http/ApiCaller';
import type { SessionFetch } from '../http/sessionFetch';
import { mediaStrings as t } from './mediaStrings';
import {
  DEFAULT_CAPTURE,
  StreamClient,
  StreamEndpointError,
  type SdpExchange,
  type StreamEnvironment,
  type StreamResult,
} from './StreamClient';
import { errorMessage } from '../../contracts/errorMessage';

export type { LiveOperator, StreamAddress };

/** What a video tile shows while a camera plays (or, pushing, while the operator's own picture goes out). */
export type CameraStreamState =
  { status: 'connecting' } | { status: 'playing' } | { status: 'unavailable'; message: string } | { status: 'failed'; message: string };

/**
 * What a video tile plays from: one picture into a video element (receive-only). Stand-ins (stories, a
 * video room's participants) implement only this; the app's service is the wider `LiveStreams`.
 */
export interface CameraStreams {
  /** Plays the camera into `video`, reporting each state; the returned function stops it and clears the video. */
  play(deviceId: number, video: HTMLVideoElement, onState: (state: CameraStreamState) => void): () => void;
}

/** What an operator pushes: their camera or their screen. */
export type PushSource = 'camera' | 'screen';

/** The app's live video: cameras, the tenant's operators' pushed pictures, and pushing one's own. */
export interface LiveStreams extends CameraStreams {
  /** Plays an operator's pushed picture like a camera; it ends (unavailable) when they stop pushing. */
  playOperator(userId: number, video: HTMLVideoElement, onState: (state: CameraStreamState) => void): () => void;
  /**
   * Pushes the operator's camera (1280×720) or screen, shown muted in `preview`: connecting, then playing
   * once the picture goes out; the returned function stops every track and ends the push on the server
   * (POST /stream/push/stop), resolving once the server has answered.
   */
  push(source: PushSource, preview: HTMLVideoElement, onState: (state: CameraStreamState) => void): () => Promise<void>;
  /** The tenant's operators who push a picture now. */
  liveOperators(): Promise<LiveOperator[]>;
}

export const CameraStreams = createToken<LiveStreams>(
  'CameraStreams',
  '实时视频：摄像机与操作员推送的画面经流媒体端点播放，推送本机摄像头或屏幕',
);

/** Posts an SDP offer as text/plain and reads `{code: 0, sdp}` (spec section 7). */
export function createSdpExchange(sessionFetch: SessionFetch): SdpExchange {
  return async (streamUrl, offerSdp) => {
    const response = await sessionFetch(streamUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=utf-8' },
      body: offerSdp,
    });
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
/** The stream endpoint's code for an operator who pushes nothing (该操作员当前没有推流). */
const NOT_PUSHING = 404;

const browserEnvironment = (): StreamEnvironment => ({
  createPeer: () => new RTCPeerConnection({ iceServers: [] }),
  mediaDevices: globalThis.navigator?.mediaDevices,
});

/** `base`, telling `onPeer` of each peer it creates (to watch its connection). */
const watching = (base: StreamEnvironment, onPeer: (peer: RTCPeerConnection) => void): StreamEnvironment => ({
  ...base,
  createPeer: () => {
    const peer = base.createPeer();
    onPeer(peer);
    return peer;
  },
});

const errorName = (error: unknown) =>
  error && typeof error === 'object' && typeof (error as { name?: unknown }).name === 'string' ? (error as { name: string }).name : '';

/** A capture error as an operator reads it (the stream client prefixes 获取本地媒体流失败：). */
export function captureError(error: unknown, source: PushSource): Error {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return new Error(source === 'screen' ? t.screenRefused : t.captureRefused);
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return new Error(source === 'screen' ? t.screenUnsupported : t.noCamera);
    case 'NotReadableError':
    case 'TrackStartError':
      if (source === 'camera') return new Error(t.cameraBusy);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The browser's devices with their refusals in Chinese, and screen sharing refused where the browser has none. */
const translatedDevices = (devices: StreamEnvironment['mediaDevices']): StreamEnvironment['mediaDevices'] =>
  devices && {
    getUserMedia: (constraints) =>
      devices.getUserMedia(constraints).catch((error: unknown) => {
        throw captureError(error, 'camera');
      }),
    getDisplayMedia: (options) =>
      typeof devices.getDisplayMedia !== 'function'
        ? Promise.reject(new Error(t.screenUnsupported))
        : devices.getDisplayMedia(options).catch((error: unknown) => {
            throw captureError(error, 'screen');
          }),
  };

const messageOf = (error: unknown) => errorMessage(error);
const quietly = { loading: false, quiet: true } as const;

/** How a camera's play tries again: its picture's deadline, the tries, the pause between them, what counts as lost. */
export interface PlayTiming {
  /** From the offer to the first decoded frame, at most. */
  firstPictureMs: number;
  /** Tries in a row before the tile says it failed (a picture that played starts them over). */
  tries: number;
  /** The pause before try n + 1 is n times this. */
  retryDelayMs: number;
  /** A playing video whose time stands still this long has lost its picture. */
  stallMs: number;
  /** A connection 'disconnected' this long is lost. */
  disconnectedGraceMs: number;
}

export const DEFAULT_PLAY_TIMING: PlayTiming = {
  firstPictureMs: 20_000,
  tries: 3,
  retryDelayMs: 1_000,
  stallMs: 10_000,
  disconnectedGraceMs: 5_000,
};

export function createCameraStreams(
  api: ApiCaller,
  exchange: SdpExchange,
  environment?: StreamEnvironment,
  timing: PlayTiming = DEFAULT_PLAY_TIMING,
): LiveStreams {
  /** The last POST /stream/push/stop: a new push waits for it, so a late stop never ends the new picture. */
  let stopping: Promise<void> = Promise.resolve();
  const stopPush = () => {
    stopping = api.call(streamRoutes.stopPush, {}, quietly).then(
      () => undefined,
      () => undefined,
    );
    return stopping;
  };

  const liveOperators = async () => (await api.call(streamRoutes.live, {}, quietly)).data ?? [];

  /**
   * Plays what `streamUrl` sends into `video`: playing once a frame is decoded (until then the tile keeps
   * its spinner, not a black box); a refusal goes to `refused`. `onPeer` watches the connection.
   */
  function receive(
    streamUrl: string,
    video: HTMLVideoElement,
    session: { stopped(): boolean; report(state: CameraStreamState): void; refused(result: Extract<StreamResult, { code: -1 }>): void },
    onPeer?: (peer: RTCPeerConnection) => void,
  ): StreamClient {
    const client = new StreamClient(exchange, onPeer ? watching(environment ?? browserEnvironment(), onPeer) : environment);
    void client.start({ streamUrl, recvOnly: true, videoEnable: true }, video, (result) => {
      if (session.stopped()) return;
      if (result.code === 2) {
        if (video.readyState >= HAVE_CURRENT_DATA) session.report({ status: 'playing' });
        else video.addEventListener('loadeddata', () => !session.stopped() && session.report({ status: 'playing' }), { once: true });
      } else if (result.code === -1) session.refused(result);
    });
    return client;
  }

  const clear = (video: HTMLVideoElement) => {
    if (!video.paused) video.pause();
    video.srcObject = null;
  };

  return {
    play(deviceId, video, onState) {
      let stopped = false;
      /** The current try's client; a try that is over no longer reports (its peer's events included). */
      let client: StreamClient | undefined;
      let tries = 0;
      let playing = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stallCheck: ReturnType<typeof setInterval> | undefined;
      const report = (state: CameraStreamState) => !stopped && onState(state);
      const endTry = () => {
        clearTimeout(timer);
        clearInterval(stallCheck);
        timer = stallCheck = undefined;
        client?.close(video);
        client = undefined;
      };
      /**
       * The picture did not start, or was lost (a busy server, a source restarted, a network blip): a control
       * room's tile connects again by itself, a few tries each time, and only then says why it cannot play.
       */
      const retry = (message: string) => {
        if (stopped) return;
        endTry();
        if (playing) {
          playing = false;
          tries = 0;
          report({ status: 'connecting' });
        }
        if (tries >= timing.tries) return report({ status: 'failed', message });
        timer = setTimeout(() => void tryPlay(), timing.retryDelayMs * tries);
      };
      /** While it plays, the picture must move: a video whose time stands still has lost its source. */
      const watchPicture = () => {
        let seen = video.currentTime;
        let stillSince = Date.now();
        stallCheck = setInterval(() => {
          // A paused video (the operator paused it) is not a lost picture.
          if (video.currentTime !== seen || video.paused) [seen, stillSince] = [video.currentTime, Date.now()];
          else if (Date.now() - stillSince >= timing.stallMs) retry(t.pictureLost);
        }, timing.stallMs / 4);
      };
      const tryPlay = async () => {
        tries++;
        let address: Pick<StreamAddress, 'streamUrl' | 'available' | 'reason'>;
        try {
          address = (await api.call(streamRoutes.getStream, { query: { type: 'play', deviceId } }, quietly)).data;
        } catch (error) {
          return report({ status: 'failed', message: messageOf(error) });
        }
        if (stopped) return;
        if (address.available === false) return report({ status: 'unavailable', message: address.reason ?? t.streamUnavailable });
        timer = setTimeout(() => retry(t.noPicture), timing.firstPictureMs);
        const current: StreamClient = receive(
          address.streamUrl,
          video,
          {
            stopped: () => stopped || client !== current,
            report: (state) => {
              if (state.status === 'playing') {
                clearTimeout(timer);
                playing = true;
                watchPicture();
              }
              report(state);
            },
            refused: (result) => {
              // The endpoint's refusal is the camera's state (503: its source cannot run); a transport failure is tried again.
              if (!result.endpoint) return retry(result.message);
              endTry();
              report(
                result.endpoint.endpointCode === SOURCE_UNAVAILABLE
                  ? { status: 'unavailable', message: result.endpoint.message }
                  : { status: 'failed', message: result.message },
              );
            },
          },
          (peer) => {
            let disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
            peer.addEventListener('connectionstatechange', () => {
              if (client !== current) return;
              clearTimeout(disconnectedTimer);
              if (peer.connectionState === 'failed' || peer.connectionState === 'closed') retry(t.pictureLost);
              // 'disconnected' may heal by itself within a few seconds; past that the picture is gone.
              else if (peer.connectionState === 'disconnected')
                disconnectedTimer = setTimeout(() => client === current && retry(t.pictureLost), timing.disconnectedGraceMs);
            });
          },
        );
        client = current;
      };
      report({ status: 'connecting' });
      void tryPlay();
      return () => {
        stopped = true;
        endTry();
        clear(video);
      };
    },

    playOperator(userId, video, onState) {
      let stopped = false;
      let checking: Promise<boolean> | undefined;
      onState({ status: 'connecting' });
      const end = (state: CameraStreamState) => {
        if (stopped) return;
        onState(state);
        stopped = true;
        client.close(video);
      };
      /** Whether the operator has stopped pushing (then the tile says so and the session ends); one read at a time. */
      const gone = (): Promise<boolean> => {
        if (stopped) return Promise.resolve(true);
        checking ??= liveOperators()
          .then((live) => {
            if (live.some((operator) => operator.userId === userId)) return false;
            end({ status: 'unavailable', message: t.operatorEnded });
            return true;
          })
          .catch(() => false)
          .finally(() => (checking = undefined));
        return checking;
      };
      const client = receive(
        `${streamRoutes.play.path}?userId=${userId}`,
        video,
        {
          stopped: () => stopped,
          report: onState,
          refused: (result) => {
            if (result.endpoint?.endpointCode === NOT_PUSHING) return end({ status: 'unavailable', message: result.endpoint.message });
            void gone().then((ended) => !ended && end({ status: 'failed', message: result.message }));
          },
        },
        // The picture's end reaches a viewer as a lost connection: the live list says whether it was the push that ended.
        (peer) => {
          const lost = () => {
            if (
              ['disconnected', 'failed', 'closed'].includes(peer.connectionState) ||
              ['disconnected', 'failed', 'closed'].includes(peer.iceConnectionState)
            )
              void gone();
          };
          peer.addEventListener('connectionstatechange', lost);
          peer.addEventListener('iceconnectionstatechange', lost);
        },
      );
      return () => {
        stopped = true;
        client.close(video);
      };
    },

    push(source, preview, onState) {
      let client: StreamClient | undefined;
      let stopped = false;
      let offered = false;
      onState({ status: 'connecting' });
      const report = (state: CameraStreamState) => !stopped && onState(state);
      const stop = (): Promise<void> => {
        if (stopped) return stopping;
        stopped = true;
        if (client) client.close(preview);
        else clear(preview);
        return offered ? stopPush() : stopping;
      };
      /** The push ends on its own (capture ended, connection lost): the preview says why. */
      const end = (state: CameraStreamState) => {
        report(state);
        void stop();
      };
      // Offers wait for an earlier stop; a stop while the offer is out ends what it started.
      const send: SdpExchange = async (streamUrl, offerSdp) => {
        await stopping;
        if (stopped) throw new Error(t.pushInterrupted);
        offered = true;
        const answer = await exchange(streamUrl, offerSdp);
        if (stopped) void stopPush();
        return answer;
      };
      void (async () => {
        let address: Pick<StreamAddress, 'streamUrl' | 'available' | 'reason'>;
        try {
          address = (await api.call(streamRoutes.getStream, { query: { type: 'push' } }, quietly)).data;
        } catch (error) {
          return report({ status: 'failed', message: messageOf(error) });
        }
        if (stopped) return;
        if (address.available === false) return report({ status: 'unavailable', message: address.reason ?? t.streamUnavailable });
        const base = environment ?? browserEnvironment();
        client = new StreamClient(
          send,
          watching({ ...base, mediaDevices: translatedDevices(base.mediaDevices) }, (peer) => {
            // Playing once the picture goes out; a connection lost for good ends the push.
            peer.addEventListener('connectionstatechange', () => {
              if (peer.connectionState === 'connected') report({ status: 'playing' });
              else if (peer.connectionState === 'failed') end({ status: 'failed', message: t.pushInterrupted });
            });
          }),
        );
        await client.start(
          {
            streamUrl: address.streamUrl,
            useCamera: source === 'camera',
            videoEnable: true,
            audioEnable: false,
            w: DEFAULT_CAPTURE.width,
            h: DEFAULT_CAPTURE.height,
          },
          preview,
          (result) => {
            if (stopped) return;
            if (result.code === 1) {
              void Promise.resolve(preview.play()).catch(() => undefined);
              // The browser's own 停止共享 (or an unplugged camera) ends the captured track: the push ends with it.
              for (const track of result.stream.getTracks()) {
                if (track.kind === 'video')
                  track.addEventListener(
                    'ended',
                    () => end({ status: 'unavailable', message: source === 'screen' ? t.screenEnded : t.cameraEnded }),
                    { once: true },
                  );
              }
            } else if (result.code === -1) end({ status: 'failed', message: result.message });
          },
        );
      })();
      return stop;
    },

    liveOperators,
  };
}
