import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MediaStreamTrack, RTCPeerConnection, type RtpPacket } from 'werift';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { findFfmpeg } from './CameraFeed';

// The stream endpoint for real: a werift peer stands in for the browser, offers to receive video, and
// must get VP8 RTP from the camera's ffmpeg source; the source is shared, and stops once nobody watches.
const ffmpeg = findFfmpeg();
if (!ffmpeg && process.env.REQUIRE_FFMPEG === '1') throw new Error('未找到 ffmpeg，请安装（Debian：apt-get install ffmpeg）');
const withFfmpeg = ffmpeg ? describe : describe.skip;
if (!ffmpeg) console.warn('未找到 ffmpeg：跳过实时视频的播放测试（Debian：apt-get install ffmpeg）');

async function deviceOf(server: TestServer, token: string, kind: string): Promise<{ deviceId: number; deviceName: string }> {
  const { body } = await server.api('GET', `/devi/aep/child?deviceType=${kind}&pageSize=1`, { token });
  const row = (body.rows as { deviceId: number; deviceName: string }[] | undefined)?.[0];
  if (!row) throw new Error(`没有 ${kind} 设备：${body.msg}`);
  return row;
}

async function postOffer(server: TestServer, token: string, deviceId: number, payload: string, contentType = 'text/plain') {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/stream/play?deviceId=${deviceId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return response.json() as { code: number; msg: string; sdp?: string };
}

/** A receive-only viewer, as the app's stream client is when it only plays. */
async function viewer(server: TestServer, token: string, deviceId: number) {
  const peer = new RTCPeerConnection({ iceAdditionalHostAddresses: ['127.0.0.1'], iceUseIpv6: false });
  const packets: RtpPacket[] = [];
  const codecs = new Set<string>();
  const transceiver = peer.addTransceiver('video', { direction: 'recvonly' });
  transceiver.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => {
      packets.push(packet);
      if (track.codec) codecs.add(track.codec.mimeType);
    });
  });
  await peer.setLocalDescription(await peer.createOffer());
  await new Promise<void>((resolve) => {
    if (peer.iceGatheringState === 'complete') return resolve();
    peer.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
  });
  const reply = await postOffer(server, token, deviceId, peer.localDescription!.sdp);
  expect(reply).toMatchObject({ code: 0 });
  await peer.setRemoteDescription({ type: 'answer', sdp: reply.sdp! });
  return { peer, packets, answer: reply.sdp!, codecs };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`等待超时：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('stream addresses (GET /stream/getStream)', () => {
  let server: TestServer;
  let token: string;
  let scenicToken: string;
  beforeAll(async () => {
    server = await testServer({ stream: { ffmpeg: null } });
    token = await server.login();
    // The admin, in the scenic-area tenant: may read every kind there, none of the city's devices.
    scenicToken = await server.services.ctx.sessions.create(1, 2);
  });
  afterAll(async () => server.close());

  it("answers where a camera of the caller's tenant plays, and says when no source can run", async () => {
    const camera = await deviceOf(server, token, 'camera');
    const { body } = await server.api('GET', `/stream/getStream?type=play&deviceId=${camera.deviceId}`, { token });
    expect(body).toMatchObject({
      code: 200,
      data: {
        deviceId: camera.deviceId,
        deviceName: camera.deviceName,
        streamUrl: `/stream/play?deviceId=${camera.deviceId}`,
        available: false,
        reason: '视频源不可用：服务器未安装 ffmpeg，无法生成模拟摄像机画面',
      },
    });
    const fire = await deviceOf(server, token, 'fireCamera');
    expect((await server.api('GET', `/stream/getStream?deviceId=${fire.deviceId}`, { token })).body.code).toBe(200);
  });

  it("treats another tenant's camera as not found, and refuses devices without video and bad queries", async () => {
    const camera = await deviceOf(server, token, 'camera');
    expect((await server.api('GET', `/stream/getStream?deviceId=${camera.deviceId}`, { token: scenicToken })).body).toMatchObject({
      code: 404,
      msg: `设备不存在：${camera.deviceId}`,
    });
    expect(await postOffer(server, scenicToken, camera.deviceId, 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n')).toMatchObject({ code: 404 });
    const lamp = await deviceOf(server, token, 'lamp');
    expect((await server.api('GET', `/stream/getStream?deviceId=${lamp.deviceId}`, { token })).body).toMatchObject({
      code: 400,
      msg: `${lamp.deviceName}没有实时视频`,
    });
    expect((await server.api('GET', '/stream/getStream', { token })).body).toMatchObject({ code: 400, msg: '请指定设备编号' });
    expect((await server.api('GET', '/stream/getStream?deviceId=abc', { token })).body).toMatchObject({
      code: 400,
      msg: '设备编号必须是正整数',
    });
    expect((await server.api('GET', '/stream/getStream?deviceId=999999', { token })).body).toMatchObject({
      code: 404,
      msg: '设备不存在：999999',
    });
    expect((await server.api('GET', `/stream/getStream?deviceId=${camera.deviceId}`)).body.code).toBe(401);
  });

  it('refuses an offer that is not SDP text, naming what is wrong, before anything starts', async () => {
    const camera = await deviceOf(server, token, 'camera');
    expect(await postOffer(server, token, camera.deviceId, JSON.stringify({ sdp: 'v=0' }), 'application/json')).toEqual({
      code: 400,
      msg: 'SDP 无效：请求体应为 SDP 文本（Content-Type: text/plain）',
    });
    expect(await postOffer(server, token, camera.deviceId, '   ')).toEqual({ code: 400, msg: 'SDP 无效：请求体为空' });
    expect(await postOffer(server, token, camera.deviceId, 'hello')).toEqual({ code: 400, msg: 'SDP 无效：应以 v=0 开头' });
    expect(await postOffer(server, token, camera.deviceId, 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n')).toEqual({
      code: 400,
      msg: 'SDP 无效：没有媒体描述（m=）',
    });
    expect(
      await postOffer(server, token, camera.deviceId, `v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n${'a=x\r\n'.repeat(10_000)}`),
    ).toMatchObject({ code: 413 });
    // A good offer without ffmpeg: the camera's source cannot run, and the app is told so.
    expect(await postOffer(server, token, camera.deviceId, 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n')).toEqual({
      code: 503,
      msg: '视频源不可用：服务器未安装 ffmpeg，无法生成模拟摄像机画面',
    });
    expect(server.services.streams.status()).toEqual([]);
  });
});

withFfmpeg('live camera video over WebRTC (werift stream endpoint, ffmpeg sources)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await testServer({
      stream: {
        idleStopMs: 300,
        silenceMs: 2500,
        connectTimeoutMs: 5000,
        record: { segmentSeconds: 1 },
        feed: { width: 320, height: 180, frameRate: 10, bitrateKbps: 200 },
      },
    });
    token = await server.login();
  });
  afterAll(async () => server.close());

  it('plays a camera as VP8 to a receive-only peer; two viewers share one source; a viewer that closes is noticed, and the source stops after the last', async () => {
    const camera = await deviceOf(server, token, 'camera');
    expect(server.services.streams.status()).toEqual([]);
    const first = await viewer(server, token, camera.deviceId);
    expect(first.answer).toMatch(/a=sendonly/);
    expect(first.answer).toMatch(/VP8\/90000/);
    expect(first.answer).toMatch(/a=candidate:.* 127\.0\.0\.1 /);
    // Host candidates only, no STUN server asked (werift's default one held answers for seconds).
    expect(first.answer).not.toMatch(/typ srflx/);
    await until(() => first.packets.length > 20, 'the first viewer receives video');
    expect([...first.codecs]).toEqual(['video/VP8']);
    // A VP8 key frame arrives within the source's half-second interval: the payload descriptor's start bit and the key-frame bit.
    await until(() => first.packets.some((packet) => isVp8KeyFrameStart(packet.payload)), 'a key frame');

    const second = await viewer(server, token, camera.deviceId);
    await until(() => second.packets.length > 20, 'the second viewer receives video');
    // A viewer joining a running camera starts with its current group of pictures: a key frame first, at once.
    expect(isVp8KeyFrameStart(second.packets[0]!.payload)).toBe(true);
    expect(server.services.streams.status()).toEqual([{ deviceId: camera.deviceId, viewers: 2 }]);

    await first.peer.close();
    await until(() => server.services.streams.status()[0]?.viewers === 1, 'the first viewer has left');
    const packets = second.packets.length;
    await until(() => second.packets.length > packets + 10, 'the second viewer still receives video');
    await second.peer.close();
    await until(() => server.services.streams.status().length === 0, 'the source stops once nobody watches');
  }, 60_000);

  it('records a watched camera as WebM segments it serves by time and by byte range, only to its tenant', async () => {
    const camera = await deviceOf(server, token, 'camera');
    const watcher = await viewer(server, token, camera.deviceId);
    const started = Date.now();
    const listed = async () =>
      (
        await server.api(
          'GET',
          `/stream/records?deviceId=${camera.deviceId}&beginTime=${started - 60_000}&endTime=${Date.now() + 60_000}`,
          { token },
        )
      ).body.data as { recording: boolean; segments: { name: string; start: number; end: number; bytes: number }[] };
    await until(async () => (await listed()).segments.length >= 3, 'three one-second segments recorded', 30_000);
    await watcher.peer.close();
    await until(() => server.services.streams.status().length === 0, 'the source stops');
    // The recorder closes its last segment just after the source stops: read the list once it holds still
    // (a tail segment written after the listing was once part of the clip but not of the count).
    let settled = await listed();
    const fingerprint = (list: typeof settled) => JSON.stringify(list.segments.map((each) => [each.name, each.bytes, each.end]));
    for (let tries = 0; tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const again = await listed();
      const stable = fingerprint(again) === fingerprint(settled);
      settled = again;
      if (stable) break;
    }
    const { recording, segments } = settled;
    expect(recording).toBe(true);
    expect(segments.map((segment) => segment.start)).toEqual([...segments.map((segment) => segment.start)].sort((a, b) => a - b));
    const segment = segments[0]!;
    expect(segment.end).toBeGreaterThanOrEqual(segment.start);

    const file = (headers: Record<string, string> = {}, query = '') =>
      server.app.inject({
        url: `/api/stream/record/file?deviceId=${camera.deviceId}&name=${segment.name}${query}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    const whole = await file();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])); // the EBML header of a WebM file
    expect(whole.rawPayload.length).toBe(segment.bytes);
    const part = await file({ range: 'bytes=4-103' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-103/${segment.bytes}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(4, 104));
    expect((await file({ range: `bytes=${segment.bytes + 10}-` })).statusCode).toBe(416);
    expect((await file({}, '&download=1')).headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);

    // A clip across the segments: one WebM whose length is the range asked for (cut on key frames).
    const firstStart = segments[0]!.start;
    const lastEnd = segments.at(-1)!.end;
    const clip = await server.app.inject({
      url: `/api/stream/record/clip?deviceId=${camera.deviceId}&beginTime=${firstStart}&endTime=${lastEnd}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(clip.statusCode, clip.body.slice(0, 300)).toBe(200);
    expect(clip.headers['content-type'], clip.body.slice(0, 300)).toBe('video/webm');
    expect(clip.headers['content-type']).toBe('video/webm');
    expect(clip.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(clip.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    // Stream copy of the whole range: every frame of every segment, no more.
    const segmentFrames = segments.reduce(
      (sum, each) => sum + webmFrames(readFileSync(server.services.streams.recordings!.file(camera.deviceId, each.name)!.path)),
      0,
    );
    expect(webmFrames(clip.rawPayload)).toBe(segmentFrames);
    expect(webmSeconds(clip.rawPayload)).toBeLessThan((lastEnd - firstStart) / 1000 + 1.5);
    expect(clip.rawPayload.length).toBeGreaterThan(segment.bytes);
    // From the middle of the second segment to the middle of the last: cut in and off, still playable video.
    const middle = await server.app.inject({
      url: `/api/stream/record/clip?deviceId=${camera.deviceId}&beginTime=${segments[1]!.start + 400}&endTime=${lastEnd - 400}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(middle.headers['content-type']).toBe('video/webm');
    expect(webmSeconds(middle.rawPayload)).toBeGreaterThan(0.5);
    expect(middle.rawPayload.length).toBeGreaterThan(2000);
    const clipQuery = (query: string, who = token) =>
      server.api('GET', `/stream/record/clip?deviceId=${camera.deviceId}${query}`, { token: who });
    expect((await clipQuery(`&beginTime=${lastEnd}&endTime=${firstStart}`)).body).toEqual({ code: 400, msg: '开始时间必须早于结束时间' });
    expect((await clipQuery(`&beginTime=${firstStart}`)).body).toEqual({ code: 400, msg: '请指定片段的开始和结束时间' });
    expect((await clipQuery(`&beginTime=0&endTime=${2 * 3600_000}`)).body).toEqual({ code: 400, msg: '一次最多下载 60 分钟的录像' });
    expect((await clipQuery('&beginTime=1000&endTime=2000')).body).toEqual({ code: 404, msg: '该时段没有录像' });
    expect(
      (await clipQuery(`&beginTime=${firstStart}&endTime=${lastEnd}`, await server.services.ctx.sessions.create(1, 2))).body.code,
    ).toBe(404);

    // Bad names, missing files and another tenant: refused, nothing served.
    expect(
      (await server.api('GET', `/stream/record/file?deviceId=${camera.deviceId}&name=..%2F..%2Fdashboard.sqlite`, { token })).body,
    ).toEqual({ code: 400, msg: '录像文件名不正确' });
    expect((await server.api('GET', `/stream/record/file?deviceId=${camera.deviceId}&name=1000000000.webm`, { token })).body).toEqual({
      code: 404,
      msg: '录像不存在：1000000000.webm',
    });
    const scenic = await server.services.ctx.sessions.create(1, 2);
    expect(
      (await server.api('GET', `/stream/record/file?deviceId=${camera.deviceId}&name=${segment.name}`, { token: scenic })).body.code,
    ).toBe(404);
    expect((await server.api('GET', `/stream/records?deviceId=${camera.deviceId}`, { token: scenic })).body.code).toBe(404);
    expect((await server.api('GET', `/stream/records?deviceId=${camera.deviceId}&beginTime=2&endTime=1`, { token })).body).toEqual({
      code: 400,
      msg: '开始时间不能晚于结束时间',
    });
    expect((await server.api('GET', `/stream/records?deviceId=${camera.deviceId}&beginTime=abc`, { token })).body).toEqual({
      code: 400,
      msg: '开始时间必须是毫秒时间戳',
    });
  }, 60_000);

  it("relays an operator's pushed picture to the tenant's other operators, and ends it when the publisher leaves", async () => {
    const camera = await deviceOf(server, token, 'camera');
    // The publisher stands in for a browser pushing its camera: it sends on what it receives from a camera.
    const source = await viewer(server, token, camera.deviceId);
    const publisher = new RTCPeerConnection({ iceAdditionalHostAddresses: ['127.0.0.1'], iceUseIpv6: false });
    const outgoing = new MediaStreamTrack({ kind: 'video' });
    publisher.addTransceiver(outgoing, { direction: 'sendonly' });
    await publisher.setLocalDescription(await publisher.createOffer());
    await new Promise<void>((resolve) => {
      if (publisher.iceGatheringState === 'complete') return resolve();
      publisher.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
    });
    const push = async (sdp: string, who = token) =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/stream/push',
          headers: { authorization: `Bearer ${who}`, 'content-type': 'text/plain' },
          payload: sdp,
        })
      ).json() as { code: number; msg: string; sdp?: string };
    const pushed = await push(publisher.localDescription!.sdp);
    expect(pushed).toMatchObject({ code: 0 });
    expect(pushed.sdp).toMatch(/a=recvonly/);
    await publisher.setRemoteDescription({ type: 'answer', sdp: pushed.sdp! });
    let relayed = 0;
    const relay = setInterval(() => {
      for (const packet of source.packets.splice(0)) {
        outgoing.writeRtp(packet);
        relayed++;
      }
    }, 20);
    try {
      const { body } = await server.api('GET', '/stream/live', { token });
      const self = (body.data as { userId: number; name: string }[])[0]!;
      expect(body.data).toEqual([{ userId: self.userId, name: self.name, since: expect.any(Number), viewers: 0 }]);
      // Another operator of the tenant plays it (the admin of tenant 1 here plays their own).
      const watcher = new RTCPeerConnection({ iceAdditionalHostAddresses: ['127.0.0.1'], iceUseIpv6: false });
      const received: RtpPacket[] = [];
      watcher
        .addTransceiver('video', { direction: 'recvonly' })
        .onTrack.subscribe((track) => track.onReceiveRtp.subscribe((packet) => received.push(packet)));
      await watcher.setLocalDescription(await watcher.createOffer());
      await new Promise<void>((resolve) => {
        if (watcher.iceGatheringState === 'complete') return resolve();
        watcher.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
      });
      const played = (
        await server.app.inject({
          method: 'POST',
          url: `/api/stream/play?userId=${self.userId}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
          payload: watcher.localDescription!.sdp,
        })
      ).json() as { code: number; sdp: string };
      expect(played.code).toBe(0);
      await watcher.setRemoteDescription({ type: 'answer', sdp: played.sdp });
      // WebRTC from a fake browser through werift and back: on cores shared with three other suites the first frames can take half a minute.
      await until(() => received.length > 20, 'the watcher receives the pushed picture', 45_000);
      expect(relayed).toBeGreaterThan(20);
      expect(((await server.api('GET', '/stream/live', { token })).body.data as { viewers: number }[])[0]!.viewers).toBe(1);

      // Another tenant neither lists nor plays it; a play with both or neither id is refused.
      const scenic = await server.services.ctx.sessions.create(1, 2);
      expect((await server.api('GET', '/stream/live', { token: scenic })).body.data).toEqual([]);
      expect(
        (
          await server.app.inject({
            method: 'POST',
            url: `/api/stream/play?userId=${self.userId}`,
            headers: { authorization: `Bearer ${scenic}`, 'content-type': 'text/plain' },
            payload: watcher.localDescription!.sdp,
          })
        ).json(),
      ).toEqual({ code: 404, msg: '该操作员当前没有推流' });
      expect((await server.api('POST', `/stream/play?userId=${self.userId}&deviceId=${camera.deviceId}`, { token })).body).toMatchObject({
        code: 400,
        msg: '请指定设备编号或操作员编号（二选一）',
      });
      // An offer that sends nothing cannot push.
      expect(await push(watcher.localDescription!.sdp)).toEqual({ code: 400, msg: 'SDP 中没有要推送的视频（推流需发送视频）' });

      // Stopping ends it for the watcher too.
      expect((await server.api('POST', '/stream/push/stop', { token })).body.data).toEqual({ stopped: true });
      expect((await server.api('GET', '/stream/live', { token })).body.data).toEqual([]);
      const before = received.length;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(received.length - before).toBeLessThan(5);
      await watcher.close();
    } finally {
      clearInterval(relay);
      await publisher.close();
      await source.peer.close();
    }
    await until(() => server.services.streams.status().length === 0, 'the camera source stops once its viewer has gone', 15_000);
  }, 120_000);

  it('drops a viewer that never connects, and stops the source', async () => {
    const camera = await deviceOf(server, token, 'fireCamera');
    const peer = new RTCPeerConnection({ iceAdditionalHostAddresses: ['127.0.0.1'], iceUseIpv6: false });
    peer.addTransceiver('video', { direction: 'recvonly' });
    await peer.setLocalDescription(await peer.createOffer());
    // The answer is never applied: no ICE, no DTLS.
    expect(await postOffer(server, token, camera.deviceId, peer.localDescription!.sdp)).toMatchObject({ code: 0 });
    // Its camera's source only (a source the test before left may still be stopping).
    const ofCamera = () => server.services.streams.status().filter((source) => source.deviceId === camera.deviceId);
    expect(ofCamera()).toEqual([{ deviceId: camera.deviceId, viewers: 1 }]);
    await until(() => ofCamera().length === 0, 'the silent viewer is dropped and the source stopped', 15_000);
    await peer.close();
  }, 30_000);
});

/** How many seconds of video a WebM holds: its last packet's time (a piped WebM has no duration in its header). */
function webmSeconds(bytes: Buffer): number {
  const probe = spawnSync(ffprobeOf(ffmpeg!), ['-v', 'error', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', '-i', 'pipe:0'], {
    input: bytes,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const times = probe.stdout
    .split('\n')
    .map(Number)
    .filter((time) => Number.isFinite(time) && time > 0);
  return times.length ? Math.max(...times) : 0;
}

/** How many video frames (packets) a WebM holds. */
function webmFrames(bytes: Buffer): number {
  const probe = spawnSync(
    ffprobeOf(ffmpeg!),
    ['-v', 'error', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', '-i', 'pipe:0'],
    { input: bytes, encoding: 'utf8' },
  );
  return Number(probe.stdout.trim());
}

/** ffprobe beside the ffmpeg in use (Debian's ffmpeg package has both). */
const ffprobeOf = (ffmpegPath: string) => (ffmpegPath.includes('/') ? join(dirname(ffmpegPath), 'ffprobe') : 'ffprobe');

/** The first packet of a VP8 key frame: S bit in the payload descriptor, P bit clear in the payload header. */
function isVp8KeyFrameStart(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const descriptor = payload[0]!;
  const start = (descriptor & 0x10) !== 0;
  let offset = 1;
  if (descriptor & 0x80) {
    const extension = payload[1]!;
    offset++;
    if (extension & 0x80) offset += payload[offset]! & 0x80 ? 2 : 1;
    if (extension & 0x40) offset++;
    if (extension & 0x30) offset++;
  }
  return start && offset < payload.length && (payload[offset]! & 0x01) === 0;
}
