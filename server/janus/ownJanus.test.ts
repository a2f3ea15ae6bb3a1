import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJanusConfig, readServerConfigFromEnv } from '../config';
import { freePort } from '../mqtt/testing/mosquitto';
import { findJanus, JANUS_MISSING } from './JanusProcess';
import { startOwnJanus } from './ownJanus';

const janus = findJanus();
if (!janus && process.env.REQUIRE_JANUS === '1') throw new Error(JANUS_MISSING);

describe('Janus settings (JANUS, JANUS_URL, JANUS_PUBLIC_URL, JANUS_ADMIN_KEY, JANUS_HTTP_PORT, JANUS_WS_PORT)', () => {
  it('default to our own Janus on 8088 and 8188; JANUS=0 switches rooms off', () => {
    expect(readServerConfigFromEnv({}).server.janus).toEqual({ httpPort: 8088, wsPort: 8188 });
    expect(readServerConfigFromEnv({ JANUS: '0', JANUS_URL: 'nonsense' }).server.janus).toEqual({ off: true });
    expect(
      readServerConfigFromEnv({
        JANUS_URL: 'http://10.0.0.5:8088/janus/',
        JANUS_PUBLIC_URL: 'wss://janus.example.com',
        JANUS_ADMIN_KEY: 'k3y',
      }).server.janus,
    ).toEqual({
      url: 'http://10.0.0.5:8088/janus',
      publicUrl: 'wss://janus.example.com',
      adminKey: 'k3y',
      httpPort: 8088,
      wsPort: 8188,
    });
    expect(readJanusConfig({ JANUS_HTTP_PORT: '18088', JANUS_WS_PORT: '18188' }, true)).toEqual({ httpPort: 18088, wsPort: 18188 });
  });

  it.each([
    [{ JANUS: 'no' }, 'JANUS 只能是 0 或 1，当前为 "no"'],
    [
      { JANUS_URL: 'ws://10.0.0.5:8188' },
      'JANUS_URL 只支持 http://、https://，应形如 http://10.0.0.5:8088/janus，当前为 "ws://10.0.0.5:8188"',
    ],
    [{ JANUS_URL: '10.0.0.5:8088' }, 'JANUS_URL 不是有效的地址'],
    [
      { JANUS_URL: 'http://user:secret@10.0.0.5/janus' },
      'JANUS_URL 不能包含账号密码，应形如 http://10.0.0.5:8088/janus，当前为 "http://user:***@10.0.0.5/janus"',
    ],
    [{ JANUS_PUBLIC_URL: 'ftp://x' }, 'JANUS_PUBLIC_URL 只支持 ws://、wss://、http://、https://'],
    [{ JANUS_PUBLIC_URL: 'not a url' }, 'JANUS_PUBLIC_URL 不是有效的地址'],
    [{ JANUS_ADMIN_KEY: 'two words' }, 'JANUS_ADMIN_KEY 不能包含空白字符、引号或反斜杠'],
    [{ JANUS_HTTP_PORT: '70000' }, 'JANUS_HTTP_PORT 必须是 1 到 65535 之间的整数，当前为 "70000"'],
    [{ JANUS_WS_PORT: '1.5' }, 'JANUS_WS_PORT 必须是 1 到 65535 之间的整数，当前为 "1.5"'],
    [{ JANUS_HTTP_PORT: '9000', JANUS_WS_PORT: '9000' }, 'JANUS_HTTP_PORT 与 JANUS_WS_PORT 不能相同'],
  ])('refuse %o naming the variable', (env, message) => {
    expect(() => readServerConfigFromEnv(env)).toThrow(message);
  });
});

