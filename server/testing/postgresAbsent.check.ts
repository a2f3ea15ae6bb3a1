import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestProject } from 'vitest/node';
import { findPostgresBinDir, POSTGRES_MISSING } from './postgresCluster';
import setup from './postgresGlobalSetup';

// What the server-pg project runs when PostgreSQL is not installed (vitest.config.ts): not a skipped test,
// but a check of how the run behaves without it: it says why PostgreSQL's tests did not run, and where they
// are required (REQUIRE_POSTGRES=1, as in CI) it fails instead of passing without them.
describe('server-pg without PostgreSQL', () => {
  const required = process.env.REQUIRE_POSTGRES;
  afterEach(() => {
    if (required === undefined) delete process.env.REQUIRE_POSTGRES;
    else process.env.REQUIRE_POSTGRES = required;
    vi.restoreAllMocks();
  });
  // A project the setup never reaches without PostgreSQL (it provides nothing then).
  const project: Pick<TestProject, 'provide'> = { provide: () => undefined };

  it('finds no PostgreSQL here (this file runs only then)', () => {
    expect(findPostgresBinDir()).toBeUndefined();
  });

  it(`says why the tests on PostgreSQL did not run: ${POSTGRES_MISSING}`, async () => {
    delete process.env.REQUIRE_POSTGRES;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await setup(project)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(POSTGRES_MISSING));
  });

  it('fails where PostgreSQL is required (REQUIRE_POSTGRES=1)', async () => {
    process.env.REQUIRE_POSTGRES = '1';
    await expect(setup(project)).rejects.toThrow(`REQUIRE_POSTGRES=1，但${POSTGRES_MISSING}`);
  });
});
