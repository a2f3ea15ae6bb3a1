/** How long a stopping instance waits for its requests in flight (SHUTDOWN_GRACE_MS), unless configured. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Metrics and shutdown settings (README「运维」). */
export interface OperabilityConfig {
  /** METRICS_PORT and METRICS_HOST: where GET /metrics listens; absent: no metrics. */
  metrics?: { port: number; host: string };
  /** SHUTDOWN_GRACE_MS: on SIGTERM, how long requests in flight may take before connections are cut. */
  shutdownGraceMs: number;
}

/** Reads METRICS_PORT, METRICS_HOST and SHUTDOWN_GRACE_MS; a bad value is an error naming the variable, in Chinese. */
export function readOperabilityConfig(env: NodeJS.ProcessEnv, publicPort?: number): OperabilityConfig {
  const graceText = env.SHUTDOWN_GRACE_MS?.trim();
  const shutdownGraceMs = graceText ? Number(graceText) : DEFAULT_SHUTDOWN_GRACE_MS;
  if (!Number.isInteger(shutdownGraceMs) || shutdownGraceMs < 0 || shutdownGraceMs > 600_000)
    throw new Error(`SHUTDOWN_GRACE_MS 必须是 0 到 600000 之间的整数毫秒，当前为 "${env.SHUTDOWN_GRACE_MS}"`);
  const portText = env.METRICS_PORT?.trim();
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  if (/\s/.test(host)) throw new Error(`METRICS_HOST 不能包含空白字符，当前为 "${env.METRICS_HOST}"`);
  if (!portText) {
    if (env.METRICS_HOST?.trim()) throw new Error('设置了 METRICS_HOST 但没有设置 METRICS_PORT：指标端口未开启');
    return { shutdownGraceMs };
  }
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`METRICS_PORT 必须是 1 到 65535 之间的整数，当前为 "${env.METRICS_PORT}"`);
  if (publicPort !== undefined && port === publicPort) throw new Error(`METRICS_PORT 不能与 PORT 相同（${port}）：指标不应公开`);
  return { metrics: { port, host }, shutdownGraceMs };
}
