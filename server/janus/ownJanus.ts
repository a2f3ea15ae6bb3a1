import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { JanusConfig } from '../config';
import { findJanus, JANUS_MISSING, startJanus, type RunningJanus } from './JanusProcess';
import { errorMessage } from '../../contracts/errorMessage';

/** Whether nothing listens on the port at this address yet (Janus would otherwise wait out its start timeout). */
function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

export interface OwnJanus {
  /** The configuration to give the server: the started Janus's addresses, or why there is none. */
  config: JanusConfig;
  /** The Janus we run (stopped when the server stops), if any. */
  running?: RunningJanus;
  /** One line for the operator: where it listens, or why video rooms are unavailable. */
  message: string;
}

/**
 * npm start without JANUS_URL: runs Debian's janus with a configuration of its own under
 * DATA_DIR/janus, on loopback, with a fresh admin key each start (rooms are not permanent, so none
 * outlives the process). A missing janus or a port in use leaves video rooms unavailable, with the
 * reason, and everything else running.
 */
export async function startOwnJanus(config: JanusConfig | undefined, dataDir: string): Promise<OwnJanus> {
  if (!config || config.off) return { config: config ?? { off: true }, message: '视频会商已关闭（JANUS=0）' };
  if (config.url) return { config, message: `视频会商使用 Janus：${config.url}（浏览器连接 ${config.publicUrl ?? config.url}）` };
  const janus = findJanus();
  if (!janus) return { config: { ...config, unavailable: JANUS_MISSING }, message: JANUS_MISSING };
  const host = '127.0.0.1';
  const httpPort = config.httpPort ?? 8088;
  const wsPort = config.wsPort ?? 8188;
  for (const [name, port] of [
    ['JANUS_HTTP_PORT', httpPort],
    ['JANUS_WS_PORT', wsPort],
  ] as const) {
    if (!(await portFree(port, host))) {
      const reason = `端口 ${port} 已被占用（${name}），未启动 janus：视频会商不可用，其余功能照常`;
      return { config: { ...config, unavailable: reason }, message: reason };
    }
  }
  try {
    const running = await startJanus(janus, {
      folder: join(dataDir, 'janus'),
      httpPort,
      wsPort,
      adminKey: randomBytes(24).toString('base64url'),
      ip: host,
    });
    return {
      config: { ...config, url: running.httpUrl, adminKey: running.adminKey, publicUrl: config.publicUrl ?? running.wsUrl },
      running,
      message: `Janus 已启动：REST ${running.httpUrl}，WebSocket ${running.wsUrl}${config.publicUrl ? `（浏览器连接 ${config.publicUrl}）` : ''}`,
    };
  } catch (error) {
    const reason = `janus 启动失败，视频会商不可用：${errorMessage(error).split('\n')[0]}`;
    return { config: { ...config, unavailable: reason }, message: reason };
  }
}
