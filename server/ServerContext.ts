import type { AuthServices } from './auth/AuthServices';
import type { Db } from './db/Database';

/**
 * What route modules share: the clock and the auth services. `db` is here for the services and the
 * tests; route files never query it themselves (server/routeFiles.test.ts checks).
 */
export interface ServerContext extends AuthServices {
  db: Db;
}
