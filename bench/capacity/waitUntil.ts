import { sleep } from '../scale/settings';

/** Polls `check` every `everyMs` until it holds; fails naming `what` after `ms`. */
export async function waitUntil(check: () => Promise<boolean>, what: string, ms: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`等待超时：${what}`);
    await sleep(everyMs);
  }
}
