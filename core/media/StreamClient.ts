import { mediaStrings as t } from './mediaStrings';
import { errorMessage } from '../../contracts/errorMessage';

/** Spec section 3: the stream push/play options. */
export interface StreamOptions {
  /** The stream endpoint's SDP address (POST text/plain offer → `{code: 0, sdp}`). */
  streamUrl: string;
  /** Capture the camera (true) or the screen (false) when publishing. */
  useCamera?: boolean;
  audioEnable?: boolean;
  videoEnable?: boolean;
  /** Only receive, even when audio or video is enabled. */
  recvOnly?: boolean;
  /** Capture size (default 1280×720, spec section 9). */
  w?: number;
  h?: number;
  usedatachannel?: boolean;
}

/**
 * Spec section 4, live session result codes: -1 failure (ICE negotiation error, offer/answer exchange
 * failed, or local capture failed; the session is closed on the last two); 1 local stream obtained
 * (shown muted); 2 remote stream obtained and playing.
 */
export type StreamResult =
  /** `endpoint`: the stream endpoint refused the offer, with its code and message. */
  { code: -1; message: string; endpoint?: StreamEndpointError } | { code: 1; stream: MediaStream } | { code: 2; stream: MediaStream };

/** A stream endpoint's refusal: its non-zero code and its message. */
export class StreamEndpointError extends Error {
  constructor(
    readonly endpointCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'StreamEndpointError';
  }
}

/** Posts an SDP offer to a stream endpoint and answers its SDP answer; throws a StreamEndpointError when refused. */
export type SdpExchange = (streamUrl: string, offerSdp: string) => Promise<string>;

export const DEFAULT_CAPTURE = { width: 1280, height: 720 } as const;

/** What the client needs from the browser (tests pass stand-ins). */
export interface StreamEnvironment {
  createPeer(): RTCPeerConnection;
  mediaDevices?: Pick<MediaDevices, 'getUserMedia' | 'getDisplayMedia'> | undefined;
}

const browserEnvironment = (): StreamEnvironment => ({
  createPeer: () => new RTCPeerConnection({ iceServers: [] }),
  mediaDevices: globalThis.navigator?.mediaDevices,
});

/** How long to wait for ICE candidates before sending the offer anyway (the endpoint does not trickle). */
const GATHER_TIMEOUT_MS = 3000;

/**
 * One push or play session with a stream endpoint (spec section 4): receive-only when asked or when
 * neither audio nor video is enabled, otherwise capture the camera/microphone or the screen first, then
 * negotiate; results are reported as the spec's codes. `close()` stops every track and clears the video.
 */
export class StreamClient {
  private peer: RTCPeerConnection | undefined;
  private local: MediaStream | undefined;
  private closed = false;

  constructor(
    private readonly exchange: SdpExchange,
    private readonly environment: StreamEnvironment = browserEnvironment(),
  ) {}

  /** Whether the session only receives. */
  static receiveOnly(options: StreamOptions): boolean {
    return Boolean(options.recvOnly) || (!options.audioEnable && !options.videoEnable);
  }

  async start(options: StreamOptions, video: HTMLVideoElement | null, onResult: (result: StreamResult) => void): Promise<void> {
    const receiveOnly = StreamClient.receiveOnly(options);
    if (!receiveOnly) {
      try {
        this.local = await this.capture(options);
      } catch (error) {
        onResult({ code: -1, message: t.captureFailed(errorMessage(error)) });
        this.close(video);
        return;
      }
      if (this.closed) return this.stopLocal();
      if (video) {
        video.muted = true;
        video.srcObject = this.local;
      }
      onResult({ code: 1, stream: this.local });
    }
    const peer = this.environment.createPeer();
    this.peer = peer;
    if (receiveOnly) {
      peer.addTransceiver('video', { direction: 'recvonly' });
      if (options.audioEnable) peer.addTransceiver('audio', { direction: 'recvonly' });
    } else {
      for (const track of this.local!.getTracks()) peer.addTrack(track, this.local!);
    }
    if (options.usedatachannel) peer.createDataChannel('data');
    peer.ontrack = (event) => {
      if (this.closed) return;
      const remote = event.streams[0] ?? new MediaStream([event.track]);
      if (video && receiveOnly) {
        video.muted = !options.audioEnable;
        video.srcObject = remote;
        // Autoplay may be refused until the operator interacts; the muted video still starts.
        void Promise.resolve(video.play()).catch(() => undefined);
      }
      onResult({ code: 2, stream: remote });
    };
    peer.oniceconnectionstatechange = () => {
      if (!this.closed && peer.iceConnectionState === 'failed') onResult({ code: -1, message: t.iceFailed });
    };
    try {
      await peer.setLocalDescription(await peer.createOffer());
      await gathered(peer);
      if (this.closed) return;
      const answer = await this.exchange(options.streamUrl, peer.localDescription!.sdp);
      if (this.closed) return;
      await peer.setRemoteDescription({ type: 'answer', sdp: answer });
    } catch (error) {
      if (this.closed) return;
      const message = t.exchangeFailed(errorMessage(error));
      onResult(error instanceof StreamEndpointError ? { code: -1, message, endpoint: error } : { code: -1, message });
      this.close(video);
    }
  }

  private async capture(options: StreamOptions): Promise<MediaStream> {
    const devices = this.environment.mediaDevices;
    if (!devices) throw new Error(t.noMediaDevices);
    const size = { width: options.w ?? DEFAULT_CAPTURE.width, height: options.h ?? DEFAULT_CAPTURE.height };
    if (options.useCamera === false) {
      // Screen sharing needs video and takes no audio from another source (spec section 5).
      if (!options.videoEnable) throw new Error(t.screenNeedsVideo);
      return devices.getDisplayMedia({ video: size, audio: false });
    }
    return devices.getUserMedia({ audio: Boolean(options.audioEnable), video: options.videoEnable ? size : false });
  }

  private stopLocal(): void {
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = undefined;
  }

  /** Ends the session: tracks stopped, the peer closed, the video element cleared. */
  close(video?: HTMLVideoElement | null): void {
    this.closed = true;
    this.stopLocal();
    const peer = this.peer;
    this.peer = undefined;
    if (peer) {
      for (const receiver of peer.getReceivers()) receiver.track?.stop();
      peer.ontrack = null;
      peer.oniceconnectionstatechange = null;
      peer.close();
    }
    if (video) {
      if (!video.paused) video.pause();
      video.srcObject = null;
    }
  }
}

async function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, GATHER_TIMEOUT_MS);
    const listener = () => {
      if (peer.iceGatheringState === 'complete') finish();
    };
    peer.addEventListener('icegatheringstatechange', listener);
    function finish() {
      clearTimeout(timer);
      peer.removeEventListener('icegatheringstatechange', listener);
      resolve();
    }
  });
}
