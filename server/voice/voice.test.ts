import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { checkVoiceWav, pcmWav } from './wav';
import { NO_SPEECH_ENGINE } from './VoiceService';

let server: TestServer | undefined;
let engine: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await new Promise<void>((resolve) => (engine ? engine.close(() => resolve()) : resolve()));
  engine = undefined;
});

/** A tone of `ms` milliseconds at 16 kHz. */
const tone = (ms: number) => Int16Array.from({ length: (16_000 * ms) / 1000 }, (_value, index) => Math.round(8000 * Math.sin(index / 8)));

const upload = (target: TestServer, token: string, payload: Buffer, contentType = 'audio/wav') =>
  target.app
    .inject({
      method: 'POST',
      url: '/api/voice/record/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    })
    .then((reply) => reply.json() as { code: number; msg: string; data?: { id: number; size: number; durationMs: number } });

const stored = async (target: TestServer) => ({
  rows: (await target.services.ctx.db.selectFrom('voice_recordings').select('id').execute()).length,
  files: existsSync(join(target.dataDir, 'voice'))
    ? readdirSync(join(target.dataDir, 'voice'), { recursive: true }).filter((name) => String(name).endsWith('.wav')).length
    : 0,
});

describe('checkVoiceWav', () => {
  it('accepts PCM mono 16 kHz 16-bit and measures it', () => {
    expect(checkVoiceWav(pcmWav(tone(1500)))).toEqual({
      sampleRate: 16_000,
      channels: 1,
      bitsPerSample: 16,
      dataBytes: 48_000,
      durationMs: 1500,
    });
  });

  it('names what is wrong', () => {
    expect(checkVoiceWav(Buffer.from('hello world, not a wav'))).toBe('不是 WAV 文件（缺少 RIFF/WAVE 文件头）');
    expect(checkVoiceWav(pcmWav(tone(100), 44_100, 2))).toBe(
      '录音格式不符合要求：应为单声道，实际为 2 声道；采样率应为 16000 Hz，实际为 44100 Hz',
    );
    expect(checkVoiceWav(pcmWav(tone(100), 16_000, 1, 8))).toBe('录音格式不符合要求：采样位数应为 16 位，实际为 8 位');
    expect(checkVoiceWav(pcmWav(tone(100), 16_000, 1, 16, 3))).toBe('录音格式不符合要求：编码应为 PCM，实际为格式 3');
    expect(checkVoiceWav(pcmWav(tone(100)).subarray(0, 1000))).toBe('WAV 文件不完整：数据块声明 3200 字节，文件中只有 956 字节');
    expect(checkVoiceWav(pcmWav(new Int16Array(0)))).toBe('录音为空（没有采样数据）');
    expect(checkVoiceWav(pcmWav(tone(100)).subarray(0, 36))).toBe('WAV 文件缺少数据块（data）');
  });
});

describe('voice recordings', () => {
  it('stores a wav larger than the 64 KB body limit under DATA_DIR/voice/<tenant>/<id>.wav, lists it and plays it back', async () => {
    server = await testServer();
    const token = await server.login();
    const wav = pcmWav(tone(3000));
    expect(wav.length).toBeGreaterThan(64 * 1024);
    const reply = await upload(server, token, wav);
    expect(reply).toMatchObject({ code: 200, msg: '录音已保存', data: { size: wav.length, durationMs: 3000 } });
    const id = reply.data!.id;
    expect(readFileSync(join(server.dataDir, 'voice', '1', `${id}.wav`)).equals(wav)).toBe(true);
    const list = await server.api('GET', '/voice/record/list', { token });
    expect(list.body.data).toEqual([{ id, size: wav.length, durationMs: 3000, createdAt: expect.any(Number) }]);
    const file = await server.app.inject({
      method: 'GET',
      url: `/api/voice/record/file?id=${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.equals(wav)).toBe(true);
  });

  it("keeps each tenant's recordings to itself", async () => {
    server = await testServer();
    const city = await server.login('ADMIN-2026-DEMO');
    const id = (await upload(server, city, pcmWav(tone(200)))).data!.id;
    const scenic = await server.login('ADMIN-2026-DEMO');
    await server.api('POST', '/tenantLogin', { token: scenic, body: { tenantId: 2 } });
    expect((await server.api('GET', '/voice/record/list', { token: scenic })).body.data).toEqual([]);
    expect((await server.api('GET', `/voice/record/file?id=${id}`, { token: scenic })).body).toEqual({ code: 404, msg: '录音不存在' });
  });

  it('refuses a wav of the wrong format, a non-wav, a multipart form and more than 10 MB, storing nothing', async () => {
    server = await testServer();
    const token = await server.login();
    expect(await upload(server, token, pcmWav(tone(500), 48_000, 2))).toEqual({
      code: 400,
      msg: '录音格式不符合要求：应为单声道，实际为 2 声道；采样率应为 16000 Hz，实际为 48000 Hz',
    });
    expect(await upload(server, token, Buffer.from('RIFF----WAVEjunk'))).toEqual({ code: 400, msg: 'WAV 文件缺少格式块（fmt）' });
    expect((await upload(server, token, Buffer.from('--x\r\n\r\n--x--'), 'multipart/form-data; boundary=x')).code).toBe(415);
    expect(await upload(server, token, Buffer.alloc(10 * 1024 * 1024 + 1))).toEqual({ code: 413, msg: '录音文件不能超过 10 MB' });
    expect(await upload(server, token, Buffer.alloc(0))).toMatchObject({ code: 400 });
    expect(await stored(server)).toEqual({ rows: 0, files: 0 });
    expect((await server.api('POST', '/voice/record/upload')).body.code).toBe(401);
  });
});

describe('POST /voice/speechToText', () => {
  const body = (wav: Buffer, wavSize = wav.length) => ({ wavData: wav.toString('base64'), wavSize });

  it('answers 503 naming SPEECH_TO_TEXT_URL when no engine is configured, and 400 for a size mismatch or bad base64', async () => {
    server = await testServer();
    const token = await server.login();
    const wav = pcmWav(tone(500));
    expect((await server.api('POST', '/voice/speechToText', { token, json: true, body: body(wav) })).body).toEqual({
      code: 503,
      msg: NO_SPEECH_ENGINE,
    });
    expect((await server.api('POST', '/voice/speechToText', { token, json: true, body: body(wav, wav.length - 1) })).body).toEqual({
      code: 400,
      msg: `wavSize 与音频数据长度不一致：wavSize 为 ${wav.length - 1}，解码后为 ${wav.length} 字节`,
    });
    expect(
      (await server.api('POST', '/voice/speechToText', { token, json: true, body: { wavData: '@@not base64@@', wavSize: 10 } })).body,
    ).toEqual({ code: 400, msg: 'wavData 不是有效的 Base64 编码' });
    expect((await server.api('POST', '/voice/speechToText', { token, json: true, body: { wavData: 'AAAA', wavSize: 3 } })).body).toEqual({
      code: 400,
      msg: '不是 WAV 文件（缺少 RIFF/WAVE 文件头）',
    });
  });

  it('forwards the wav to the configured engine as audio/wav and answers its text', async () => {
    const seen: { contentType: string | undefined; body: Buffer }[] = [];
    engine = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ contentType: request.headers['content-type'], body: Buffer.concat(chunks) });
        const fail = request.url === '/broken';
        response.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' });
        response.end(fail ? '{"error":"boom"}' : JSON.stringify({ text: '江南大道发现积水，请派人处理' }));
      });
    });
    await new Promise<void>((resolve) => engine!.listen(0, '127.0.0.1', resolve));
    const { port } = engine.address() as AddressInfo;
    server = await testServer({ speechToTextUrl: `http://127.0.0.1:${port}/asr` });
    const token = await server.login();
    // 2 s of speech is about 85 KB of base64: more than the server's 64 KB body limit.
    const wav = pcmWav(tone(2000));
    const reply = await server.api('POST', '/voice/speechToText', { token, json: true, body: body(wav) });
    expect(reply.body).toEqual({ code: 200, msg: '操作成功', data: { text: '江南大道发现积水，请派人处理' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.contentType).toBe('audio/wav');
    expect(seen[0]!.body.equals(wav)).toBe(true);
    await server.close();
    server = await testServer({ speechToTextUrl: `http://127.0.0.1:${port}/broken` });
    const again = await server.login();
    expect((await server.api('POST', '/voice/speechToText', { token: again, json: true, body: body(wav) })).body).toEqual({
      code: 502,
      msg: '语音识别服务出错（HTTP 500）',
    });
  });
});

describe('configuration (SPEECH_TO_TEXT_URL, SINGLE_SESSION)', () => {
  it('reads them, and refuses a bad value in Chinese naming the variable', async () => {
    const { readServerConfigFromEnv } = await import('../config');
    expect(readServerConfigFromEnv({}).server).toMatchObject({ singleSession: false });
    expect(readServerConfigFromEnv({}).server.speechToTextUrl).toBeUndefined();
    expect(readServerConfigFromEnv({ SINGLE_SESSION: '1', SPEECH_TO_TEXT_URL: 'http://10.0.0.9:9000/asr' }).server).toMatchObject({
      singleSession: true,
      speechToTextUrl: 'http://10.0.0.9:9000/asr',
    });
    expect(() => readServerConfigFromEnv({ SINGLE_SESSION: 'yes' })).toThrow('SINGLE_SESSION 只能是 0 或 1，当前为 "yes"');
    expect(() => readServerConfigFromEnv({ SPEECH_TO_TEXT_URL: 'ftp://asr.example.com' })).toThrow(
      'SPEECH_TO_TEXT_URL 只支持 http:// 或 https://',
    );
    expect(() => readServerConfigFromEnv({ SPEECH_TO_TEXT_URL: 'http://user:secret@' })).toThrow('SPEECH_TO_TEXT_URL 不是有效的地址');
  });
});
