import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { sdkAlias } from './vite.config';

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
          include: ['contracts/**/*.test.ts', 'core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'registry/**/*.test.ts', 'schemas/**/*.test.ts', 'scripts/**/*.test.ts'],
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
          pool: 'forks',
        },
      },
    ],
  },
});
