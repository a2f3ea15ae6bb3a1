import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own ESLint config, on snippets placed as if they were files of the tree.
const eslint = new ESLint({ cwd: process.cwd() });
// Its first run loads the TypeScript parser and the whole config: done once here, not inside the first test.
beforeAll(() => eslint.lintText('', { filePath: 'core/x.ts' }));

async function doubleCasts(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => [message.line, message.severity]);
}

const casts = [
  'export const a = JSON.parse("1") as unknown as string;',
  'export const b = <string>(<unknown>JSON.parse("2"));',
  'export const c = (JSON.parse("3") as unknown) as string;',
].join('\n');

describe('no `as unknown as` in production code', () => {
  it('refuses a double cast through unknown in the web app, the server, the contracts and plugins, as an error', async () => {
    for (const file of ['core/http/x.ts', 'server/http/x.ts', 'contracts/x.ts', 'plugins/module/work-order/x.ts', 'scripts/x.ts']) {
      expect(await doubleCasts(casts, file)).toEqual([
        [1, 2],
        [2, 2],
        [3, 2],
      ]);
    }
  });

  it('says why in Chinese', async () => {
    const [result] = await eslint.lintText(casts, { filePath: 'core/http/x.ts' });
    expect(result?.messages[0]?.message).toContain('生产代码不能用 as unknown as');
  });

  it('lets single casts and a cast of a property to unknown through', async () => {
    expect(
      await doubleCasts(
        'export const a = JSON.parse("1") as string;\nexport const b = { x: 1 as unknown } as { x: string };\n',
        'core/x.ts',
      ),
    ).toEqual([]);
  });

  it('lets tests, stories, test helpers, e2e and benches keep one', async () => {
    for (const file of [
      'core/http/x.test.ts',
      'plugins/device/lamp/Lamp.stories.tsx',
      'server/testing/x.ts',
      'tests/e2e/x.e2e.ts',
      'bench/x.ts',
    ]) {
      expect(await doubleCasts(casts, file)).toEqual([]);
    }
  });
});
