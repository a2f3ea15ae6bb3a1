// Prints the gzip size of the JavaScript each route downloads, after `vite build`.
// Follows the static import graph of the built entry (what the browser fetches before first paint),
// plus the lazy chunks a route pulls in when it is opened. Budget: login ≤ 150 KB gzip.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
}
type Manifest = Record<string, ManifestChunk>;

const LOGIN_BUDGET_KB = 150;
const outDir = '.tmp/bench-dist';

if (!process.argv.includes('--no-build')) {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--manifest', '--outDir', outDir, '--emptyOutDir'],
    { stdio: 'inherit' },
  );
}
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** Chunks loaded statically from a set of manifest keys. */
function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (keys: Set<string>) =>
  [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(join(outDir, manifest[key]!.file))).length, 0) / 1024;

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('构建清单中没有入口');
const login = staticClosure([entryKey]);
const shellKey = Object.keys(manifest).find((key) => key.endsWith('core/shell/ProtectedApp.tsx'));
if (!shellKey) throw new Error('构建清单中没有 core/shell/ProtectedApp.tsx');
const home = staticClosure([shellKey], new Set(login));

const loginKb = gzipKb(login);
const homeKb = gzipKb(home);
const offenders = [...login].filter((key) => /cesium|react-grid-layout|ajv/i.test(key));

console.info(
  `login route JS: ${loginKb.toFixed(1)} KB gzip in ${login.size} chunks (budget ${LOGIN_BUDGET_KB} KB, ratio ${(loginKb / LOGIN_BUDGET_KB).toFixed(2)})`,
);
console.info(
  `home route JS:  ${homeKb.toFixed(1)} KB gzip in ${home.size} chunks (login + shell; ratio to login ${(homeKb / loginKb).toFixed(2)})`,
);
if (offenders.length) console.info(`not allowed on login: ${offenders.join(', ')}`);
if (loginKb > LOGIN_BUDGET_KB || offenders.length) process.exitCode = 1;
