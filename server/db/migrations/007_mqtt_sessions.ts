import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// The MQTT sessions the server's instances hold at the broker (MqttSessions): a session whose instance
// stopped renewing it still holds messages the broker routed to it; the leader takes it over and drains it.
export const migration007MqttSessions: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mqtt_sessions')
      .addColumn('client_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
