import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from '../scale/settings';

/** A child process that takes commands on stdin and answers with JSON lines `{type, …}` on stdout. */
export interface JsonChild<E extends { type: string }> {
  child: ChildProcess;
  /** The next event of this type (an `error` event, or the child exiting, rejects). */
  next<T extends E['type']>(type: T): Promise<Extract<E, { type: T }>>;
  send(command: string): void;
  /** Asks it to stop, and kills it if it has not exited within 10 s. */
  stop(): Promise<void>;
}

export function startJsonChild<E extends { type: string }>(script: string, args: string[]): JsonChild<E> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const events: (E | { type: 'error'; message: string })[] = [];
  const waiting: (() => void)[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    events.push(JSON.parse(line) as E);
    for (const wake of waiting.splice(0)) wake();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    for (const wake of waiting.splice(0)) wake();
  });
  const isType = <T extends E['type']>(event: E | { type: 'error' }, type: T): event is Extract<E, { type: T }> => event.type === type;
  return {
    child,
    send: (command) => void child.stdin?.write(`${command}\n`),
    next: async (type) => {
      for (;;) {
        const at = events.findIndex((event) => event.type === type || event.type === 'error');
        if (at >= 0) {
          const [event] = events.splice(at, 1);
          if (isType(event!, type)) return event;
          throw new Error(`子进程 ${script} 出错：${'message' in event! ? String(event.message) : ''}`);
        }
        if (exited) throw new Error(`子进程 ${script} 已退出（退出码 ${child.exitCode}）：${stderr.slice(-2000)}`);
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.write('stop\n');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}
