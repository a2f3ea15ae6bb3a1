import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCatalog } from './catalog/deviceCatalog';
import type { LeaderJob } from './cluster/ClusterLeader';
import type { ServerConfig } from './config';
import type { Db } from './db/Database';
import type { PushHub } from './push/PushHub';
import type { ServerContext } from './ServerContext';

/**
 * What every feature's `register…(api, deps)` is built from: the configuration, the database, the
 * clock, the shared services, the device kinds and the push hub. Each takes what it needs by name.
 */
export interface ServerDeps {
  config: ServerConfig;
  db: Db;
  now: () => number;
  ctx: ServerContext;
  catalog: DeviceCatalog;
  pushHub: PushHub;
  log: FastifyBaseLogger;
  /** A handler that logs an error of a background task with the Chinese message that names it. */
  reportError(message: string): (error: unknown) => void;
}

/** A feature's background work, run by the cluster's leader, and what it stops when the server closes. */
export interface FeatureLifecycle {
  jobs: LeaderJob[];
  /** Called when the server closes, after the leader stopped the jobs. */
  stop?: () => Promise<void> | void;
  /** Called when the instance starts draining (SIGTERM): close long-lived sockets with a reconnect-elsewhere code. */
  drain?: () => void;
}
