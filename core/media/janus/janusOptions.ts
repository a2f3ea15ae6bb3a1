import { videoRoomStrings as t } from '../mediaStrings';
import type { JanusJS } from './janusLibrary';

/**
 * Spec section 9, gateway constants. janus-gateway has options for these three and its defaults are the
 * same values; they are passed anyway so the spec's numbers hold whatever a library update does. The
 * other gateway behaviours of the spec are the library's own and have no option: 12-character
 * transaction ids (`Janus.randomString(12)` on every request), 3 long-poll retries before "Lost
 * connection to the server (is it down?)", max events at least 1, and the default STUN server when no
 * ICE servers are given.
 */
export const JANUS_KEEPALIVE_MS = 25_000;
export const JANUS_LONG_POLL_TIMEOUT_MS = 60_000;
export const JANUS_MAX_POLL_EVENTS = 10;

export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom';

/** Spec section 8, video room errors: 426 is JANUS_VIDEOROOM_ERROR_NO_SUCH_ROOM. */
export const JANUS_NO_SUCH_ROOM = 426;

/** Spec section 3: the capture resolution presets, by name. */
export const RESOLUTION_PRESETS = {
  '4K': { width: 3840, height: 2160 },
  '1080p': { width: 1920, height: 1080 },
  UXGA: { width: 1600, height: 1200 },
  '720p': { width: 1280, height: 720 },
  SVGA: { width: 800, height: 600 },
  VGA: { width: 640, height: 480 },
  '360p': { width: 640, height: 360 },
  CIF: { width: 352, height: 288 },
  QVGA: { width: 320, height: 240 },
  QCIF: { width: 176, height: 144 },
  QQVGA: { width: 160, height: 120 },
} as const;
export type ResolutionName = keyof typeof RESOLUTION_PRESETS;

/** Spec section 3: the gateway's own presets (janus-gateway's capture keywords). */
export const GATEWAY_PRESETS = {
  lowres: { width: 320, height: 240 },
  stdres: { width: 640, height: 480 },
  hires: { width: 1280, height: 720 },
  fhdres: { width: 1920, height: 1080 },
  '4kres': { width: 3840, height: 2160 },
} as const;
export type GatewayPreset = keyof typeof GATEWAY_PRESETS;

/** Spec sections 5 and 9: default capture 1280×720. */
export const DEFAULT_ROOM_CAPTURE = RESOLUTION_PRESETS['720p'];

/** Spec section 9: screen sharing at 3 frames a second. */
export const SCREENSHARE_FRAME_RATE = 3;

/**
 * Spec section 9, simulcast (off by default): layers h, m, l at 1,000,000, 500,000 and 200,000 bit/s,
 * scaled down 1, 2 and 4. janus-gateway builds exactly these three rid layers with those scale factors
 * and takes the bitrates through `simulcastMaxBitrates` (its own defaults are 900k, 300k, 100k).
 */
export const SIMULCAST_MAX_BITRATES = { high: 1_000_000, medium: 500_000, low: 200_000 } as const;
export const SIMULCAST_LAYERS = [
  { rid: 'h', maxBitrate: SIMULCAST_MAX_BITRATES.high, scaleResolutionDownBy: 1 },
  { rid: 'm', maxBitrate: SIMULCAST_MAX_BITRATES.medium, scaleResolutionDownBy: 2 },
  { rid: 'l', maxBitrate: SIMULCAST_MAX_BITRATES.low, scaleResolutionDownBy: 4 },
] as const;

/** Spec section 9, ratio mapping: '320*240' → lowres, '1280*720' → hires, anything else stdres. */
export function ratioPreset(ratio: string | null | undefined): GatewayPreset {
  if (ratio === '320*240') return 'lowres';
  if (ratio === '1280*720') return 'hires';
  return 'stdres';
}

/** Whether the address is Janus's WebSocket transport (ws:// or wss://); anything else is its REST API with long polls. */
export function isWebSocketServer(server: string): boolean {
  return /^wss?:\/\//i.test(server);
}

/** The session options of spec sections 7 and 9 for `new Janus(…)`. Callbacks are added by the caller. */
export function gatewayOptions(server: string, iceServers?: RTCIceServer[]): JanusJS.ConstructorOptions {
  return {
    server,
    keepAlivePeriod: JANUS_KEEPALIVE_MS,
    longPollTimeout: JANUS_LONG_POLL_TIMEOUT_MS,
    max_poll_events: JANUS_MAX_POLL_EVENTS,
    // Absent: the library's default STUN server (spec section 9).
    ...(iceServers ? { iceServers } : {}),
  };
}

/** Spec section 3, publisher open options, as the room's publish call takes them. */
export interface PublishOptions {
  /** camera: camera (and microphone); screen: screen sharing. */
  source: 'camera' | 'screen';
  audio: boolean;
  video: boolean;
  /** A preset of spec section 3, a gateway preset, or a size; default 1280×720. */
  resolution?: ResolutionName | GatewayPreset | { width: number; height: number };
  /** Off by default (spec section 9). */
  simulcast?: boolean;
}

export function captureSize(resolution: PublishOptions['resolution']): { width: number; height: number } {
  if (!resolution) return DEFAULT_ROOM_CAPTURE;
  if (typeof resolution === 'object') return resolution;
  return (
    (RESOLUTION_PRESETS as Record<string, { width: number; height: number }>)[resolution] ??
    (GATEWAY_PRESETS as Record<string, { width: number; height: number }>)[resolution] ??
    DEFAULT_ROOM_CAPTURE
  );
}

/** Spec section 5: screen sharing works only in Chrome or Firefox (Chromium-based browsers say Chrome). */
export function screenShareSupported(userAgent: string): boolean {
  return /Chrome\/|Chromium\/|Firefox\//.test(userAgent);
}

/** Thrown for publish options the spec refuses (section 5), with the Chinese reason. */
export class PublishOptionsError extends Error {
  override name = 'PublishOptionsError';
}

/**
 * The janus-gateway tracks to publish (send only) for the options, by the rules of spec section 5: at
 * least audio or video; screen sharing needs video, only in Chrome or Firefox, and takes no audio from
 * another source; capture 1280×720 unless told; screen at 3 frames a second; simulcast only when asked.
 */
export function publishTracks(options: PublishOptions, userAgent = globalThis.navigator?.userAgent ?? ''): JanusJS.TrackOption[] {
  if (!options.audio && !options.video) throw new PublishOptionsError(t.needAudioOrVideo);
  const size = captureSize(options.resolution);
  if (options.source === 'screen') {
    if (!options.video) throw new PublishOptionsError(t.screenNeedsVideo);
    if (!screenShareSupported(userAgent)) throw new PublishOptionsError(t.screenBrowser);
    return [
      {
        type: 'screen',
        capture: { width: { ideal: size.width }, height: { ideal: size.height }, frameRate: SCREENSHARE_FRAME_RATE },
        recv: false,
      },
    ];
  }
  const tracks: JanusJS.TrackOption[] = [];
  if (options.audio) tracks.push({ type: 'audio', capture: true, recv: false });
  if (options.video) {
    const video: JanusJS.TrackOption = {
      type: 'video',
      capture: { width: { ideal: size.width }, height: { ideal: size.height } },
      recv: false,
    };
    if (options.simulcast) Object.assign(video, { simulcast: true, simulcastMaxBitrates: { ...SIMULCAST_MAX_BITRATES } });
    tracks.push(video);
  }
  return tracks;
}
