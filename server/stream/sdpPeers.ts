import type { RTCPeerConnection } from 'werift';
import { AppError } from '../envelope';
import { streamMessages } from './streamMessages';
import { errorMessage } from '../../contracts/errorMessage';

/** The WebRTC side of the stream endpoint: checking an SDP offer, a VP8 peer on it, its gathered answer. */

type Werift = typeof import('werift');
let werift: Promise<Werift> | undefined;
/**
 * werift is loaded with the first stream (most servers never play one), once: a dynamic import() is resolved
 * again on every call, and under tsx each resolution is a round trip to its loader thread (~2 ms per join, a
 * tenth of a join's CPU when 25 viewers joined at once).
 */
export const loadWerift = (): Promise<Werift> =>
  (werift ??= import('werift').catch((error: unknown) => {
    werift = undefined;
    throw error;
  }));

/** Answers the VP8 the simulated cameras send (Chromium and Firefox decode it in software everywhere). */
const VIDEO_CODEC = ({ RTCRtpCodecParameters }: Werift) =>
  new RTCRtpCodecParameters({
    mimeType: 'video/VP8',
    clockRate: 90000,
    rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }],
  });

/** A VP8-only peer on the offer (play or push alike); an offer werift cannot read is a 400 naming why. */
export async function openPeer(offerSdp: string, iceHostAddresses: readonly string[] = []): Promise<RTCPeerConnection> {
  const werift = await loadWerift();
  const peer = new werift.RTCPeerConnection({
    codecs: { video: [VIDEO_CODEC(werift)], audio: [] },
    iceAdditionalHostAddresses: ['127.0.0.1', ...iceHostAddresses],
    iceUseIpv6: false,
  });
  try {
    await peer.setRemoteDescription({ type: 'offer', sdp: offerSdp });
  } catch (error) {
    await peer.close();
    throw new AppError(400, streamMessages.badOffer(errorMessage(error)));
  }
  withoutStun(peer);
  return peer;
}

/**
 * Host candidates only. werift asks stun.l.google.com for a server-reflexive address whatever `iceServers` says
 * (an empty list falls back to it): a DNS lookup per address per answer, and an answer held up to its 5 s gathering
 * timeout when 25 viewers joined at once (and wherever that host cannot be reached: an intranet). The endpoint's
 * host addresses are its interfaces and 127.0.0.1 (and any the options add), so its transports, made by the offer, gather no more.
 */
function withoutStun(peer: RTCPeerConnection): void {
  for (const transport of peer.iceTransports) transport.connection.stunServer = undefined;
}

/** A plain check before werift parses it: an SDP offer is text that starts with v=0 and has media sections. */
export function checkOffer(offer: unknown): string {
  if (typeof offer !== 'string') throw new AppError(400, streamMessages.badOffer('请求体应为 SDP 文本（Content-Type: text/plain）'));
  if (!offer.trim()) throw new AppError(400, streamMessages.badOffer('请求体为空'));
  if (!/^v=0\r?\n/.test(offer.trimStart())) throw new AppError(400, streamMessages.badOffer('应以 v=0 开头'));
  if (!/\r?\nm=(video|audio|application) /.test(offer)) throw new AppError(400, streamMessages.badOffer('没有媒体描述（m=）'));
  return offer;
}

/** The mids of the offer's video sections that send (sendonly or sendrecv, the default). */
export function sendingVideoMids(sdp: string): Set<string> {
  const mids = new Set<string>();
  for (const section of sdp.split(/\r?\n(?=m=)/).slice(1)) {
    if (!section.startsWith('m=video ')) continue;
    const mid = /\r?\na=mid:(\S+)/.exec(section)?.[1];
    const direction = /\r?\na=(sendonly|recvonly|sendrecv|inactive)\b/.exec(section)?.[1] ?? 'sendrecv';
    if (mid !== undefined && (direction === 'sendonly' || direction === 'sendrecv')) mids.add(mid);
  }
  return mids;
}

/** Waits for the peer's candidates, so the answer carries them (the endpoint does not trickle). */
export async function gathered(peer: RTCPeerConnection, timeoutMs = 5000): Promise<void> {
  if (peer.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const subscription = peer.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') done();
    });
    function done() {
      clearTimeout(timer);
      subscription.unSubscribe();
      resolve();
    }
  });
}
