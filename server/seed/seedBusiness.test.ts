import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createServer } from '../createServer';
import { testServer } from '../testing/testServer';
import { BUSINESS_PROFILES } from './seedBusiness';

describe('the business seed', () => {
  it('gives each seeded tenant its gates, car parks, merchants and weather, also on a database from before migration 008, once', async () => {
    const server = await testServer();
    const db = server.services.ctx.db;
    const names = async () => ({
      gates: (await db.selectFrom('business_gates').select(['tenant_id', 'name']).orderBy('gate_id').execute()).map(
        (row) => `${row.tenant_id} ${row.name}`,
      ),
      lots: (await db.selectFrom('parking_lots').select(['tenant_id', 'name', 'capacity']).orderBy('lot_id').execute()).map(
        (row) => `${row.tenant_id} ${row.name} ${row.capacity}`,
      ),
      merchants: (await db.selectFrom('merchants').select(['tenant_id', 'name', 'category']).orderBy('merchant_id').execute()).map(
        (row) => `${row.tenant_id} ${row.name} ${row.category}`,
      ),
      weather: (await db.selectFrom('weather').select(['tenant_id', 'city']).orderBy('tenant_id').execute()).map(
        (row) => `${row.tenant_id} ${row.city}`,
      ),
    });
    const expected = {
      gates: [1, 2].flatMap((tenantId) => BUSINESS_PROFILES[tenantId]!.gates.map((name) => `${tenantId} ${name}`)),
      lots: [1, 2].flatMap((tenantId) => BUSINESS_PROFILES[tenantId]!.lots.map((lot) => `${tenantId} ${lot.name} ${lot.capacity}`)),
      merchants: [1, 2].flatMap((tenantId) =>
        BUSINESS_PROFILES[tenantId]!.merchants.map((merchant) => `${tenantId} ${merchant.name} ${merchant.category}`),
      ),
      weather: ['1 杭州市滨江区', '2 杭州市西湖区'],
    };
    expect(await names()).toEqual(expected);

    // The database as the version before 008 left it.
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
      'gate_traffic',
      'business_gates',
      'merchant_sales',
      'merchants',
      'parking_sessions',
      'parking_lots',
      'ticket_orders',
      'business_simulation',
      'weather',
      'panel_layouts',
      'voice_recordings',
      'intercom_groups',
      'video_rooms',
      'work_order_photos',
      'work_order_events',
      'work_orders',
      'order_counters',
      'teams',
    ])
      await sql`drop table ${sql.table(table)}`.execute(db);
    // Migration 024's tables that outlive recognition_records (SQLite: the plate search's FTS table).
    for (const table of ['recognition_plates', 'recognition_plate_days']) await sql`drop table if exists ${sql.table(table)}`.execute(db);
    await sql`drop index alarm_history_at`.execute(db);
    await sql`alter table sessions drop column revoked_reason`.execute(db);
    for (const table of ['alarms', 'command_log']) await sql`alter table ${sql.table(table)} drop column origin`.execute(db);
    await sql`delete from kysely_migration where name >= ${'008'}`.execute(db);
    await server.app.close();
    const again = await createServer({ dataDir: server.dataDir });
    try {
      const restarted = again.services.ctx.db;
      expect((await restarted.selectFrom('business_gates').select('name').orderBy('gate_id').execute()).map((row) => row.name)).toEqual([
        ...BUSINESS_PROFILES[1]!.gates,
        ...BUSINESS_PROFILES[2]!.gates,
      ]);
      expect((await restarted.selectFrom('weather').select('tenant_id').execute()).length).toBe(2);
    } finally {
      await again.app.close();
    }
    // A third start adds nothing.
    const third = await createServer({ dataDir: server.dataDir });
    try {
      expect((await third.services.ctx.db.selectFrom('business_gates').select('gate_id').execute()).length).toBe(expected.gates.length);
      expect((await third.services.ctx.db.selectFrom('merchants').select('merchant_id').execute()).length).toBe(expected.merchants.length);
    } finally {
      await third.app.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
