import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { JANUS_MISSING } from '../janus/JanusProcess';
import { JanusVideoRooms } from '../janus/JanusVideoRooms';
import { JanusRestSession } from './janusParticipant';
import { namespaceSupport, startJanusInNamespace, type NamespaceJanus } from './janusNamespace';

// Janus in a network namespace joined to the host by a veth pair: its REST API answers from the host,
// and a WebRTC peer on the host connects to it over the pair (what the browser tests rely on).
const unsupported = namespaceSupport();
if (unsupported && (process.env.REQUIRE_JANUS_NAMESPACE === '1' || (process.env.REQUIRE_JANUS === '1' && unsupported === JANUS_MISSING)))
  throw new Error(unsupported);
if (unsupported) console.warn(`${unsupported}：跳过网络命名空间中的 Janus 测试`);

const links = () => spawnSync('ip', ['-o', 'addr', 'show'], { encoding: 'utf8' }).stdout;
const namespaces = () => spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout;

describe.skipIf(unsupported !== undefined)('Janus in a network namespace', () => {
  let janus: NamespaceJanus;
  beforeAll(async () => {
    janus = await startJanusInNamespace();
  }, 30_000);
  afterAll(async () => janus?.stop());

  it('answers on the namespace address from the host, through the veth pair', async () => {
    expect(janus.namespaceAddress).toMatch(/^10\.233\.\d+\.\d+$/);
    expect(janus.httpUrl).toBe(`http://${janus.namespaceAddress}:8088/janus`);
    expect(janus.wsUrl).toBe(`ws://${janus.namespaceAddress}:8188`);
    expect(links()).toContain(` ${janus.hostAddress}/30 `);
    expect(namespaces()).toContain(janus.namespace);
    const info = (await (await fetch(`${janus.httpUrl}/info`)).json()) as { janus: string; plugins: Record<string, unknown> };
    expect(info.janus).toBe('server_info');
    expect(Object.keys(info.plugins)).toEqual(['janus.plugin.videoroom']);
  });

  it('offers ICE candidates on the namespace address, and a WebRTC peer on the host connects over them', async () => {
    const rooms = new JanusVideoRooms(janus.httpUrl, janus.adminKey);
    await rooms.create({ room: 4242, description: '4242 命名空间测试', kind: 'other', secret: 'secret', pin: 'pin' });
    const session = await JanusRestSession.open(janus.httpUrl);
    const peer = new RTCPeerConnection({ iceUseIpv6: false });
    try {
      const handle = await session.attach();
      await session.message(handle, { request: 'join', ptype: 'publisher', room: 4242, display: '测试', pin: 'pin' });
      await session.waitFor((event) => event.plugindata?.data?.videoroom === 'joined');
      peer.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendonly' });
      await peer.setLocalDescription(await peer.createOffer());
      // werift gathers before it answers: the offer carries its candidates (the veth's host end among them).
      while (peer.iceGatheringState !== 'complete') await new Promise((resolve) => setTimeout(resolve, 50));
      const offer = peer.localDescription!;
      expect(offer.sdp).toContain(janus.hostAddress);
      await session.message(handle, { request: 'configure', audio: true, video: false }, { type: 'offer', sdp: offer.sdp });
      const answer = await session.waitFor((event) => event.jsep?.type === 'answer');
      const candidates = answer.jsep!.sdp.split(/\r?\n/).filter((line) => line.startsWith('a=candidate:'));
      expect(candidates.length).toBeGreaterThan(0);
      // Janus gathers on the namespace's address only (no loopback, no host address).
      expect(candidates.every((line) => line.includes(` ${janus.namespaceAddress} `))).toBe(true);
      const connected = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`没有连上 Janus：${peer.connectionState}`)), 15_000);
        peer.connectionStateChange.subscribe((state) => {
          if (state === 'connected') {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      await peer.setRemoteDescription({ type: 'answer', sdp: answer.jsep!.sdp });
      await connected;
    } finally {
      await peer.close();
      await session.close();
      await rooms.destroy(4242, 'secret');
    }
  }, 30_000);

  it('stop() removes Janus, the namespace and the veth pair', async () => {
    const second = await startJanusInNamespace();
    expect(second.namespace).not.toBe(janus.namespace);
    expect(namespaces()).toContain(second.namespace);
    await second.stop();
    expect(namespaces()).not.toContain(second.namespace);
    expect(links()).not.toContain(` ${second.hostAddress}/30 `);
    // Nothing answers as Janus there any more (an outbound proxy of the machine may answer something else).
    const after = await fetch(`${second.httpUrl}/info`, { signal: AbortSignal.timeout(3000) }).then(
      async (reply) => (await reply.text()).includes('server_info'),
      () => false,
    );
    expect(after).toBe(false);
  }, 30_000);
});
