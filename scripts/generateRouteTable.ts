/** Writes server/ROUTES.md from the route declarations (`--check` fails when the file is stale). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../server/createServer';
import { renderRouteTable } from '../server/access/routeTable';

export const ROUTE_TABLE_FILE = 'server/ROUTES.md';

const dataDir = mkdtempSync(join(tmpdir(), 'ops-routes-'));
try {
  // The dev endpoints are part of the table too: they exist whenever SMS_DEV_ENDPOINT=1.
  const app = await createServer({ dataDir, smsDevEndpoint: true, smsProvider: { send: async () => undefined } });
  await app.app.ready();
  const table = renderRouteTable(app.services.routeTable);
  await app.app.close();
  if (process.argv.includes('--check')) {
    if (readFileSync(ROUTE_TABLE_FILE, 'utf8') !== table) {
      console.error(`${ROUTE_TABLE_FILE} 已过期：请运行 npm run gen:routes`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(ROUTE_TABLE_FILE, table);
    console.info(`已生成 ${ROUTE_TABLE_FILE}（${app.services.routeTable.length} 条路由）`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
