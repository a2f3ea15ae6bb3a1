import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { listening, pushClient, waitFor } from '../testing/pushTestClient';
import { testServer, type TestServer } from '../testing/testServer';
import { readOperabilityConfig } from '../health/operabilityConfig';

// GET /metrics on its own port after some traffic: every family named in README「运维」 is there with
// values that fit what happened; the public port has none of it.
const onPostgres = Boolean(inject('postgresAdminUrl'));
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** `name{labels} value` lines as a map from `name{labels}` (or `name`) to the value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    found.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return found;
}

describe('GET /metrics', () => {
  it('lists every family with plausible values after traffic, by route template, on its own port only', { timeout: 30_000 }, async () => {
    server = await testServer({ operability: { metrics: { port: 0, host: '127.0.0.1' }, shutdownGraceMs: 1000 } });
    const token = await server.login();
    const at = await listening(server.app);
    const metricsAt = server.services.metrics?.address();
    expect(metricsAt?.host).toBe('127.0.0.1');
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsAt?.port}/metrics`);
      expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      return response.text();
    };

    for (let index = 0; index < 5; index++) await server.api('GET', '/getInfo', { token });
    // Two alarms' details: one series, under the route's template.
    await server.api('GET', '/alarm/detail/1', { token });
    await server.api('GET', '/alarm/detail/2', { token });
    await server.app.inject({ method: 'GET', url: '/api/no/such/route' });
    const client = pushClient(at, token);
    client.client.start(1);
    await waitFor(() => server?.services.pushHub.socketStats.open === 1, 5000, '推送连接已打开');
    for (let index = 0; index < 3; index++)
      await server.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: `指标 ${index}` });
    await waitFor(() => client.inbox.length >= 3, 5000, '客户端收到告警');

    const text = await scrape();
    const values = samples(text);
    const value = (key: string) => values.get(key);
    expect(value('ops_http_requests_total{route="/api/getInfo",method="GET",status="200"}')).toBe(5);
    expect(value('ops_http_requests_total{route="/api/alarm/detail/:alarmId",method="GET",status="200"}')).toBe(2);
    expect([...values.keys()].some((key) => key.includes('/alarm/detail/1'))).toBe(false);
    expect(value('ops_http_requests_total{route="unmatched",method="GET",status="200"}')).toBe(1);
    expect(value('ops_http_request_duration_seconds_count{route="/api/getInfo",method="GET"}')).toBe(5);
    expect(value('ops_http_request_duration_seconds_sum{route="/api/getInfo",method="GET"}')).toBeGreaterThan(0);
    expect(value('ops_push_sockets')).toBe(1);
    expect(value('ops_push_messages_sent_total')).toBeGreaterThanOrEqual(3);
    expect(value('ops_push_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(value('ops_push_delivery_lag_seconds_sum')).toBeGreaterThan(0);
    expect(value('ops_pg_listener_reconnects_total')).toBe(0);
    // No broker in tests: the families are there, at zero.
    expect(value('ops_mqtt_messages_total{outcome="received"}')).toBe(0);
    expect(value('ops_mqtt_dropped_total{reason="unknown_device"}')).toBe(0);
    if (onPostgres) {
      expect(
        (value('ops_db_pool_connections{state="in_use"}') ?? 0) + (value('ops_db_pool_connections{state="idle"}') ?? 0),
      ).toBeGreaterThan(0);
      expect(value('ops_db_pool_connections{state="waiting"}')).toBe(0);
    } else expect(text).toContain('# TYPE ops_db_pool_connections gauge');
    expect(value('ops_leader')).toBe(1);
    expect(value('ops_job_runs_total{job="推送日志清理",outcome="failed"}')).toBe(0);
    // A job wrapped for its first round still reports its interval's rounds.
    expect(value('ops_job_runs_total{job="视频诊断",outcome="failed"}')).toBe(0);
    // The simulators are leader jobs like the others, counted too (off here: no rounds yet).
    for (const job of ['设备模拟器', '天气模拟', '景区业务模拟', '人员轨迹模拟', '现场处置模拟'])
      expect(value(`ops_job_runs_total{job="${job}",outcome="ok"}`), job).toBe(0);
    expect(value('ops_simulator_on')).toBe(0);
    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(values.has('nodejs_eventloop_lag_seconds')).toBe(true);

    // Counters keep counting between scrapes; sockets go down when they close.
    await server.api('GET', '/getInfo', { token });
    client.client.stop();
    await waitFor(() => server?.services.pushHub.socketStats.open === 0, 5000, '推送连接已关闭');
    const later = samples(await scrape());
    expect(later.get('ops_http_requests_total{route="/api/getInfo",method="GET",status="200"}')).toBe(6);
    expect(later.get('ops_push_sockets')).toBe(0);
    expect(later.get('ops_push_messages_sent_total')).toBe(value('ops_push_messages_sent_total'));

    // The shipped Grafana dashboard asks only for series this server exposes.
    const dashboard = readFileSync('deploy/grafana-dashboard.json', 'utf8');
    const asked = new Set(
      [...dashboard.matchAll(/\b((?:ops|process|nodejs)_[a-z0-9_]+)/g)].map((match) => match[1]!.replace(/_bucket$/, '')),
    );
    expect(asked.size).toBeGreaterThan(12);
    for (const name of asked) expect(text, `仪表盘引用的 ${name}`).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));

    // Only GET /metrics there; nothing of it on the public port.
    expect((await fetch(`http://127.0.0.1:${metricsAt?.port}/other`)).status).toBe(404);
    const publicPort = await fetch(`${at.api.replace(/\/api$/, '')}/metrics`);
    expect(await publicPort.text()).not.toContain('ops_');
  });

  it('is off unless METRICS_PORT is set; refuses bad settings with the variable named', () => {
    expect(readOperabilityConfig({})).toEqual({ shutdownGraceMs: 10_000 });
    expect(readOperabilityConfig({ METRICS_PORT: '9464', SHUTDOWN_GRACE_MS: '3000' })).toEqual({
      metrics: { port: 9464, host: '127.0.0.1' },
      shutdownGraceMs: 3000,
    });
    expect(readOperabilityConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics?.host).toBe('0.0.0.0');
    expect(() => readOperabilityConfig({ METRICS_PORT: 'abc' })).toThrow('METRICS_PORT 必须是 1 到 65535 之间的整数，当前为 "abc"');
    expect(() => readOperabilityConfig({ METRICS_PORT: '8080' }, 8080)).toThrow('METRICS_PORT 不能与 PORT 相同');
    expect(() => readOperabilityConfig({ METRICS_HOST: '0.0.0.0' })).toThrow('设置了 METRICS_HOST 但没有设置 METRICS_PORT');
    expect(() => readOperabilityConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow('SHUTDOWN_GRACE_MS 必须是 0 到 600000 之间的整数毫秒');
  });
});
