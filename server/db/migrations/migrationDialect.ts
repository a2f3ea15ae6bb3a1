import type { ColumnDefinitionBuilder, Migration } from 'kysely';
import type { DialectName } from '../Database';

/**
 * What a migration's DDL may differ by between the databases: a key the database numbers itself is
 * SQLite's rowid alias (`integer primary key autoincrement`, 64-bit) and a bigint identity column on
 * PostgreSQL (where an `integer` is 32-bit and has no autoincrement); columns referring to such a key
 * are bigint there too. Times are epoch ms in bigint columns on both.
 */
export interface MigrationDialect {
  postgres: boolean;
  autoIdType: 'bigint' | 'integer';
  autoId: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

/** One versioned, forward-only migration (no `down`), given the database it runs on. */
export type MigrationFactory = (dialect: MigrationDialect) => Migration;

export function migrationDialect(dialect: DialectName): MigrationDialect {
  const postgres = dialect === 'postgres';
  return {
    postgres,
    autoIdType: postgres ? 'bigint' : 'integer',
    autoId: (column) => (postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement()),
  };
}
