// A Vite plugin that minifies the static text of Lit's templates in the kit's elements: JavaScript minifiers leave
// template text alone, and styles and markup are half of the elements' weight (size budgets). Only the static text
// between `${…}` parts changes:
//   - css`…`: comments go, whitespace runs become one space, the spaces around { } ; , and after a colon go;
//   - html`…` and svg`…`: a whitespace run holding a line break (the source's indentation) becomes one space, which
//     renders the same outside preformatted text (a template with <pre> or <textarea> is left alone; no element of
//     the kit puts static line breaks inside a pre-line element).
// Interpolations are read as code, so templates nested in them are minified too. A template it cannot read safely (an
// unclosed string, comment or interpolation) is left as it is. The line breaks a template loses are put back between
// its tag and its backtick, so the lines after it keep their numbers and the source maps stay right.
// In css`…`, an interpolation that is only a fixed colour of the token sheet (`${white}`, `${shade('0.12')}`) imported
// from `internal/tokens.ts` is written in as the text it stands for, so the sheet's fixed colours cost nothing; the
// CSS is the same as at run time (scripts/minify-lit-templates.test.mjs holds the two together).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TOKENS_FILE = fileURLToPath(new URL('../packages/elements/src/internal/tokens.ts', import.meta.url));

/**
 * The CSS text of the token sheet's fixed colours, read from the source of `tokens.ts`: `fixed('v')` is `v`, and an
 * alpha helper (`shade`) a function of its argument. The custom-property tokens (`token('--x')`) stay references:
 * the sheet holds each `var(--x, default)` once, cheaper than writing it into every chunk.
 * @param {string} source
 * @returns {{ values: Record<string, string>, helpers: Record<string, (arg: string) => string> }}
 */
export function readTokenSheet(source) {
  const values = {};
  // A long value stands on a line of its own (as Prettier writes it).
  for (const [, name, value] of source.matchAll(
    /export const (\w+) = (?:\/\* @__PURE__ \*\/ )?fixed\(\s*'([^']+)',?\s*\);/g,
  ))
    values[name] = value;
  const helpers = {};
  for (const [, name, text] of source.matchAll(
    /export const (\w+) = \(alpha: string\): CSSResult => fixed\(`([^`]*)`\);/g,
  ))
    helpers[name] = (alpha) => text.replace('${alpha}', alpha);
  return { values, helpers };
}

let tokenSheet;
const tokens = () => (tokenSheet ??= readTokenSheet(readFileSync(TOKENS_FILE, 'utf8')));

/** The names `source` imports from the token sheet. */
function tokenImports(source) {
  const names = new Set();
  for (const [, list] of source.matchAll(/import \{([^}]*)\} from ['"][./]*(?:internal\/)?tokens\.ts['"];?/g))
    for (const name of list.split(',')) if (name.trim() && !name.includes(' as ')) names.add(name.trim());
  return names;
}

/** The CSS text an interpolation of the token sheet stands for, or null. */
function tokenText(code, imported, sheet) {
  const name = code.trim();
  if (imported.has(name) && name in sheet.values) return sheet.values[name];
  const call = /^(\w+)\(['"`]([\d.%]+)['"`]\)$/.exec(name);
  if (call && imported.has(call[1]) && call[1] in sheet.helpers) return sheet.helpers[call[1]](call[2]);
  return null;
}

/** Minified static CSS text; `null` when the text cannot be minified safely on its own. */
export function minifyCssText(text) {
  if (/\/\*(?![\s\S]*?\*\/)/.test(text)) return null; // a comment that continues past an interpolation
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}');
}

/** Static markup text with its indentation folded; `null` for preformatted text. */
export function minifyMarkupText(text) {
  if (/<(pre|textarea)\b/i.test(text)) return null;
  return text.replace(/\s*\n\s*/g, ' ');
}

const TAGS = { css: minifyCssText, html: minifyMarkupText, svg: minifyMarkupText };

