import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/** SQLite: the FTS5 table of the records' plates (trigram tokens), keyed by record_id. */
export const PLATE_SEARCH_TABLE = 'recognition_plates';

/**
 * SQLite: the triggers that keep PLATE_SEARCH_TABLE in step with recognition_records, whoever writes
 * (RecognitionService.insert, the bulk seed, a test's delete). Exported for the bulk seed, which drops
 * them for its write and rebuilds the table once after.
 */
export const PLATE_SEARCH_TRIGGERS: readonly { name: string; sql: string }[] = [
  {
    name: 'recognition_plates_insert',
    sql: `create trigger recognition_plates_insert after insert on recognition_records when new.plate is not null begin
      insert into ${PLATE_SEARCH_TABLE} (rowid, plate) values (new.record_id, new.plate);
    end`,
  },
  {
    name: 'recognition_plates_delete',
    sql: `create trigger recognition_plates_delete after delete on recognition_records when old.plate is not null begin
      insert into ${PLATE_SEARCH_TABLE} (${PLATE_SEARCH_TABLE}, rowid, plate) values ('delete', old.record_id, old.plate);
    end`,
  },
  {
    name: 'recognition_plates_update',
    sql: `create trigger recognition_plates_update after update of plate on recognition_records begin
      insert into ${PLATE_SEARCH_TABLE} (${PLATE_SEARCH_TABLE}, rowid, plate) select 'delete', old.record_id, old.plate where old.plate is not null;
      insert into ${PLATE_SEARCH_TABLE} (rowid, plate) select new.record_id, new.plate where new.plate is not null;
    end`,
  },
];

/** SQLite: indexes every stored record's plate again (after the bulk seed wrote without the triggers). */
export const REBUILD_PLATE_SEARCH = `insert into ${PLATE_SEARCH_TABLE} (${PLATE_SEARCH_TABLE}) values ('rebuild')`;

/**
 * 数据检索 by a plate fragment and 车辆管控's plate figures at millions of records (server/recognition/,
 * server/analysis/VehicleAnalysisService.ts):
 * - a fragment of ≥ 3 characters (…1234, 浙A1) is found through a trigram index instead of a LIKE over
 *   every record of the range: on SQLite an FTS5 `trigram` table over the plates, external content
 *   (the plates stay in recognition_records; the index holds only tokens, no per-row sizes), kept by
 *   triggers so every writer keeps it right; on PostgreSQL a `pg_trgm` GIN index on plate (LIKE
 *   '%…%' uses it as it is). Without pg_trgm (an installation without the contrib extensions, or no
 *   right to create it) the migration goes on without it: the search stays correct, a range scan;
 * - distinct and top plates of a window: (tenant, kind, time, plate) makes them an index-only range,
 *   not a read of every record of the window.
 */
export const migration022PlateSearch: MigrationFactory = ({ postgres }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('recognition_records_kind_plate')
      .on('recognition_records')
      .columns(['tenant_id', 'kind', 'at', 'plate'])
      .execute();
    if (postgres) {
      // In a savepoint: a refused CREATE EXTENSION must not abort the migrations' transaction.
      await sql`savepoint plate_trigram`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index recognition_records_plate_trigram on recognition_records using gin (plate gin_trgm_ops) where plate is not null`.execute(
          db,
        );
        await sql`release savepoint plate_trigram`.execute(db);
      } catch {
        await sql`rollback to savepoint plate_trigram`.execute(db);
      }
      return;
    }
    await sql
      .raw(
        `create virtual table ${PLATE_SEARCH_TABLE} using fts5(plate, content='recognition_records', content_rowid='record_id', tokenize='trigram', columnsize=0)`,
      )
      .execute(db);
    for (const trigger of PLATE_SEARCH_TRIGGERS) await sql.raw(trigger.sql).execute(db);
    await sql.raw(REBUILD_PLATE_SEARCH).execute(db);
  },
});
