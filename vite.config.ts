import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { viteStaticCopy } from 'vite-plugin-static-copy';

// The public entries for plugins: the core's SDK and the shared contracts (the same paths are in
// tsconfig.json; vitest.config.ts imports this, Storybook reads this file).
export const sdkAlias = [
  { find: /^@ops\/contracts$/, replacement: fileURLToPath(new URL('./contracts/index.ts', import.meta.url)) },
  { find: /^@ops\/sdk$/, replacement: fileURLToPath(new URL('./core/sdk.ts', import.meta.url)) },
  { find: /^@ops\/sdk\/testing$/, replacement: fileURLToPath(new URL('./core/sdk-testing.ts', import.meta.url)) },
];

// The reference server mounts its API under /api; in `vite` dev mode we proxy there.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const iconPaths = 'node_modules/@blueprintjs/icons/lib/esm/generated';

/**
 * janus-gateway ships only a UMD wrapper inside an ES module: its `module.exports = factory()` branch runs
 * under CommonJS alone (`typeof module === 'object'`); a browser takes the `window` branch. Rolldown flags
 * the `module` reference (COMMONJS_VARIABLE_IN_ESM) though nothing is wrong, so that one warning about that
 * one file is dropped; the same warning about any other file still shows.
 */
export function isJanusUmdWarning(log: Rolldown.RolldownLog): boolean {
  const file = log.id ?? log.loc?.file ?? '';
  return log.code === 'COMMONJS_VARIABLE_IN_ESM' && /[\\/]janus-gateway[\\/]npm[\\/]dist[\\/]janus\.es\.js$/.test(file);
}

export default defineConfig({
  plugins: [
    react(),
    // Blueprint icons as one small ES module each, loaded on demand by core/ui/iconLoader.ts.
    viteStaticCopy({
      targets: [
        { src: `${iconPaths}/16px/paths/*.js`, dest: 'blueprint-icons/16px' },
        { src: `${iconPaths}/20px/paths/*.js`, dest: 'blueprint-icons/20px' },
        // Cesium's prebuilt bundle and its static parts, loaded at runtime by core/map/loadCesium.ts.
        { src: 'node_modules/cesium/Build/Cesium/{Cesium.js,Workers,Assets,Widgets,ThirdParty}', dest: 'cesium' },
      ],
    }),
  ],
  resolve: { alias: sdkAlias },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      onLog(level, log, defaultHandler) {
        if (!isJanusUmdWarning(log)) defaultHandler(level, log);
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/app-config.json': { target: apiTarget },
    },
  },
});
