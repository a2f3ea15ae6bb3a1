import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/** The tables whose rows a fresh start's history (server/seed/history/) writes besides live traffic. */
export const ORIGIN_TABLES = ['alarms', 'work_orders', 'emergency_events', 'command_log', 'video_diagnosis_checks'] as const;

// Where a row came from: 'live' (traffic, the default, as every row before) or 'seed' (the history a fresh
// start is given). Named origin, not source: work_orders.source already says how an order was raised.
export const migration018RowOrigin: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    for (const table of ORIGIN_TABLES)
      await db.schema
        .alterTable(table)
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo('live'))
        .execute();
  },
});
