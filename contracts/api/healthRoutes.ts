/**
 * Health and readiness for load balancers, orchestrators and operators (README「运维」): public, JSON,
 * cheap, and out of the access log. The envelope's `code` equals the HTTP status (200 or 503), since a
 * load balancer reads the status, not the body.
 */
import { access } from './routeAccess';
import { defineRoute, replyOf } from './defineRoute';

/** starting: not yet serving; ready; draining: stopping after SIGTERM; unavailable: a check fails. */
export type HealthStatus = 'starting' | 'ready' | 'draining' | 'unavailable';

/** One dependency's state; `error` in Chinese when it fails. */
export interface HealthCheck {
  ok: boolean;
  error?: string;
}

export interface ReadinessReport {
  status: HealthStatus;
  checks: {
    database: HealthCheck;
    /** The database has run exactly the migrations this program knows. */
    migrations: HealthCheck;
    /** PostgreSQL only: the LISTEN connection that brings other instances' pushes. */
    pushListener?: HealthCheck;
  };
  /** Reported, never failing readiness: the broker is optional (absent without MQTT_URL). */
  broker?: { connected: boolean };
  /** Whether this instance runs the cluster's background jobs. */
  leader: boolean;
}

export type HealthEnvelope<Data> = { code: 200 | 503; msg: string; data: Data };

const forProbes = access.public('负载均衡与运维探测');

export const healthRoutes = {
  /** The process answers: nothing else is checked. */
  live: defineRoute({
    method: 'GET',
    path: '/health/live',
    reply: replyOf<HealthEnvelope<{ status: 'live'; uptimeSeconds: number }>>(),
    access: forProbes,
  }),
  /** 200 only when the instance should get traffic; 503 while starting, draining or when a check fails. */
  ready: defineRoute({ method: 'GET', path: '/health/ready', reply: replyOf<HealthEnvelope<ReadinessReport>>(), access: forProbes }),
};
