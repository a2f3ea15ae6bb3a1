import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { readServerConfigFromEnv } from '../config';
import { createServer } from '../createServer';
import { testServer } from '../testing/testServer';
import { testPushTopic } from '../testing/testPushTopic';
import { dialectOf } from './Database';
import { knownMigrations } from './migrate';

const testEvent = testPushTopic('test_event');

// Runs on SQLite (project server) and on PostgreSQL (project server-pg): the same answers on both.
const expectedDialect = inject('postgresAdminUrl') ? 'postgres' : 'sqlite';

describe('the database layer', () => {
  it(`runs on ${expectedDialect} in this project`, async () => {
    const server = await testServer();
    try {
      expect(dialectOf(server.services.ctx.db)).toBe(expectedDialect);
    } finally {
      await server.close();
    }
  });

  it('records every migration it knows, and refuses to start on a database a newer version has migrated, naming the version', async () => {
    const server = await testServer();
    const db = server.services.ctx.db;
    const recorded = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);
    expect(recorded).toEqual(knownMigrations(dialectOf(db)));
    // A new migration also needs its tables dropped in the rewinds below (and in seedBusiness.test.ts).
    expect(recorded.at(-1)).toBe('029_field_teams');
    await sql`insert into kysely_migration (name, timestamp) values (${'999_from_a_newer_version'}, ${new Date().toISOString()})`.execute(
      db,
    );
    await server.app.close();
    try {
      await expect(createServer({ dataDir: server.dataDir })).rejects.toThrow(
        '数据库结构版本 999_from_a_newer_version 比本程序新，请升级程序后再启动',
      );
    } finally {
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('migration 006 carries on the push sequence of a database from before it', async () => {
    const server = await testServer();
    for (let index = 0; index < 3; index++) await server.services.pushHub.publish(1, testEvent, { index });
    await server.services.pushHub.publish(2, testEvent, {});
    // The database as the previous version left it: push_log filled, no counters, 005 the last migration.
    for (const table of [
      'case_evidence',
      'case_events',
      'cases',
      'patrol_missed',
      'patrol_check_ins',
      'patrol_checkpoints',
      'patrol_routes',
      'field_member_events',
      'field_teams',
      'last_positions',
      'positions',
      'field_members',
      'recognition_camera_daily',
      'recognition_hourly',
      'low_altitude_fence_events',
      'low_altitude_geofences',
      'low_altitude_flights',
      'watchlist_hits',
      'watchlist_targets',
      'watchlist_photos',
      'watchlist_deployments',
      'recognition_records',
      'intercom_call_ends',
      'sensor_readings',
      'video_diagnosis_checks',
      'inspections',
      'maintenance_plans',
      'operation_events',
      'operation_faults',
      'device_command_results',
      'device_status_changes',
      'emergency_history',
      'emergency_tasks',
      'emergency_event_alarms',
      'emergency_events',
      'emergency_routes',
      'emergency_shelters',
      'work_order_photos',
      'work_order_events',
      'work_orders',
      'order_counters',
      'teams',
      'voice_recordings',
      'intercom_groups',
      'video_rooms',
      'panel_layouts',
      'gate_traffic',
      'business_gates',
      'merchant_sales',
      'merchants',
      'parking_sessions',
      'parking_lots',
      'ticket_orders',
      'business_simulation',
      'weather',
      'mqtt_sessions',
      'push_counters',
    ]) {
      await sql`drop table ${sql.table(table)}`.execute(server.services.ctx.db);
    }
    // Migration 024's tables that outlive recognition_records (SQLite: the plate search's FTS table).
    for (const table of ['recognition_plates', 'recognition_plate_days'])
      await sql`drop table if exists ${sql.table(table)}`.execute(server.services.ctx.db);
    await sql`drop index alarm_history_at`.execute(server.services.ctx.db);
    await sql`alter table sessions drop column revoked_reason`.execute(server.services.ctx.db);
    for (const table of ['alarms', 'command_log'])
      await sql`alter table ${sql.table(table)} drop column origin`.execute(server.services.ctx.db);
    await sql`delete from kysely_migration where name >= ${'006'}`.execute(server.services.ctx.db);
    await server.app.close();
    const again = await createServer({ dataDir: server.dataDir });
    try {
      expect((await again.services.pushHub.publish(1, testEvent, {})).seq).toBe(4);
      expect((await again.services.pushHub.publish(2, testEvent, {})).seq).toBe(2);
      expect((await again.services.pushHub.publish(3, testEvent, {})).seq).toBe(1);
    } finally {
      await again.app.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('gives times, ids, counts and sums back as numbers', async () => {
    const server = await testServer();
    try {
      const alarm = await server.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: '测试' });
      expect(typeof alarm.alarmId).toBe('number');
      expect(alarm.createTime).toBe(Date.UTC(2026, 10, 22, 8, 0, 0));
      const db = server.services.ctx.db;
      const row = await db
        .selectFrom('alarms')
        .select(['alarm_id', 'created_at'])
        .where('alarm_id', '=', alarm.alarmId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ alarm_id: alarm.alarmId, created_at: Date.UTC(2026, 10, 22, 8, 0, 0) });
      const totals = await db
        .selectFrom('devices')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>('online').as('online'),
          eb.fn.sum<number>('updated_at').as('times'),
          eb.fn.max('updated_at').as('latest'),
        ])
        .where('tenant_id', '=', 1)
        .executeTakeFirstOrThrow();
      for (const value of Object.values(totals)) expect(typeof value).toBe('number');
      expect(totals.latest).toBe(Date.UTC(2026, 10, 22, 8, 0, 0));
    } finally {
      await server.close();
    }
  });

  it('answers a replay after a sequence id beyond 32 bits with nothing, not an error', async () => {
    const server = await testServer();
    try {
      await server.services.pushHub.publish(1, testEvent, {});
      expect(await server.services.pushHub.since(1, 3_000_000_000)).toEqual([]);
      expect(await server.services.pushHub.since(1, Number.MAX_SAFE_INTEGER)).toEqual([]);
      expect(await server.services.pushHub.since(1, 0)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('searches devices with ASCII letters in either case and every other character exactly, as SQLite always did', async () => {
    const server = await testServer();
    try {
      const token = await server.login();
      const lamp = await server.services.ctx.db
        .selectFrom('devices')
        .select('device_id')
        .where('tenant_id', '=', 1)
        .where('kind', '=', 'lamp')
        .orderBy('device_id')
        .executeTakeFirstOrThrow();
      await server.services.ctx.db
        .updateTable('devices')
        .set({ name: 'Ärger-Straße Lamp 北段', code: 'AbC_9%' })
        .where('device_id', '=', lamp.device_id)
        .execute();
      const found = async (keyword: string) => {
        const { body } = await server.api('GET', `/devi/aep/search?deviceType=lamp&pageSize=500&keyword=${encodeURIComponent(keyword)}`, {
          token,
        });
        return (body.rows as { deviceId: number }[]).some((row) => row.deviceId === lamp.device_id);
      };
      for (const keyword of ['LAMP 北', 'lamp', 'Ärger-', 'straße', 'STRAßE', 'abc_9%', 'ABC_9'])
        expect(await found(keyword), keyword).toBe(true);
      for (const keyword of ['ärger', 'STRASSE', 'abc-9', 'abcx9', 'Ｌａｍｐ', '北段x']) expect(await found(keyword), keyword).toBe(false);
    } finally {
      await server.close();
    }
  });
});

describe('DATABASE_URL', () => {
  it('selects PostgreSQL when set, SQLite under DATA_DIR when empty or absent', () => {
    expect(
      readServerConfigFromEnv({ DATABASE_URL: 'postgres://ops:secret@db.example.com:5432/ops?sslmode=require' }).server.databaseUrl,
    ).toBe('postgres://ops:secret@db.example.com:5432/ops?sslmode=require');
    expect(readServerConfigFromEnv({ DATABASE_URL: 'postgresql://ops@localhost/ops' }).server.databaseUrl).toBe(
      'postgresql://ops@localhost/ops',
    );
    expect(readServerConfigFromEnv({}).server.databaseUrl).toBeUndefined();
    expect(readServerConfigFromEnv({ DATABASE_URL: ' ' }).server.databaseUrl).toBeUndefined();
  });

  it.each([
    [
      'mysql://ops:secret@db/ops',
      'DATABASE_URL 只支持 PostgreSQL（postgres:// 或 postgresql://），应形如 postgres://用户:密码@主机:5432/数据库，当前为 "mysql://ops:***@db/ops"',
    ],
    [
      'postgres://ops:secret@db.example.com:5432',
      'DATABASE_URL 缺少数据库名，应形如 postgres://用户:密码@主机:5432/数据库，当前为 "postgres://ops:***@db.example.com:5432"',
    ],
    [
      'postgres://ops:secret@/ops',
      'DATABASE_URL 不是有效的地址，应形如 postgres://用户:密码@主机:5432/数据库，当前为 "postgres://ops:***@/ops"',
    ],
    ['db.example.com/ops', 'DATABASE_URL 不是有效的地址，应形如 postgres://用户:密码@主机:5432/数据库，当前为 "db.example.com/ops"'],
  ])('refuses %s in Chinese, without showing the password', (value, message) => {
    expect(() => readServerConfigFromEnv({ DATABASE_URL: value })).toThrow(message);
  });
});
