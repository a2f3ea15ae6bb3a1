import { randomBytes } from 'node:crypto';
import type { Db } from '../db/Database';
import { INSTANCE_KEY_PATTERN } from './topics';

const CLIENT_ID_PREFIX = 'ops-server-';

/** The instance key in a server session's client id (undefined for a client id of another form). */
export function instanceKeyOf(clientId: string): string | undefined {
  const key = clientId.startsWith(CLIENT_ID_PREFIX) ? clientId.slice(CLIENT_ID_PREFIX.length) : '';
  return INSTANCE_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * The broker sessions the server's instances hold, so none is forgotten with messages in it.
 *
 * Every instance connects with a client id of its own and a persistent session: while it is away
 * (broker restart, its own restart) the broker keeps what it routes to it. A shared subscription goes
 * on routing a share of the reports to a session whose instance died, so each instance renews its row
 * here every few seconds; a row nobody renews is an orphan, and the cluster's leader takes its session
 * over, drains it and ends it (MqttDeviceGateway.drainSession).
 */
export class MqttSessions {
  /** Names this instance's reply topic and prefixes its command ids (topics.ts). */
  readonly instanceKey = randomBytes(6).toString('hex');
  readonly clientId = `${CLIENT_ID_PREFIX}${this.instanceKey}`;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Claims (or renews) this instance's row. */
  async renew(): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto('mqtt_sessions')
      .values({ client_id: this.clientId, seen_at: at })
      .onConflict((conflict) => conflict.column('client_id').doUpdateSet({ seen_at: at }))
      .execute();
  }

  /** A clean stop: the row is an orphan at once, so the leader drains what the broker still queues for it. */
  async release(): Promise<void> {
    await this.db.updateTable('mqtt_sessions').set({ seen_at: 0 }).where('client_id', '=', this.clientId).execute();
  }

  /** Sessions of other instances not renewed since `before` (epoch ms), oldest first. */
  async orphans(before: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mqtt_sessions')
      .select('client_id')
      .where('seen_at', '<', before)
      .where('client_id', '!=', this.clientId)
      .orderBy('seen_at')
      .execute();
    return rows.map((row) => row.client_id);
  }

  /** Forgets a drained session, unless its instance came back and renewed it meanwhile. */
  async forget(clientId: string, drainedSince: number): Promise<void> {
    await this.db.deleteFrom('mqtt_sessions').where('client_id', '=', clientId).where('seen_at', '<', drainedSince).execute();
  }
}
