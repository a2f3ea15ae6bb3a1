// The bare baseline of bench/capacity's video part, a child process of its own:
// `node --import tsx bench/capacity/bareVideoEndpoint.ts`. Prints {"type":"ready","url":…} once listening;
// `leave` on stdin closes every peer (the subscribers left) and answers {"type":"left"}; `stop` ends it.
//
// What the stream endpoint does for a viewer and nothing more: the same werift peer (server/stream/sdpPeers:
// VP8 only, host candidates, no STUN), one sending track, the gathered answer over plain node:http, and a
// stream of VP8 packets at the feed's rate (a key frame first to each viewer once connected, then one packet
// a frame to all). No Fastify, no login or permission check, no camera, ffmpeg or room. The same subscribers
// joining this at 1, 9 and 25 show what N WebRTC joins at once cost on this machine with werift at both ends.
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { MediaStreamTrack, RtpHeader, RtpPacket, type RTCPeerConnection } from 'werift';
import { errorMessage } from '../../contracts/errorMessage';
import { gathered, openPeer } from '../../server/stream/sdpPeers';

export type BareVideoEvent = { type: 'ready'; url: string } | { type: 'left'; peers: number } | { type: 'error'; message: string };

const emit = (event: BareVideoEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);
const FRAME_MS = 1000 / 15;
const PAYLOAD_TYPE = 96;
/** A VP8 payload: descriptor S=1, partition 0, then a frame tag whose P bit says key frame (0) or not (1). */
const vp8 = (keyframe: boolean) => Buffer.concat([Buffer.from([0x10, keyframe ? 0x00 : 0x01]), Buffer.alloc(keyframe ? 1000 : 300, 7)]);
const live = new Set<MediaStreamTrack>();
const peers = new Set<RTCPeerConnection>();
let sequenceNumber = 0;
let timestamp = 0;
const packet = (keyframe: boolean) =>
  new RtpPacket(
    new RtpHeader({ payloadType: PAYLOAD_TYPE, sequenceNumber: sequenceNumber++ & 0xffff, timestamp, marker: true }),
    vp8(keyframe),
  );
setInterval(() => {
  timestamp = (timestamp + 6000) >>> 0;
  for (const track of live) track.writeRtp(packet(false));
}, FRAME_MS);

async function answer(offer: string): Promise<string> {
  const peer = await openPeer(offer);
  peers.add(peer);
  const track = new MediaStreamTrack({ kind: 'video' });
  const [video] = peer.getTransceivers().filter((transceiver) => transceiver.kind === 'video');
  if (!video) throw new Error('没有视频段');
  video.setDirection('sendonly');
  await video.sender.replaceTrack(track);
  peer.connectionStateChange.subscribe((state) => {
    if (state === 'connected') {
      track.writeRtp(packet(true));
      live.add(track);
    } else if (state === 'closed' || state === 'failed') live.delete(track);
  });
  await peer.setLocalDescription(await peer.createAnswer());
  await gathered(peer);
  return peer.localDescription!.sdp;
}

const server = createServer((request, reply) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    answer(body).then(
      (sdp) => reply.setHeader('content-type', 'application/json').end(JSON.stringify({ code: 0, sdp })),
      (error: unknown) => reply.setHeader('content-type', 'application/json').end(JSON.stringify({ code: 500, msg: errorMessage(error) })),
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') emit({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
  else emit({ type: 'error', message: '没有得到监听端口' });
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') process.exit(0);
  if (line.trim() !== 'leave') return;
  const closing = [...peers];
  peers.clear();
  live.clear();
  void Promise.all(closing.map((peer) => peer.close())).then(() => emit({ type: 'left', peers: closing.length }));
});
