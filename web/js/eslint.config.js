// The page's lint: eslint's recommended rules and a few of the house's, over
// web/static's scripts (not vendor/, not the generated bundle.js) and the
// folds' tests here. eslint lints files under its base path only, which is
// the folder it runs in when given this file: npm run lint runs it from
// web/ (cd .. && eslint -c js/eslint.config.js static js).
import js from '@eslint/js';
import globals from 'globals';

const house = {
  // == hides the conversions the page's checks of input rely on not having.
  eqeqeq: ['error', 'always'],
  'no-var': 'error',
  'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
  'no-implicit-globals': 'error',
  // A catch that falls back to a second way (worker.js's compile from
  // bytes) throws the second way's error, which is the one to show.
  'preserve-caught-error': 'off',
};

export default [
  { ignores: ['static/vendor/**', 'static/bundle.js', 'js/node_modules/**'] },
  {
    files: ['static/**/*.js'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser } },
    rules: { ...js.configs.recommended.rules, ...house },
  },
  {
    // viz site's Web Worker, a module with the worker's globals; Go comes
    // from wasm_exec.js, which it imports.
    files: ['static/worker.js'],
    languageOptions: { sourceType: 'module', globals: { ...globals.worker, Go: 'readonly' } },
  },
  {
    files: ['js/**/*.js', 'js/**/*.mjs'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: { ...js.configs.recommended.rules, ...house },
  },
];
