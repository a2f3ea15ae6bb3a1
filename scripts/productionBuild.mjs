// How `npm start` decides to build the web app and how it builds it: always React's production bundle,
// whatever NODE_ENV the shell has (NODE_ENV=development would make Vite bundle React's development build,
// about 65 KB gzip more on /login), and again whenever dist/ holds anything but such a build.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the built app is made from: a change to any of these makes dist/ stale. */
export const BUILD_SOURCES = [
  'core',
  'plugins',
  'registry',
  'schemas',
  'contracts',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

/**
 * Written into dist/ by `npm start` after its own production build. `vite build` empties dist/, so a
 * build made any other way (`npm run build` under NODE_ENV=development, say) leaves no stamp.
 */
export const BUILD_STAMP = '.build-stamp.json';

export const BUILD_MODE = 'production';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function readStamp(stampPath) {
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
    return stamp && typeof stamp === 'object' && typeof stamp.mode === 'string' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** Why `root`'s dist/ must be built again (a Chinese reason for the log), or null when it is current. */
export function rebuildReason(root = '.', distDir = 'dist') {
  if (!existsSync(join(root, distDir, 'index.html'))) return '尚未构建';
  const stampPath = join(root, distDir, BUILD_STAMP);
  const stamp = readStamp(stampPath);
  if (!stamp) return '现有构建不是 npm start 的生产构建';
  if (stamp.mode !== BUILD_MODE) return `现有构建的模式是 ${stamp.mode}`;
  const builtAt = statSync(stampPath).mtimeMs;
  if (BUILD_SOURCES.some((source) => newestMtime(join(root, source)) > builtAt)) return '源文件比现有构建新';
  return null;
}

/** The environment `vite build` runs in: the caller's, with NODE_ENV forced to production. */
export function productionBuildEnv(env) {
  return { ...env, NODE_ENV: BUILD_MODE };
}

/** The arguments of that build (its mode named too, so a .env.development is never read). */
export const BUILD_ARGS = ['node_modules/vite/bin/vite.js', 'build', '--mode', BUILD_MODE, '--logLevel', 'warn'];

/** Marks dist/ as a production build made now. */
export function writeBuildStamp(root = '.', distDir = 'dist') {
  writeFileSync(join(root, distDir, BUILD_STAMP), `${JSON.stringify({ mode: BUILD_MODE, builtAt: new Date().toISOString() })}\n`);
}
