import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_ARGS, BUILD_STAMP, productionBuildEnv, rebuildReason, writeBuildStamp } from './productionBuild.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with one source file and a dist/ index, every file dated `secondsAgo` seconds back. */
function project(secondsAgo = 60): string {
  const root = mkdtempSync(join(tmpdir(), 'ops-build-'));
  roots.push(root);
  mkdirSync(join(root, 'core'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'core', 'main.tsx'), 'export {};');
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html>');
  age(join(root, 'core', 'main.tsx'), secondsAgo);
  age(join(root, 'core'), secondsAgo);
  return root;
}

function age(path: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, when, when);
}

describe('npm start: production build', () => {
  it('builds when there is no build yet', () => {
    const root = project();
    rmSync(join(root, 'dist'), { recursive: true });
    expect(rebuildReason(root)).toBe('尚未构建');
  });

  it('rebuilds a dist/ it did not build itself (npm run build under NODE_ENV=development leaves no stamp)', () => {
    expect(rebuildReason(project())).toBe('现有构建不是 npm start 的生产构建');
  });

  it('rebuilds a build made in another mode', () => {
    const root = project();
    writeFileSync(join(root, 'dist', BUILD_STAMP), JSON.stringify({ mode: 'development' }));
    expect(rebuildReason(root)).toBe('现有构建的模式是 development');
  });

  it('keeps its own production build until a source changes', () => {
    const root = project();
    writeBuildStamp(root);
    expect(rebuildReason(root)).toBeNull();
    writeFileSync(join(root, 'core', 'main.tsx'), 'export const changed = 1;');
    age(join(root, 'dist', BUILD_STAMP), 30);
    expect(rebuildReason(root)).toBe('源文件比现有构建新');
  });

  it('builds with NODE_ENV=production and mode production whatever the shell has, keeping the rest of the environment', () => {
    expect(productionBuildEnv({ NODE_ENV: 'development', PORT: '9000' })).toEqual({ NODE_ENV: 'production', PORT: '9000' });
    expect(productionBuildEnv({}).NODE_ENV).toBe('production');
    expect(BUILD_ARGS.join(' ')).toContain('build --mode production');
  });
});
