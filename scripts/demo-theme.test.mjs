// The demo theme file's build step (scripts/demo-theme.mjs): its own colours written into the stylesheets, the
// declarations only inline styles still read kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEMO_THEME_FILE, demoThemeValues, inlineDemoColours, pruneDemoTheme } from './demo-theme.mjs';

test('writes each --demo-* colour the theme declares into a stylesheet, leaves tokens and unknown names alone', () => {
  const values = demoThemeValues(
    ':root {\n  --edu-color-text: #303133;\n  --demo-white: #fff;\n  --demo-shade-01: rgb(0 0 0 / 0.1);\n}',
  );
  assert.deepEqual(values, { '--demo-white': '#fff', '--demo-shade-01': 'rgb(0 0 0 / 0.1)' });
  assert.equal(
    inlineDemoColours(
      'a { color: var(--demo-white); box-shadow: 0 1px var(--demo-shade-01); b: var(--demo-x); c: var(--edu-color-text) }',
      values,
    ),
    'a { color: #fff; box-shadow: 0 1px rgb(0 0 0 / 0.1); b: var(--demo-x); c: var(--edu-color-text) }',
  );
});

test('keeps the declarations inline styles read and every token default', () => {
  const css = ':root {\n  --edu-color-text: #303133;\n  --demo-white: #fff;\n  --demo-rule: #f0f2f5;\n}\n';
  assert.equal(
    pruneDemoTheme(css, new Set(['--demo-white'])),
    ':root {\n  --edu-color-text: #303133;\n  --demo-white: #fff;\n}\n',
  );
});

test('the theme file declares every --demo-* colour the demo reads', () => {
  const values = demoThemeValues(readFileSync(DEMO_THEME_FILE, 'utf8'));
  assert.ok(Object.keys(values).length > 20);
  for (const value of Object.values(values)) assert.match(value, /^(#[0-9a-f]{3,8}|rgb\([^)]*\))$/);
});
