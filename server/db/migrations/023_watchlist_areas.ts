import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * A deployment (布防) may name areas besides cameras: the tenant's named places as ",江南大道,滨盛路,"
 * (stored like device_ids, read whole with the deployment; '' when it names cameras only, as every
 * deployment before this migration did). Which cameras an area covers is decided when a record is
 * matched (the nearest named place to the camera), so nothing else is stored.
 */
export const migration023WatchlistAreas: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('watchlist_deployments')
      .addColumn('areas', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
});
