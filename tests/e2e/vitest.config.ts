import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    environment: 'node',
    // One Chromium at a time on a 2-core machine; each file shares one server.
    fileParallelism: false,
    // The globe renders in software WebGL on 2 shared cores: a map test can take most of a minute.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
