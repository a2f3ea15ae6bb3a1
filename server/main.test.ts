import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const BANNER = /^城市运营指挥平台已启动: (http:\/\/127\.0\.0\.1:(\d+)\/)$/m;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `server/main.ts` as `npm run serve` does, with its own environment. */
function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-app'),
      SIMULATOR: '0',
      FLEET_SCALE: '0.05',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const banner = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = BANNER.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`服务未启动：${stderr}`)));
  });
  banner.catch(() => undefined); // awaited only by the tests that expect a start
  return { child, exited, banner, output: () => ({ stdout, stderr }) };
}

describe('server/main.ts', () => {
  it('listens on the port it was given (0 = any), prints one banner line with the real port, and stops cleanly on SIGTERM', async () => {
    const server = start({ PORT: '0' });
    const url = await server.banner;
    expect(url).not.toContain(':0/');
    const config = (await (await fetch(`${url}app-config.json`)).json()) as { apiBaseUrl: string };
    expect(config.apiBaseUrl).toBe('/api');
    const captcha = (await (await fetch(`${url}api/captchaImage`)).json()) as { code: number; captchaEnabled: boolean };
    expect(captcha).toMatchObject({ code: 200, captchaEnabled: true });
    expect(server.output().stdout.match(new RegExp(BANNER.source, 'gm'))).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 30_000);

  it('logs one JSON object a line into a pipe, and readable Chinese lines with LOG_FORMAT=pretty', async () => {
    const piped = start({ PORT: '0', LOG_LEVEL: 'info' });
    await piped.banner;
    piped.child.kill('SIGTERM');
    await piped.exited;
    const jsonLine = piped
      .output()
      .stdout.split('\n')
      .find((line) => line.includes('Server listening'));
    expect(JSON.parse(jsonLine ?? '')).toMatchObject({ level: 30, msg: expect.stringContaining('Server listening') });

    const pretty = start({ PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    await pretty.banner;
    // The pretty transport writes from a worker thread: wait for its line rather than the banner.
    await vi.waitFor(() => expect(pretty.output().stdout).toMatch(/Server listening/), { timeout: 10_000 });
    pretty.child.kill('SIGTERM');
    expect(await pretty.exited).toBe(0);
    const { stdout } = pretty.output();
    expect(stdout).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] INFO: 数据库已初始化并写入演示数据/m);
    expect(stdout).not.toContain('{"level"');
  }, 60_000);

  it.each([
    [{ PORT: 'abc' }, 'PORT 必须是 0 到 65535 之间的整数'],
    [{ PORT: '70000' }, 'PORT 必须是 0 到 65535 之间的整数'],
    [{ PORT: '0', SMS_DEV_ENDPOINT: 'yes' }, 'SMS_DEV_ENDPOINT 只能是 0 或 1'],
    [{ PORT: '0', LOG_LEVEL: 'loud' }, 'LOG_LEVEL 不正确'],
    [{ PORT: '0', LOG_FORMAT: 'yaml' }, 'LOG_FORMAT 只能是 json 或 pretty'],
  ])(
    'refuses %o with a Chinese message and exit code 1',
    async (env, message) => {
      const server = start(env);
      expect(await server.exited).toBe(1);
      expect(server.output().stderr).toContain(message);
      expect(server.output().stdout).not.toMatch(BANNER);
    },
    30_000,
  );
});
