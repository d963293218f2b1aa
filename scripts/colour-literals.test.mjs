// Colours live in two files: the elements' token sheet (packages/elements/src/internal/tokens.ts) and the demo host's
// theme file (demo/src/theme.css). Every style elsewhere names a token: the elements' css`…` templates, the demo's
// stylesheets and its inline styles. Pictures and data (chart themes, the painted theme backgrounds, the colour
// picker's swatches, SVG icons, a QR code) are not styles and are not read here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cssTemplateTexts } from './minify-lit-templates.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOKENS = 'packages/elements/src/internal/tokens.ts';
const THEME = 'demo/src/theme.css';

/** Hex colours (#fff, #ffffff, #ffffff80) and rgb()/hsl() functions. */
const COLOUR = /#[0-9a-f]{3}(?:[0-9a-f]{3}(?:[0-9a-f]{2})?)?(?![\w-])|\b(?:rgba?|hsla?)\([^)]*\)/gi;

const files = (dir, test) =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, ' ');

/** `file: colour` for every colour literal in the styles of the elements and the demo host. */
export function colourLiterals() {
  const found = [];
  const note = (file, text) => {
    for (const colour of withoutComments(text).match(COLOUR) ?? []) found.push(`${file}: ${colour}`);
  };
  for (const file of files('packages/elements/src', (name) => name.endsWith('.ts') && !name.endsWith('.test.ts')))
    if (file !== TOKENS && !file.includes('/generated/'))
      for (const text of cssTemplateTexts(readFileSync(join(root, file), 'utf8'))) note(file, text);
  for (const file of files('demo/src', (name) => name.endsWith('.css')))
    if (file !== THEME) note(file, readFileSync(join(root, file), 'utf8'));
  // Inline styles of the demo's pages: style={{…}} and CSSProperties objects (other colours there are data: values of
  // the colour picker, rows of the sample tables).
  for (const file of files('demo/src', (name) => /\.tsx?$/.test(name)))
    for (const line of readFileSync(join(root, file), 'utf8').split('\n'))
      if (/style=\{\{|CSSProperties|\b(border\w*|background|outline|boxShadow): '/.test(line)) note(file, line);
  return found;
}

test('no style outside the token sheet and the demo theme file names a colour literal', () => {
  assert.deepEqual(colourLiterals(), []);
});

test("the demo theme file gives the tokens the demo reads the token sheet's defaults", () => {
  const sheet = readFileSync(join(root, TOKENS), 'utf8');
  const defaults = Object.fromEntries([...sheet.matchAll(/'(--edu-color-[\w-]+)': '([^']+)'/g)].map((m) => m.slice(1)));
  const theme = readFileSync(join(root, THEME), 'utf8');
  const set = Object.fromEntries([...theme.matchAll(/(--edu-color-[\w-]+):\s*([^;]+);/g)].map((m) => m.slice(1)));
  const read = new Set(
    files('demo/src', (name) => /\.(css|tsx?)$/.test(name))
      .filter((file) => file !== THEME)
      .flatMap((file) =>
        [...readFileSync(join(root, file), 'utf8').matchAll(/var\((--edu-color-[\w-]+)\)/g)].map((m) => m[1]),
      ),
  );
  assert.ok(Object.keys(defaults).length >= 14, 'the token sheet is read');
  assert.deepEqual(Object.keys(set).sort(), [...read].sort(), 'the theme file sets exactly the tokens the demo reads');
  for (const [name, value] of Object.entries(set)) assert.equal(value, defaults[name], name);
});
