import { afterAll } from 'vitest';
import { removeSeededDatabases } from './seededDatabases';

/**
 * setupFiles of the vitest projects server and server-pg. Servers the tests spawn as processes (with
 * `...process.env`) start without demo histories too, as testServer's do, unless a test sets the variable.
 */
process.env.SEED_HISTORY_DAYS ??= '0';

afterAll(removeSeededDatabases);
