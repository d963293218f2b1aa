// The template minifier of the builds (scripts/minify-lit-templates.mjs): what it keeps matters more than what it drops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { minifyCssText, minifyLitTemplates } from './minify-lit-templates.mjs';

test('drops comments and the spaces CSS does not need, keeps combinators and values', () => {
  assert.equal(
    minifyCssText(`
      /* the host */
      :host { display: block; }
      .a > .b, .c :hover { margin: 0 auto; font-family: a, b; }
      @media (max-width: 800px) { .a { color: red; } }
    `),
    ' :host{display:block}.a > .b,.c :hover{margin:0 auto;font-family:a,b}@media (max-width:800px){.a{color:red}}',
  );
  // A comment running on past an interpolation cannot be cut from one part alone.
  assert.equal(minifyCssText('a { /* open'), null);
});

test('minifies only the static text of css templates, keeps interpolations and every line number after them', () => {
  const source = [
    'const styles = css`',
    '  .a {',
    '    border: 1px solid ${colour};',
    '    background: color-mix(in srgb, ${dark} 82%, #000);',
    '    ${focusRing}',
    '  }',
    '`;',
    'const page = html`<p>  two  spaces  </p>`;',
  ].join('\n');
  const out = minifyLitTemplates(source);
  assert.equal(out.split('\n').length, source.split('\n').length);
  assert.match(
    out,
    /css\n+` \.a\{border:1px solid \$\{colour\};background:color-mix\(in srgb,\$\{dark\} 82%,#000\);\$\{focusRing\}\}`;/,
  );
  assert.ok(out.endsWith('const page = html`<p>  two  spaces  </p>`;'), 'spaces within a line kept in markup');
});

test('folds the indentation of markup, nested templates included, and keeps the line count', () => {
  const source = [
    'const view = html`',
    '  <div class="a">',
    '    ${items.map((i) => html`',
    '      <span title="${i.title}">${i.name}</span>',
    '    `)}',
    "    ${x ? `a\\`${b}` : '`'} <b>two  words</b>",
    '  </div>`;',
  ].join('\n');
  const out = minifyLitTemplates(source);
  assert.equal(out.split('\n').length, source.split('\n').length);
  assert.ok(
    out.endsWith(
      'html\n\n\n\n` <div class="a"> ${items.map((i) => html\n\n` <span title="${i.title}">${i.name}</span> `)} ${x ? `a\\`${b}` : \'`\'} <b>two  words</b> </div>`;',
    ),
    out,
  );
});

test('minifies the css inside an interpolation of a css template, and leaves preformatted markup alone', () => {
  const nested = 'const s = css`  .a { color: ${x ? css` red ` : css` blue `}; }  `;';
  assert.equal(minifyLitTemplates(nested), 'const s = css` .a{color:${x ? css` red ` : css` blue `}}`;');
  const pre = 'const p = html`<pre>\n  a\n  b</pre>`;';
  assert.equal(minifyLitTemplates(pre), pre);
  const unclosed = 'const u = html`<p>${open(`</p>';
  assert.equal(minifyLitTemplates(unclosed), unclosed);
});

test("writes the token sheet's fixed colours into css templates as the sheet gives them at run time", async () => {
  const { execFileSync } = await import('node:child_process');
  const { readFileSync } = await import('node:fs');
  const { readTokenSheet } = await import('./minify-lit-templates.mjs');
  const file = new URL('../packages/elements/src/internal/tokens.ts', import.meta.url);
  const sheet = readTokenSheet(readFileSync(file, 'utf8'));
  // The sheet as it runs (tsx), every fragment's CSS text and the alpha helpers at one value.
  const runtime = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const t = await import(${JSON.stringify(file.href)});
         const out = {};
         for (const [k, v] of Object.entries(t)) out[k] = typeof v === 'function' ? v('0.5').cssText : v?.cssText;
         console.log(JSON.stringify(out));`,
      ],
      { encoding: 'utf8' },
    ),
  );
  assert.ok(Object.keys(sheet.values).length > 40, 'the fixed colours are read');
  assert.ok('focusOutline' in sheet.values, 'a value on a line of its own is read too');
  for (const [name, value] of Object.entries(sheet.values)) assert.equal(value, runtime[name], name);
  for (const [name, helper] of Object.entries(sheet.helpers)) assert.equal(helper('0.5'), runtime[name], name);
  // Only names imported from the sheet are written in; custom-property tokens stay references.
  const source = [
    "import { white, shade, colorText } from '../internal/tokens.ts';",
    'const white2 = white;',
    "const styles = css`a { color: ${white}; box-shadow: 0 1px ${shade('0.3')}; border-color: ${colorText}; b: ${other} }`;",
  ].join('\n');
  const out = minifyLitTemplates(source, sheet);
  assert.match(
    out,
    /css`a\{color:#fff;box-shadow:0 1px rgb\(0 0 0 \/ 0\.3\);border-color:\$\{colorText\};b:\$\{other\}\}`/,
  );
});
