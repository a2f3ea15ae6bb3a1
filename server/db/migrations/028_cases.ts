import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * Cases (案件, server/cases/): complaints, suggestions, illegal parking, environment, greening and other
 * events of 综合执法, their audit trail (one row per step, written with the step) and evidence files
 * (rows here, bytes under DATA_DIR/cases/<tenant>/).
 * - cases by tenant + number (unique: numbers come from order_counters), by tenant + kind + time (a
 *   page's list and figures) and by tenant + status (open cases) and by tenant + alarm (a toast's case);
 * - events and evidence by case.
 */
export const migration028Cases: MigrationFactory = ({ autoId, autoIdType }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cases')
      .addColumn('case_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('case_no', 'varchar(20)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('source', 'varchar(8)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('reporter_name', 'varchar(32)', (c) => c.notNull())
      .addColumn('reporter_phone', 'varchar(16)', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      // The tenant's named place nearest to the case (the rule of sqlFigures' areaOf), set once at registration.
      .addColumn('area', 'varchar(32)', (c) => c.notNull())
      // 'A' | 'B' | 'C' once assigned.
      .addColumn('team', 'varchar(1)')
      .addColumn('work_order_id', autoIdType)
      .addColumn('alarm_id', autoIdType)
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('assigned_at', 'bigint')
      .addColumn('handled_at', 'bigint')
      .addColumn('closed_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull().defaultTo('live'))
      .execute();
    await db.schema.createIndex('cases_number').on('cases').columns(['tenant_id', 'case_no']).unique().execute();
    await db.schema.createIndex('cases_kind_time').on('cases').columns(['tenant_id', 'kind', 'created_at']).execute();
    await db.schema.createIndex('cases_status').on('cases').columns(['tenant_id', 'status']).execute();
    await db.schema.createIndex('cases_alarm').on('cases').columns(['tenant_id', 'alarm_id']).execute();
    await db.schema
      .createTable('case_events')
      .addColumn('event_id', autoIdType, autoId)
      .addColumn('case_id', autoIdType, (c) => c.notNull())
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('action', 'varchar(12)', (c) => c.notNull())
      .addColumn('from_status', 'varchar(12)')
      .addColumn('to_status', 'varchar(12)')
      .addColumn('note', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('case_events_case').on('case_events').columns(['case_id', 'event_id']).execute();
    await db.schema
      .createTable('case_evidence')
      .addColumn('evidence_id', autoIdType, autoId)
      .addColumn('case_id', autoIdType, (c) => c.notNull())
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('file', 'varchar(80)', (c) => c.notNull())
      .addColumn('mime', 'varchar(16)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('case_evidence_case').on('case_evidence').columns(['case_id', 'evidence_id']).execute();
  },
});
