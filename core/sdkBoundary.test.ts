import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own ESLint config, on snippets placed as if they were files of a device plugin.
const eslint = new ESLint({ cwd: process.cwd() });
// Its first run loads the TypeScript parser and the whole config (seconds; a minute on cores shared with the other suites): done once here.
beforeAll(() => eslint.lintText('', { filePath: 'plugins/device/lamp/x.ts' }), 60_000);

async function problems(code: string, filePath = 'plugins/device/lamp/x.ts') {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'ops/plugin-boundaries').map((message) => message.message);
}

describe('plugin boundary rule', () => {
  it('refuses core internals, and contracts or schemas files, from a plugin', async () => {
    expect(await problems("import { HttpClient } from '../../../core/http/HttpClient';\nexport const token = HttpClient;\n")).toEqual([
      '插件只能通过 @ops/sdk 使用核心、通过 @ops/contracts 使用共享数据类型（不能引用 ../../../core/http/HttpClient）',
    ]);
    expect(await problems("export type { AlarmRow } from '../../../contracts/alarms';\n")).toHaveLength(1);
    expect(await problems("export const load = () => import('../../../core/map/MapEffects');\n")).toHaveLength(1);
    // Only the entries themselves: no reaching past them into a contracts or core file by alias.
    expect(await problems("import type { AlarmRow } from '@ops/contracts/alarms';\nexport type Row = AlarmRow;\n")).toHaveLength(1);
    expect(await problems("import { HttpClient } from '@ops/http/HttpClient';\nexport const token = HttpClient;\n")).toHaveLength(1);
  });

  it('accepts the SDK, the contracts entry, the plugin’s own files and packages', async () => {
    expect(
      await problems(
        "import { HttpClient } from '@ops/sdk';\nimport { ALARM_GRADES } from '@ops/contracts';\nimport { lamp } from './lamp';\nimport { Button } from '@blueprintjs/core';\nexport const all = [HttpClient, ALARM_GRADES, lamp, Button];\n",
      ),
    ).toEqual([]);
    expect(await problems("export type { AlarmRow } from '@ops/contracts';\n")).toEqual([]);
    expect(await problems("import { lamp } from '../lamp';\nexport const all = [lamp];\n", 'plugins/device/lamp/parts/x.ts')).toEqual([]);
  });

  it('refuses another plugin’s folder, of another kind or of the same kind', async () => {
    expect(await problems("import { smoke } from '../../alarm/smoke/smoke';\nexport const all = [smoke];\n")).toEqual([
      '插件不能引用其他插件的文件夹 ../../alarm/smoke/smoke：请在 requires 中声明它，并通过它提供的令牌使用',
    ]);
    expect(await problems("import { light } from '../light/light';\nexport const all = [light];\n")).toHaveLength(1);
  });

  it('keeps the SDK test helpers to tests and stories', async () => {
    const code = "import { fakeRows } from '@ops/sdk/testing';\nexport const all = [fakeRows];\n";
    expect(await problems(code)).toHaveLength(1);
    expect(await problems(code, 'plugins/device/lamp/Lamp.stories.tsx')).toEqual([]);
  });

  it('reports under its rule name, as an error', async () => {
    const [result] = await eslint.lintText("import '../../../core/app/global.css';\n", { filePath: 'plugins/device/lamp/x.ts' });
    expect(result?.messages.map((message) => [message.ruleId, message.severity])).toEqual([['ops/plugin-boundaries', 2]]);
  });
});
