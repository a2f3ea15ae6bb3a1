import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Layers: the server and the shared contracts never reach into the web app; contracts stand alone.
  {
    files: ['server/**/*.ts'],
    // Tests may drive the web app's own clients against the server (pushReliability.test.ts does).
    ignores: ['server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/core/**', '**/plugins/**/*.ts', '**/plugins/**/*.tsx'], message: '服务端不能引用前端代码：共享的类型与校验放在 contracts/' }] }] },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/core/**', '**/server/**', '**/plugins/**'], message: 'contracts/ 只依赖 schemas/：前端与服务端都引用它' }] }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
