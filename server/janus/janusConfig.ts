import { parseServiceUrl } from '../serviceUrl';

/**
 * Video rooms (server/videoRooms/) on Janus. With `url` the server administers that Janus; without it
 * rooms are unavailable for the reason in `unavailable` (npm start fills `url` in when it starts its own
 * Janus, see server/main.ts).
 */
export interface JanusConfig {
  /** JANUS=0: video rooms switched off. */
  off?: boolean;
  /** REST address the server creates, lists, kicks and destroys rooms through (JANUS_URL), e.g. http://10.0.0.5:8088/janus. */
  url?: string;
  /** The address browsers join rooms at (JANUS_PUBLIC_URL): ws://… or http(s)://…/janus; default `url`. */
  publicUrl?: string;
  /** The videoroom plugin's admin_key of that Janus (JANUS_ADMIN_KEY). */
  adminKey?: string;
  /** Why rooms are unavailable when there is no `url` (e.g. janus is not installed). */
  unavailable?: string;
  /** Ports of the Janus npm start runs itself when no JANUS_URL is given (JANUS_HTTP_PORT, JANUS_WS_PORT). */
  httpPort?: number;
  wsPort?: number;
}

/**
 * JANUS=0 switches video rooms off. JANUS_URL names an external Janus's REST API (http(s)://主机:8088/janus)
 * administered with JANUS_ADMIN_KEY; JANUS_PUBLIC_URL is where browsers reach it (ws://, wss://, http://,
 * https://). Without JANUS_URL npm start runs its own Janus on JANUS_HTTP_PORT / JANUS_WS_PORT.
 */
export function readJanusConfig(env: NodeJS.ProcessEnv, on: boolean): JanusConfig {
  if (!on) return { off: true };
  const port = (name: string, fallback: number) => {
    const value = env[name]?.trim();
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65535)
      throw new Error(`${name} 必须是 1 到 65535 之间的整数，当前为 "${env[name]}"`);
    return parsed;
  };
  const address = (name: string, protocols: string[], example: string) =>
    parseServiceUrl(name, env[name], { protocols, example, credentialsRefused: '不能包含账号密码' })?.replace(/\/+$/, '');
  const url = address('JANUS_URL', ['http:', 'https:'], 'http://10.0.0.5:8088/janus');
  const publicUrl = address(
    'JANUS_PUBLIC_URL',
    ['ws:', 'wss:', 'http:', 'https:'],
    'wss://janus.example.com 或 https://janus.example.com/janus',
  );
  const adminKey = env.JANUS_ADMIN_KEY;
  if (adminKey && /[\s"\\]/.test(adminKey)) throw new Error('JANUS_ADMIN_KEY 不能包含空白字符、引号或反斜杠');
  const httpPort = port('JANUS_HTTP_PORT', 8088);
  const wsPort = port('JANUS_WS_PORT', 8188);
  if (!url && httpPort === wsPort) throw new Error(`JANUS_HTTP_PORT 与 JANUS_WS_PORT 不能相同，当前都为 ${httpPort}`);
  return { ...(url ? { url } : {}), ...(publicUrl ? { publicUrl } : {}), ...(adminKey ? { adminKey } : {}), httpPort, wsPort };
}
