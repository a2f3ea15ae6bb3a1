import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf, type Db, type DialectName } from './Database';
import { MIGRATIONS } from './migrations';
import { migrationDialect } from './migrations/migrationDialect';

/** Kysely's table of the migrations a database has run (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * The migrations for one database (server/db/migrations/, one file each). The DDL is the same on both
 * except where the databases differ (migrationDialect.ts). What runs on SQLite is unchanged from the
 * first SQLite-only version, so existing files keep working.
 */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  const forDialect = migrationDialect(dialect);
  return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, migration]) => [name, migration(forDialect)]));
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/** The migrations the database says it has run (none for a new database). */
async function executedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE && !table.isView)) return [];
  return (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)).rows.map(
    (row) => row.name,
  );
}

/** Names of the migrations this program knows, oldest first. */
export function knownMigrations(dialect: DialectName): string[] {
  return Object.keys(migrationsFor(dialect)).sort();
}

/**
 * The migrations in `executed` this program does not know: a database (or a backup, server/backup/)
 * that has run one was made by a newer version.
 */
export function newerMigrations(executed: readonly string[], dialect: DialectName): string[] {
  const migrations = migrationsFor(dialect);
  return executed.filter((name) => !(name in migrations));
}

/**
 * Brings the database to the newest schema this program knows. A database that has run a migration this
 * program does not know was made by a newer version: the program refuses to start rather than run
 * against a schema it does not understand.
 */
export async function migrate(db: Db): Promise<void> {
  const migrations = migrationsFor(dialectOf(db));
  const unknown = newerMigrations(await executedMigrations(db), dialectOf(db));
  if (unknown.length) throw new Error(`数据库结构版本 ${unknown.join('、')} 比本程序新，请升级程序后再启动`);
  const { error } = await new Migrator({ db, provider: new InCodeMigrations(migrations) }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
