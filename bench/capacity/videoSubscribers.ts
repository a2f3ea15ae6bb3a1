// Headless video subscribers for bench/capacity/videoFanout.ts, in a process of their own (so the bench's
// and the server's event loops are not theirs): werift peers that play one camera through the real stream
// endpoint (POST /api/stream/play, the SDP offer as text/plain, as the web app does) and decode nothing.
// `node --import tsx bench/capacity/videoSubscribers.ts` reads one JSON command a line on stdin:
//   {"join": {"url", "token", "deviceId", "count"}}  count peers join at once; answers one JSON line of
//       each peer's times from its join (before its offer) to connected, first RTP packet and first VP8 key frame;
//   {"leave": true}  closes every peer; answers {"left": n}.
import { createInterface } from 'node:readline';
import { RTCPeerConnection, Vp8RtpPayload } from 'werift';
import { errorMessage } from '../../contracts/errorMessage';

export interface JoinCommand {
  url: string;
  token: string;
  deviceId: number;
  count: number;
}

/** One subscriber's times from its join, in ms (connected: ICE and DTLS up; key frame: the first packet of a VP8 key frame). */
export interface JoinTimes {
  /** The server's SDP answer received. */
  answered: number;
  connected: number;
  firstRtp: number;
  firstKeyframe: number;
  /** Joins started again after a stalled DTLS handshake (see joinOne). */
  retries: number;
}

export type SubscriberReply = { joined: JoinTimes[] } | { left: number } | { error: string };

const CONNECT_MS = 8000;
const WAIT_MS = 15_000;
const MAX_RETRIES = 2;
const peers: RTCPeerConnection[] = [];

async function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => peer.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()));
}

/** A VP8 packet's descriptor says whether it starts a key frame (RFC 7741: S=1, PID=0, P=0). */
function startsKeyframe(payload: Buffer): boolean {
  try {
    return Vp8RtpPayload.deSerialize(payload).isKeyframe;
  } catch {
    return false;
  }
}

/** One attempt: a peer's join; rejects when it is not connected within CONNECT_MS or has no key frame within WAIT_MS. */
async function attempt(command: JoinCommand): Promise<JoinTimes> {
  const joined = performance.now();
  const peer = new RTCPeerConnection({ iceServers: [], iceAdditionalHostAddresses: ['127.0.0.1'], iceUseIpv6: false });
  peers.push(peer);
  const transceiver = peer.addTransceiver('video', { direction: 'recvonly' });
  const times: Partial<JoinTimes> = {};
  const done = new Promise<JoinTimes>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(connectTimer);
      clearTimeout(timer);
      void peer.close();
      reject(new Error(`${why}（${JSON.stringify(times)}）`));
    };
    const connectTimer = setTimeout(() => fail(`${CONNECT_MS / 1000} 秒内没有连通`), CONNECT_MS);
    const timer = setTimeout(() => fail(`${WAIT_MS / 1000} 秒内没有收到关键帧`), WAIT_MS);
    peer.connectionStateChange.subscribe((state) => {
      if (state !== 'connected') return;
      times.connected ??= performance.now() - joined;
      clearTimeout(connectTimer);
    });
    transceiver.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((packet) => {
        const at = performance.now() - joined;
        times.firstRtp ??= at;
        if (times.firstKeyframe === undefined && startsKeyframe(packet.payload)) {
          times.firstKeyframe = at;
          clearTimeout(connectTimer);
          clearTimeout(timer);
          resolve({
            answered: times.answered ?? at,
            connected: times.connected ?? at,
            firstRtp: times.firstRtp,
            firstKeyframe: at,
            retries: 0,
          });
        }
      }),
    );
  });
  // Awaited at the end; a stall noticed while the offer is still on its way is not unhandled.
  done.catch(() => undefined);
  await peer.setLocalDescription(await peer.createOffer());
  await gathered(peer);
  const reply = await fetch(`${command.url}/api/stream/play?deviceId=${command.deviceId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${command.token}`, 'content-type': 'text/plain' },
    body: peer.localDescription!.sdp,
  });
  const answer = (await reply.json()) as { code: number; sdp?: string; msg?: string };
  if (answer.code !== 0 || !answer.sdp) throw new Error(`播放失败：${answer.msg ?? answer.code}`);
  times.answered = performance.now() - joined;
  await peer.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  return done;
}

/**
 * A subscriber's join. werift's DTLS server (this side) can stall for good when the server's ClientHello
 * is retransmitted before it answered (a starved process, seen at load 20 on 2 cores): such a join is
 * started again, its times counted from the new join, and the retry reported.
 */
async function joinOne(command: JoinCommand): Promise<JoinTimes> {
  for (let retries = 0; ; retries++) {
    try {
      return { ...(await attempt(command)), retries };
    } catch (error) {
      if (retries >= MAX_RETRIES) throw error;
    }
  }
}

async function handle(line: string): Promise<SubscriberReply> {
  const command = JSON.parse(line) as { join?: JoinCommand; leave?: boolean };
  if (command.join) {
    const join = command.join;
    return { joined: await Promise.all(Array.from({ length: join.count }, () => joinOne(join))) };
  }
  const left = peers.length;
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
  return { left };
}

const lines = createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on('line', (line) => {
  queue = queue.then(async () => {
    const reply = await handle(line).catch((error: unknown): SubscriberReply => ({ error: errorMessage(error) }));
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  });
});
lines.on('close', () => void queue.then(() => Promise.all(peers.map((peer) => peer.close()))).then(() => process.exit(0)));
