import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { sdkAlias } from './vite.config';
import { findPostgresBinDir } from './server/testing/postgresCluster';

// The server suite runs a second time on PostgreSQL (project server-pg) when its programs are installed;
// without them that project runs one skipped placeholder, unless REQUIRE_POSTGRES=1 (CI) makes its
// global setup fail with a message to install postgresql.
// Files whose subject is not what the database stores or how it is queried: a process, media (Janus,
// WebRTC, audio), a socket or broker protocol, HTTP headers, configuration, which route needs which
// permission. The same on both databases, so they run once, on SQLite; on PostgreSQL these took ~40 % of
// its pass. What they store goes through services whose own files run on both (sessions: sessionInstances,
// push_log: pushReliability and pushHub). Files with a test of their own for PostgreSQL stay (mqttGateway, productSocket).
const NOT_ABOUT_THE_DATABASE = [
  'server/main.test.ts',
  'server/janus/**/*.test.ts',
  'server/testing/janusNamespace.test.ts',
  'server/http/securityHeaders.test.ts',
  'server/mqtt/mqttConfig.test.ts',
  'server/stream/stream.test.ts',
  'server/videoRooms/videoRooms.test.ts',
  'server/intercom/intercom.test.ts',
  'server/intercom/walkieCommands.test.ts',
  'server/voice/voice.test.ts',
  'server/push/pushSockets.test.ts',
  'server/access/routeAccess.test.ts',
  'server/auth/authRoutes.test.ts',
  'server/pluginManifests*.test.ts',
];
const postgresTests =
  findPostgresBinDir() || process.env.REQUIRE_POSTGRES === '1'
    ? {
        include: ['server/**/*.test.ts'],
        exclude: [...configDefaults.exclude, ...NOT_ABOUT_THE_DATABASE],
        // Its files mostly wait on PostgreSQL (one core stays half idle with one file at a time).
        maxWorkers: 2,
        setupFiles: ['server/testing/serverTestSetup.ts', 'server/testing/postgresTestSetup.ts'],
        globalSetup: ['server/testing/postgresGlobalSetup.ts', 'server/testing/seededGlobalSetup.ts'],
      }
    : { include: ['server/testing/postgresAbsent.check.ts'], setupFiles: [], globalSetup: ['server/testing/postgresGlobalSetup.ts'] };

export default defineConfig({
  plugins: [react()],
  // Projects with `extends: true` inherit this; vite.config.ts itself is not read when this file exists.
  resolve: { alias: sdkAlias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // One module graph and one jsdom for all files: each file's own took ~90% of the time (3:48 → 0:38).
          isolate: false,
          // npm test runs these beside Chromium and the servers on CI's 2 cores: typing into a field can take seconds.
          testTimeout: 15_000,
          include: [
            'contracts/**/*.test.ts',
            'core/**/*.test.{ts,tsx}',
            'plugins/**/*.test.{ts,tsx}',
            'registry/**/*.test.ts',
            'schemas/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['tests/setup/jsdom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'stories',
          environment: 'jsdom',
          isolate: false,
          testTimeout: 15_000,
          include: ['tests/stories/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/jsdom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Files share each worker's module graph (their servers are their own): a quarter less time.
          isolate: false,
          include: ['server/**/*.test.ts'],
          // npm test runs this file alone before any Chromium starts (SEPARATE_NAMESPACE_TEST): the veth
          // pair it makes and removes would fail the requests in flight of the e2e lanes' Chromium.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.SEPARATE_NAMESPACE_TEST === '1' ? ['server/testing/janusNamespace.test.ts'] : []),
          ],
          setupFiles: ['server/testing/serverTestSetup.ts'],
          // Test servers start on copies of one database seeded for the run (server/testing/seededDatabases.ts).
          globalSetup: ['server/testing/seededGlobalSetup.ts'],
          pool: 'forks',
          // npm test runs the server suites beside Chromium on CI's 2 cores: 5 s is too tight for a test
          // that starts servers (10 s for a hook that starts one). A test that hangs still fails.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          environment: 'node',
          // As the SQLite pass: files share each worker's module graph (each file still gets its own database).
          isolate: false,
          ...postgresTests,
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