/**
 * Reads the template literal whose opening backtick is at `open`: its static parts ([from, to) pairs), its
 * interpolations' code ([from, to) pairs) and the index after its closing backtick; `null` when it does not close.
 */
function readTemplate(source, open) {
  const statics = [];
  const codes = [];
  let from = open + 1;
  let i = from;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') i += 2;
    else if (c === '`') {
      statics.push([from, i]);
      return { statics, codes, end: i + 1 };
    } else if (c === '$' && source[i + 1] === '{') {
      statics.push([from, i]);
      const close = skipCode(source, i + 2, '}');
      if (close < 0) return null;
      codes.push([i + 2, close]);
      from = i = close + 1;
    } else i++;
  }
  return null;
}

/** Index of the `stop` character that ends the code starting at `i` (strings, comments, templates skipped), or −1. */
function skipCode(source, i, stop) {
  let depth = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === stop && depth === 0) return i;
    if (c === '{') depth++;
    else if (c === '}') depth--;
    if (c === "'" || c === '"') {
      i++;
      while (i < source.length && source[i] !== c) i += source[i] === '\\' ? 2 : 1;
      if (i >= source.length) return -1;
    } else if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      if (end < 0) return -1;
      i = end;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) return -1;
      i = end + 1;
    } else if (c === '`') {
      const inner = readTemplate(source, i);
      if (!inner) return -1;
      i = inner.end - 1;
    }
    i++;
  }
  return -1;
}

/**
 * `source` with the static text of every css`…`, html`…` and svg`…` template minified, nested ones included; token
 * names imported from the token sheet written into css templates when `sheet` is given.
 */
export function minifyLitTemplates(source, sheet = null, imported = sheet ? tokenImports(source) : new Set()) {
  let out = '';
  let last = 0;
  const start = /\b(css|html|svg)`/g;
  let match;
  while ((match = start.exec(source))) {
    const open = match.index + match[0].length - 1;
    const template = readTemplate(source, open);
    if (!template) continue;
    // Token interpolations become static text: merge them with the static parts around them.
    const texts = [source.slice(...template.statics[0])];
    const codes = [];
    for (const [index, [a, b]] of template.codes.entries()) {
      const inlined = match[1] === 'css' && sheet ? tokenText(source.slice(a, b), imported, sheet) : null;
      const next = source.slice(...template.statics[index + 1]);
      if (inlined === null) {
        codes.push(source.slice(a, b));
        texts.push(next);
      } else texts[texts.length - 1] += inlined + next;
    }
    const minified = texts.map((text) => TAGS[match[1]](text));
    // Unsafe static text keeps the template's own text; its interpolations are still read for nested templates.
    const statics = minified.includes(null) ? texts : minified;
    let body = statics[0];
    for (const [index, code] of codes.entries())
      body += '${' + minifyLitTemplates(code, sheet, imported) + '}' + statics[index + 1];
    const lineBreaks = (text) => text.split('\n').length - 1;
    const lost = lineBreaks(source.slice(open + 1, template.end - 1)) - lineBreaks(body);
    // Between the tag and the backtick the line breaks are code, not template text.
    out += source.slice(last, open) + '\n'.repeat(lost) + '`' + body + '`';
    last = template.end;
    start.lastIndex = template.end;
  }
  return out + source.slice(last);
}

/** The static text of every css`…` template in `source` (nested ones included), interpolations left out. */
export function cssTemplateTexts(source) {
  const texts = [];
  const start = /\bcss`/g;
  let match;
  while ((match = start.exec(source))) {
    const template = readTemplate(source, match.index + match[0].length - 1);
    if (!template) continue;
    texts.push(template.statics.map(([a, b]) => source.slice(a, b)).join(' '));
    for (const [a, b] of template.codes) texts.push(...cssTemplateTexts(source.slice(a, b)));
    start.lastIndex = template.end;
  }
  return texts;
}

export function minifyLitTemplatesPlugin() {
  return {
    name: 'edu-minify-lit-templates',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/elements\/src\/.*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      return { code: minifyLitTemplates(code, tokens()), map: null };
    },
  };
}
