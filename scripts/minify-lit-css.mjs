// A Vite plugin that minifies the CSS inside Lit's css`…` templates of the kit's elements: JavaScript minifiers leave
// template text alone, and the styles are a third of the elements' weight (issue 15). Only the static text between
// `${…}` parts changes: comments go, whitespace runs become one space, and the spaces around { } ; , and after a
// colon go. A template it cannot read safely (a nested template in an interpolation, an unclosed comment) is left as
// it is. The line breaks a template loses are put back at its start, so the lines after it keep their numbers and
// the source maps stay right.

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

/** `source` with every css`…` template's static text minified. */
export function minifyLitCss(source) {
  let out = '';
  let last = 0;
  const start = /\bcss`/g;
  let match;
  while ((match = start.exec(source))) {
    const open = match.index + match[0].length;
    const parts = []; // [from, to) of each static part
    let i = open;
    let from = open;
    let ok = true;
    for (;;) {
      const c = source[i];
      if (c === undefined) {
        ok = false;
        break;
      }
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '`') {
        parts.push([from, i]);
        break;
      }
      if (c === '$' && source[i + 1] === '{') {
        parts.push([from, i]);
        let depth = 1;
        i += 2;
        while (depth > 0 && i < source.length) {
          const e = source[i];
          if (e === '`') {
            ok = false;
            break;
          }
          if (e === '{') depth++;
          else if (e === '}') depth--;
          i++;
        }
        if (!ok) break;
        from = i;
        continue;
      }
      i++;
    }
    if (!ok) continue;
    const minified = parts.map(([a, b]) => minifyCssText(source.slice(a, b)));
    if (minified.includes(null)) {
      start.lastIndex = i + 1;
      continue;
    }
    const lineBreaks = (text) => text.split('\n').length - 1;
    const lost = parts.reduce(
      (sum, [a, b], index) => sum + lineBreaks(source.slice(a, b)) - lineBreaks(minified[index]),
      0,
    );
    for (const [index, [a, b]] of parts.entries()) {
      out += source.slice(last, a) + (index === 0 ? '\n'.repeat(lost) : '') + minified[index];
      last = b;
    }
    start.lastIndex = i + 1;
  }
  return out + source.slice(last);
}

export function minifyLitCssPlugin() {
  return {
    name: 'edu-minify-lit-css',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/elements\/src\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      return { code: minifyLitCss(code), map: null };
    },
  };
}
