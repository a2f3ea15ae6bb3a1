import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { sdkAlias } from './vite.config';
import { findPostgresBinDir } from './server/testing/postgresCluster';

// The server suite runs a second time on PostgreSQL (project server-pg) when its programs are installed;
// without them that project runs one skipped placeholder, unless REQUIRE_POSTGRES=1 (CI) makes its
// global setup fail with a message to install postgresql.
const postgresTests =
  findPostgresBinDir() || process.env.REQUIRE_POSTGRES === '1'
    ? {
        include: ['server/**/*.test.ts'],
        setupFiles: ['server/testing/serverTestSetup.ts', 'server/testing/postgresTestSetup.ts'],
        globalSetup: ['server/testing/postgresGlobalSetup.ts', 'server/testing/seededGlobalSetup.ts'],
      }
    : { include: ['server/testing/postgresSkipped.check.ts'], setupFiles: [], globalSetup: ['server/testing/postgresGlobalSetup.ts'] };

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
          include: ['tests/stories/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/jsdom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          setupFiles: ['server/testing/serverTestSetup.ts'],
          // Test servers start on copies of one database seeded for the run (server/testing/seededDatabases.ts).
          globalSetup: ['server/testing/seededGlobalSetup.ts'],
          pool: 'forks',
          // npm test runs the server suites beside Chromium on CI's 2 cores: 5 s is too tight for a test
          // that starts servers. A test that hangs still fails.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          environment: 'node',
          ...postgresTests,
          pool: 'forks',
          testTimeout: 20_000,
        },
      },
    ],
  },
});
