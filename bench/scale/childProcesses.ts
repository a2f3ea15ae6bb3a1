import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type LoadEvent, type PushResult, type PushSpec } from './protocol';
import { ROOT, HERE } from './settings';

// ---------------------------------------------------------------- child processes

export interface Generator {
  child: ChildProcess;
  next(type: LoadEvent['type']): Promise<LoadEvent>;
  send(command: string): void;
}

export function startGenerator(specFile: string): Generator {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'telemetryLoad.ts'), specFile], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: LoadEvent[] = [];
  const waiting: (() => void)[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    events.push(JSON.parse(line) as LoadEvent);
    for (const wake of waiting.splice(0)) wake();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    child,
    send: (command) => void child.stdin?.write(`${command}\n`),
    next: async (type) => {
      for (;;) {
        const at = events.findIndex((event) => event.type === type || event.type === 'error');
        if (at >= 0) {
          const [event] = events.splice(at, 1);
          if (event!.type === 'error') throw new Error(`负载进程出错：${event!.message}`);
          return event!;
        }
        if (exited) throw new Error(`负载进程已退出（退出码 ${child.exitCode}）：${stderr.slice(-2000)}`);
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
  };
}

/** Runs the push clients in their own process; resolves with what they measured. */
export function pushLoad(spec: PushSpec): Promise<PushResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'pushLoad.ts'), JSON.stringify(spec)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  return new Promise((resolveLoad, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`推送压测进程失败（退出码 ${code}）：${errors}${output}`));
      resolveLoad(JSON.parse(line) as PushResult);
    });
  });
}

/** The bare broadcast server in its own process; resolves with its address and how to stop it. */
export async function startBare(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'bareBroadcast.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`裸广播进程退出（退出码 ${code}）`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      await exited;
    },
  };
}
