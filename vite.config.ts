import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The reference server mounts its API under /api; in `vite` dev mode we proxy there.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/app-config.json': { target: apiTarget },
    },
  },
});
