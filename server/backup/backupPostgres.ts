import { postgresMigrations, requireMigrations, schemaVersion } from './backupFile';
import { connectionFor, findPostgresTools, runProgram } from './postgresTools';
import { putInPlace, type BackupReport } from './putInPlace';

/**
 * Dumps the PostgreSQL database at `url` to `file` with pg_dump's custom format (-Fc). pg_dump reads in
 * one snapshot, so the dump is the database as of one moment while the instances go on writing; the
 * identity columns' sequences are in it. Owners, privileges and comments are left out: the backup
 * restores into a database of any account (see restorePostgres).
 */
export async function backupPostgres(url: string, file: string, env: NodeJS.ProcessEnv = process.env): Promise<BackupReport> {
  const tools = findPostgresTools(env);
  const connection = connectionFor(url, env);
  return putInPlace(file, async (partial) => {
    await runProgram(
      tools.pgDump,
      ['--format=custom', '--no-owner', '--no-acl', '--no-comments', `--file=${partial}`, `--dbname=${connection.url}`],
      { env: connection.env },
    );
    const migrations = requireMigrations(await postgresMigrations(tools, partial), `数据库 ${connection.shown} `);
    return { kind: 'postgres', version: schemaVersion(migrations) };
  });
}
