import { describe, expect, it, vi } from 'vitest';
import type { ApiCaller } from '../../http/ApiCaller';
import { createIntercom, type IntercomHost } from './Intercom';
import { MicrophoneError, microphoneMessage, VoiceRecorder } from './VoiceRecorder';
import { encodeWav, resample } from './wav';

describe('wav (spec section 9: mono 16 kHz)', () => {
  it('PCM 16-bit mono header and clamped samples', () => {
    const view = new DataView(encodeWav([new Float32Array([0, 1, -1, 2])]));
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(view.buffer, offset, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect([
      view.getUint16(20, true),
      view.getUint16(22, true),
      view.getUint32(24, true),
      view.getUint16(34, true),
      view.getUint32(40, true),
    ]).toEqual([1, 1, 16_000, 16, 8]);
    expect([0, 1, 2, 3].map((index) => view.getInt16(44 + index * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });

  it('resamples 48 kHz to 16 kHz', () => {
    expect(resample(new Float32Array(4800), 48_000)).toHaveLength(1600);
  });
});

describe('microphone alerts (spec section 8)', () => {
  it('maps getUserMedia errors', () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(microphoneMessage(named('NotAllowedError'))).toBe('用户拒绝了麦克风权限');
    expect(microphoneMessage(named('NotFoundError'))).toBe('没有找到麦克风');
    expect(microphoneMessage(named('NotSupportedError'))).toBe('硬件不支持');
    expect(microphoneMessage(named('NotReadableError'))).toBe('无法打开麦克风');
    expect(microphoneMessage(new Error('?'))).toBe('无法打开麦克风');
  });

  it('no getUserMedia or AudioContext: 浏览器不支持录音; a refusal rejects with its alert', async () => {
    await expect(new VoiceRecorder({}).start()).rejects.toThrow(new MicrophoneError('浏览器不支持录音'));
    const refused = new VoiceRecorder({
      getUserMedia: async () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })),
      createAudioContext: () => ({}) as AudioContext,
    });
    await expect(refused.start()).rejects.toThrow('用户拒绝了麦克风权限');
  });

  it('records buffers of 4096, mono, into an audio/wav blob and releases the microphone', async () => {
    const stop = vi.fn();
    const processor = { onaudioprocess: null as ((event: unknown) => void) | null, connect: vi.fn(), disconnect: vi.fn() };
    const createScriptProcessor = vi.fn(() => processor);
    const context = {
      sampleRate: 16_000,
      createMediaStreamSource: () => ({ connect: vi.fn() }),
      createScriptProcessor,
      destination: {},
      close: vi.fn(async () => undefined),
    };
    const recorder = new VoiceRecorder({
      getUserMedia: async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream,
      createAudioContext: () => context as unknown as AudioContext,
    });
    await recorder.start();
    expect(createScriptProcessor).toHaveBeenCalledWith(4096, 1, 1);
    processor.onaudioprocess?.({ inputBuffer: { getChannelData: () => new Float32Array(16_000).fill(0.5) } });
    expect(recorder.level).toBeGreaterThan(0);
    const recording = await recorder.stop();
    expect(recording!.wav.type).toBe('audio/wav');
    expect(recording!.wav.size).toBe(44 + 32_000);
    expect(recording!.durationMs).toBe(1000);
    expect(stop).toHaveBeenCalled();
    expect(recorder.recording).toBe(false);
  });
});

function fakeHost(replies: Record<string, unknown[]>) {
  const calls: [string, string, unknown, unknown][] = [];
  const host: IntercomHost = async (route, input) => {
    const { query, body } = input as { query?: unknown; body?: unknown };
    calls.push([route.method, route.path, query, body]);
    const queue = replies[route.path] ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (next instanceof Error) throw next;
    return next as never;
  };
  return { host, calls };
}

const intercomWith = (host: IntercomHost) => createIntercom({ host, api: {} as ApiCaller, sessionFetch: vi.fn(), random: () => 0.5 });

describe('quick intercom group flow (spec sections 4, 5, 8)', () => {
  it('lists, deletes each of the caller’s groups, creates 群组<n> with the uids, lists again and answers the first gid', async () => {
    const created = { gid: 9, name: '群组5001', uids: [2, 3], creatorId: 1, join: { room: 77 } };
    const { host, calls } = fakeHost({
      '/gis/sapi/group/quick/list': [
        {
          status: 0,
          data: [
            { gid: 4, creatorId: 1 },
            { gid: 5, creatorId: 1 },
            { gid: 6, creatorId: 8 },
          ],
        },
        { status: 0, data: [{ gid: 9, creatorId: 1 }] },
      ],
      '/gis/sapi/group/quick/delete': [{ status: 0 }],
      '/gis/sapi/group/quick/create': [{ status: 0, data: created }],
    });
    await expect(intercomWith(host).startTempGroup([2, 3], 1)).resolves.toEqual({ gid: 9, created });
    expect(calls.map(([method, path, query]) => `${method} ${path}${query ? ` ${JSON.stringify(query)}` : ''}`)).toEqual([
      'GET /gis/sapi/group/quick/list',
      'GET /gis/sapi/group/quick/delete {"gid":4}',
      'GET /gis/sapi/group/quick/delete {"gid":5}',
      'POST /gis/sapi/group/quick/create',
      'GET /gis/sapi/group/quick/list',
    ]);
    expect(calls[3]![3]).toEqual({ uids: [2, 3], name: '群组5001' });
  });

  it('skipped unless the list loaded: status 1000 → the server message; a bad reply → its message or 服务异常', async () => {
    for (const [reply, message] of [
      [{ status: 1000, message: '对讲服务未开通' }, '对讲服务未开通'],
      [{ status: 3, message: '列表读取失败' }, '列表读取失败'],
      [{ status: 0, data: 'x' }, '服务异常'],
      [new Error('network'), '服务异常'],
    ] as const) {
      const { host, calls } = fakeHost({ '/gis/sapi/group/quick/list': [reply] });
      await expect(intercomWith(host).startTempGroup([2])).rejects.toThrow(message);
      expect(calls.some(([, path]) => path.endsWith('/create'))).toBe(false);
    }
  });

  it('creation failure: 创建临时群组失败，请稍后再试 (a refusal with a message shows that message)', async () => {
    const base = { '/gis/sapi/group/quick/list': [{ status: 0, data: [] }] };
    await expect(
      intercomWith(fakeHost({ ...base, '/gis/sapi/group/quick/create': [{ status: 2 }] }).host).startTempGroup([2]),
    ).rejects.toThrow('创建临时群组失败，请稍后再试');
    await expect(
      intercomWith(fakeHost({ ...base, '/gis/sapi/group/quick/create': [new Error('down')] }).host).startTempGroup([2]),
    ).rejects.toThrow('创建临时群组失败，请稍后再试');
    await expect(
      intercomWith(
        fakeHost({ ...base, '/gis/sapi/group/quick/create': [{ status: 1000, message: '成员不在本租户' }] }).host,
      ).startTempGroup([2]),
    ).rejects.toThrow('成员不在本租户');
  });
});