describe("npm start's own Janus (startOwnJanus)", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-own-janus-'));
    dirs.push(dir);
    return dir;
  };

  it('is not started when switched off or when JANUS_URL names one', async () => {
    expect(await startOwnJanus({ off: true }, dataDir())).toEqual({ config: { off: true }, message: '视频会商已关闭（JANUS=0）' });
    const external = await startOwnJanus({ url: 'http://10.0.0.5:8088/janus', adminKey: 'k' }, dataDir());
    expect(external.running).toBeUndefined();
    expect(external.config).toEqual({ url: 'http://10.0.0.5:8088/janus', adminKey: 'k' });
  });

  it.skipIf(!janus)(
    'starts on the configured ports under DATA_DIR/janus with a fresh admin key, and stops',
    async () => {
      const httpPort = await freePort();
      const wsPort = await freePort();
      const folder = dataDir();
      const first = await startOwnJanus({ httpPort, wsPort }, folder);
      try {
        expect(first.config).toMatchObject({
          url: `http://127.0.0.1:${httpPort}/janus`,
          publicUrl: `ws://127.0.0.1:${wsPort}`,
          httpPort,
          wsPort,
        });
        expect(first.config.adminKey).toMatch(/^[\w-]{32}$/);
        expect(first.message).toBe(`Janus 已启动：REST http://127.0.0.1:${httpPort}/janus，WebSocket ws://127.0.0.1:${wsPort}`);
        expect(((await (await fetch(`${first.config.url}/info`)).json()) as { janus: string }).janus).toBe('server_info');
        // A second start on the same ports: the port is named, nothing waits for a Janus that cannot listen.
        const second = await startOwnJanus({ httpPort, wsPort, publicUrl: 'wss://janus.example.com' }, dataDir());
        expect(second.running).toBeUndefined();
        expect(second.config.unavailable).toBe(`端口 ${httpPort} 已被占用（JANUS_HTTP_PORT），未启动 janus：视频会商不可用，其余功能照常`);
      } finally {
        await first.running?.stop();
      }
      await expect(fetch(`${first.config.url}/info`)).rejects.toThrow();
    },
    30_000,
  );

  it.skipIf(!janus)(
    'keeps JANUS_PUBLIC_URL as what browsers are told',
    async () => {
      const own = await startOwnJanus(
        { httpPort: await freePort(), wsPort: await freePort(), publicUrl: 'wss://janus.example.com' },
        dataDir(),
      );
      try {
        expect(own.config.publicUrl).toBe('wss://janus.example.com');
        expect(own.message).toContain('（浏览器连接 wss://janus.example.com）');
      } finally {
        await own.running?.stop();
      }
    },
    30_000,
  );
});

/**
 * Runs server/main.ts as npm start does until its banner and `expected` have been printed, then SIGTERM
 * (pipe writes still pending when the process exits may be lost, so the test waits for what it checks).
 */
async function runMain(env: Record<string, string>, expected: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-main-janus-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'no-app'),
        SIMULATOR: '0',
        FLEET_SCALE: '0.05',
        LOG_LEVEL: 'warn',
        PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    while (!(stdout.includes('城市运营指挥平台已启动') && `${stdout}${stderr}`.includes(expected)) && Date.now() - started < 60_000) {
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGTERM');
    return { stdout, stderr, code: await exited };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('server/main.ts and Janus', () => {
  it('logs JANUS_MISSING when janus is not installed, and starts all the same', async () => {
    const run = await runMain({ JANUS_PATH: '/nonexistent/janus' }, JANUS_MISSING);
    expect(run.stdout).toContain('城市运营指挥平台已启动');
    expect(run.stderr).toContain(JANUS_MISSING);
    expect(run.code).toBe(0);
  }, 90_000);

  it.skipIf(!janus)(
    'starts its own Janus, says where it listens, and stops it on shutdown',
    async () => {
      const httpPort = await freePort();
      const wsPort = await freePort();
      const message = `Janus 已启动：REST http://127.0.0.1:${httpPort}/janus，WebSocket ws://127.0.0.1:${wsPort}`;
      const run = await runMain({ JANUS_HTTP_PORT: String(httpPort), JANUS_WS_PORT: String(wsPort) }, message);
      expect(run.stdout).toContain(message);
      expect(run.code).toBe(0);
      await expect(fetch(`http://127.0.0.1:${httpPort}/janus/info`)).rejects.toThrow();
    },
    90_000,
  );
});
