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
