import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * Plugin boundaries (issue 9): a plugin reaches the core only through its public SDK (`@ops/sdk`,
 * test helpers `@ops/sdk/testing` in tests and stories) and the shared data through `@ops/contracts`,
 * never core/, contracts/ or schemas/ files directly, and never another plugin's folder: it uses
 * another plugin only through a token that plugin provides and it `requires`. Imports are resolved
 * against the importing file, so `../x` from a plugin's subfolder is still its own folder.
 */
const pluginBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Plugins import the core only through @ops/sdk (data through @ops/contracts) and never another plugin folder' },
    messages: {
      coreInternal: '插件只能通过 @ops/sdk 使用核心、通过 @ops/contracts 使用共享数据类型（不能引用 {{target}}）',
      otherPlugin: '插件不能引用其他插件的文件夹 {{target}}：请在 requires 中声明它，并通过它提供的令牌使用',
      testingOnly: '@ops/sdk/testing 只能在测试与故事（*.test.*、*.stories.*）中使用',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const own = /^plugins\/[^/]+\/[^/]+\//.exec(file)?.[0];
    if (!own) return {};
    const isTestOrStory = /\.(test|stories)\.[jt]sx?$/.test(file);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (spec === '@ops/sdk' || spec === '@ops/contracts') return;
      if (spec === '@ops/sdk/testing') {
        if (!isTestOrStory) context.report({ node: source, messageId: 'testingOnly' });
        return;
      }
      let target;
      if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      else if (spec.startsWith('/')) target = spec.slice(1);
      else if (spec.startsWith('@ops/')) target = `core/${spec.slice(5)}`;
      else return;
      if (/^(core|contracts|schemas)(\/|$)/.test(target))
        context.report({ node: source, messageId: 'coreInternal', data: { target: spec } });
      else if (/^plugins\//.test(target) && !`${target}/`.startsWith(own))
        context.report({ node: source, messageId: 'otherPlugin', data: { target: spec } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'storybook-static/', 'node_modules/', 'data/', '**/*.gen.ts', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // No double casts in production code: `x as unknown as T` silences the type checker where a seam should be
  // typed. Tests, stories, test helpers, e2e and benches may keep one where a fake stands in for a real object.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*', 'server/testing/**', 'tests/**', 'bench/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion'].map((cast) => ({
          selector: `${cast} > ${cast}.expression[typeAnnotation.type="TSUnknownKeyword"]`,
          message: '生产代码不能用 as unknown as 绕过类型检查：请给这条接缝声明类型（例如校验后收窄），或在测试中使用',
        })),
      ],
    },
  },
  // Layers: the server and the shared contracts never reach into the web app; contracts stand alone.
  {
    files: ['server/**/*.ts'],
    // Tests and their helpers may drive the web app's own clients against the server (pushReliability.test.ts, testing/pushTestClient.ts).
    ignores: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/**', '**/plugins/**/*.ts', '**/plugins/**/*.tsx'],
              message: '服务端不能引用前端代码：共享的类型与校验放在 contracts/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/core/**', '**/server/**', '**/plugins/**'], message: 'contracts/ 只依赖 schemas/：前端与服务端都引用它' },
          ],
        },
      ],
    },
  },
  {
    files: ['plugins/**/*.{ts,tsx}'],
    plugins: { ops: { rules: { 'plugin-boundaries': pluginBoundaries } } },
    rules: { 'ops/plugin-boundaries': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
