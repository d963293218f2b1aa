// The CSS minifier of the builds (scripts/minify-lit-css.mjs): what it keeps matters more than what it drops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { minifyCssText, minifyLitCss } from './minify-lit-css.mjs';

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
  const out = minifyLitCss(source);
  assert.equal(out.split('\n').length, source.split('\n').length);
  assert.match(
    out,
    /css`\n+ \.a\{border:1px solid \$\{colour\};background:color-mix\(in srgb,\$\{dark\} 82%,#000\);\$\{focusRing\}\}`;/,
  );
  assert.ok(out.endsWith('const page = html`<p>  two  spaces  </p>`;'), 'other templates untouched');
});

test('leaves a template alone when an interpolation holds a template of its own', () => {
  const source = 'const s = css`  .a { color: ${x ? `red` : `blue`}; }  `;';
  assert.equal(minifyLitCss(source), source);
});
