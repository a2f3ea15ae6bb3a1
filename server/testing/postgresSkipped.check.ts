import { describe, it } from 'vitest';
import { POSTGRES_MISSING } from './postgresCluster';

// What the server-pg project runs when PostgreSQL is not installed (vitest.config.ts): one skipped test
// whose title says why, next to the message postgresGlobalSetup prints.
describe.skip('server-pg', () => {
  it(`已跳过：${POSTGRES_MISSING}`, () => undefined);
});
