import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpsMetrics } from './OpsMetrics';

/** Prometheus' text exposition format. */
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * GET /metrics on a listener of its own (METRICS_PORT, bound to METRICS_HOST), apart from the public
 * port, so the metrics are never public by accident. Anything else is 404.
 */
export class MetricsServer {
  private server: Server | undefined;

  constructor(
    private readonly metrics: OpsMetrics,
    private readonly where: { port: number; host: string },
  ) {}

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('仅提供 GET /metrics');
        return;
      }
      this.metrics.metrics().then(
        (text) => response.writeHead(200, { 'content-type': CONTENT_TYPE }).end(text),
        () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('指标采集失败'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.where.port, this.where.host, () => resolve());
    });
    this.server = server;
  }

  /** Where it listens (port 0 in tests picks a free one). */
  address(): { host: string; port: number } | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? { host: address.address, port: address.port } : undefined;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
