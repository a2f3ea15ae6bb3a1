import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that draw the 3D globe in Chromium's software WebGL: most of the suite's time. They run as a
 * group of their own (project e2e-globe) beside the others (e2e-pages), so npm test can give each group a
 * lane. securityHeaders waits for the globe once and is otherwise light: it stays with the pages.
 */
const GLOBE_FILES = ['emergency', 'map', 'mapEffects', 'mapImagery', 'panels', 'pluginFolders', 'wall'].map(
  (name) => `tests/e2e/${name}.e2e.ts`,
);

/** What both groups share: Chromium against the real server, no jsdom. */
const common = {
  environment: 'node',
  // The globe renders in software WebGL on 2 shared cores: a map test can take most of a minute.
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const;

export default defineConfig({
  test: {
    // One Chromium at a time per run on a 2-core machine; each group's files share one server.
    fileParallelism: false,
    projects: [
      {
        test: {
          ...common,
          name: 'e2e-globe',
          include: GLOBE_FILES,
          // No video rooms among these files: their server runs without Janus.
          globalSetup: ['tests/e2e/globeGlobalSetup.ts'],
        },
      },
      {
        test: {
          ...common,
          name: 'e2e-pages',
          // Every other file, so a new one lands here unless it is listed above.
          include: ['tests/e2e/**/*.e2e.ts'],
          exclude: [...configDefaults.exclude, ...GLOBE_FILES],
          // Video rooms and intercom (videoRoom.e2e.ts) need Janus: only this group starts it.
          globalSetup: ['tests/e2e/pagesGlobalSetup.ts'],
        },
      },
    ],
  },
});
