import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { path } from './fixtures.mjs';

// The page's scripts that tsc does not check yet (no // @ts-check line):
// tsconfig.json checks a file only when it says so, because its checkJs
// would check the vendored echarts too (echarts.js imports it). The list
// may only shrink: a file checked comes off it, and a new file starts
// checked.
const UNCHECKED = new Set([
]);

test("every page script but the listed ones is type-checked (// @ts-check), and the listed ones are not yet", () => {
  const dir = path('web/static/');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'bundle.js')
    .concat(readdirSync(dir + 'render').filter((f) => f.endsWith('.js')).map((f) => 'render/' + f));
  assert.ok(files.length > 30, `${files.length} scripts found`);
  for (const f of files) {
    const checked = /^\/\/ @ts-check$/m.test(readFileSync(dir + f, 'utf8').split('\n').slice(0, 3).join('\n'));
    if (UNCHECKED.has(f)) assert.equal(checked, false, `${f} is checked now: take it off UNCHECKED`);
    else assert.equal(checked, true, `${f} has no // @ts-check line`);
  }
  for (const f of UNCHECKED) assert.ok(files.includes(f), `${f} is listed but is no script of the page`);
});
