import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../mqtt/testing/mosquitto';
import { findJanus, JANUS_MISSING, startJanus, type RunningJanus } from './JanusProcess';
import { JanusError, JanusVideoRooms, transactionId } from './JanusVideoRooms';

// Janus from Debian with a configuration of our own, on loopback: rooms are created with the spec's
// parameters and only with the admin key; kicking and destroying need the room's secret.
const janus = findJanus();
if (!janus && process.env.REQUIRE_JANUS === '1') throw new Error(JANUS_MISSING);
if (!janus) console.warn(`${JANUS_MISSING}：跳过 Janus 测试`);

/** A participant the way a browser joins, over REST: a session, the videoroom handle, a join. */
async function joinAsPublisher(httpUrl: string, room: number, display: string): Promise<{ id: number; leave(): Promise<void> }> {
  const post = async (path: string, body: Record<string, unknown>) =>
    (await (
      await fetch(`${httpUrl}${path}`, { method: 'POST', body: JSON.stringify({ ...body, transaction: transactionId() }) })
    ).json()) as { data?: { id: number } };
  const session = (await post('', { janus: 'create' })).data!.id;
  const handle = (await post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id;
  await post(`/${session}/${handle}`, { janus: 'message', body: { request: 'join', ptype: 'publisher', room, display } });
  // The join's answer comes as an event: long poll until it does.
  for (let attempt = 0; attempt < 20; attempt++) {
    const events = (await (await fetch(`${httpUrl}/${session}?maxev=10`)).json()) as unknown;
    for (const event of [events].flat() as { plugindata?: { data?: { videoroom?: string; id?: number } } }[]) {
      if (event.plugindata?.data?.videoroom === 'joined')
        return { id: event.plugindata.data.id!, leave: async () => void (await post(`/${session}`, { janus: 'destroy' })) };
    }
  }
  throw new Error('没有收到 joined 事件');
}

describe.skipIf(!janus)('video rooms on Janus (videoroom plugin, our own configuration)', () => {
  let running: RunningJanus;
  let rooms: JanusVideoRooms;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'ops-janus-'));
    running = await startJanus(janus!, { folder, httpPort: await freePort(), wsPort: await freePort(), adminKey: 'test-admin-key' });
    rooms = new JanusVideoRooms(running.httpUrl, running.adminKey);
  }, 30_000);
  afterAll(async () => {
    await running?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('has only our rooms (no sample rooms), and only the videoroom plugin and HTTP and WebSocket transports', async () => {
    expect(await rooms.list()).toEqual([]);
    const info = (await (await fetch(`${running.httpUrl}/info`)).json()) as {
      plugins: Record<string, unknown>;
      transports: Record<string, unknown>;
    };
    expect(Object.keys(info.plugins)).toEqual(['janus.plugin.videoroom']);
    expect(Object.keys(info.transports).sort()).toEqual(['janus.transport.http', 'janus.transport.websockets']);
  });

  it('creates camera and other rooms with the spec parameters, and refuses a creation without the admin key', async () => {
    await rooms.create({ room: 1001, description: '1001 江南大道视频会商', kind: 'camera', secret: 's1' });
    await rooms.create({ room: 1002, description: '1002 指挥调度', kind: 'other', secret: 's2' });
    const listed = await rooms.list();
    expect(listed.find((room) => room.room === 1001)).toMatchObject({
      description: '1001 江南大道视频会商',
      max_publishers: 32,
      bitrate: 20_480_000,
      fir_freq: 10,
      audiocodec: 'pcmu',
      videocodec: 'vp8,h264',
    });
    expect(listed.find((room) => room.room === 1002)).toMatchObject({ max_publishers: 32, audiocodec: 'opus', videocodec: 'vp8,vp9' });
    const unauthorised = new JanusVideoRooms(running.httpUrl, 'wrong-key');
    await expect(unauthorised.create({ room: 1003, description: 'x', kind: 'other', secret: 's3' })).rejects.toBeInstanceOf(JanusError);
    expect((await rooms.list()).map((room) => room.room).sort()).toEqual([1001, 1002]);
  });

  it('kicks a participant only with the room secret, and reports an unknown room as 426', async () => {
    const member = await joinAsPublisher(running.httpUrl, 1001, '值班员张敏');
    expect(await rooms.participants(1001)).toEqual([expect.objectContaining({ id: member.id, display: '值班员张敏' })]);
    await expect(rooms.kick(1001, 'wrong', member.id)).rejects.toMatchObject({ janusCode: 433 });
    await rooms.kick(1001, 's1', member.id);
    expect(await rooms.participants(1001)).toEqual([]);
    await member.leave();
    await expect(rooms.participants(9999)).rejects.toMatchObject({ janusCode: 426 });
    await rooms.destroy(1002, 's2');
    await rooms.destroy(1001, 's1');
    expect(await rooms.list()).toEqual([]);
  }, 30_000);
});
