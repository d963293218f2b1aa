// The kit's API reference as static pages a user can browse without the demo host (`npm run docs`):
//   - one page per element (docs/elements/<tag>.html) from custom-elements.json, as the demo host's #/reference/:tag;
//   - one page per folder of @edu-portal/core (docs/core/<folder>.html) from the core's declarations: every public
//     name with its signature and documentation comment, read by the TypeScript checker;
//   - an index (docs/index.html).
// Output: packages/elements/docs/ (git-ignored, published in the elements package: the editor data links each tag
// to its page there). Everything shown comes from source comments and is written as text (escaped).
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { elementPage, elementsOf, publicFields } from '../packages/elements/scripts/editor-data.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const docsDir = join(root, 'packages/elements/docs');
const coreSrc = join(root, 'packages/core/src');

const escapeHtml = (text = '') =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * A documentation comment as HTML: escaped text, `code` spans, paragraphs and `- ` lists; nothing else is
 * interpreted.
 */
export function prose(text = '') {
  const inline = (t) => escapeHtml(t).replace(/`([^`]+)`/g, '<code>$1</code>');
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter(Boolean)
    .map((paragraph) => {
      const blocks = [];
      for (const line of paragraph.split('\n')) {
        const item = /^\s*- (.*)$/.exec(line);
        const last = blocks.at(-1);
        if (item) blocks.push({ list: true, text: item[1] });
        else if (last) last.text += ` ${line.trim()}`;
        else blocks.push({ list: false, text: line.trim() });
      }
      let html = '';
      for (const [i, block] of blocks.entries()) {
        if (!block.list) html += `<p>${inline(block.text)}</p>`;
        else {
          if (!blocks[i - 1]?.list) html += '<ul>';
          html += `<li>${inline(block.text)}</li>`;
          if (!blocks[i + 1]?.list) html += '</ul>';
        }
      }
      return html;
    })
    .join('\n');
}

const code = (text) => (text ? `<code>${escapeHtml(text)}</code>` : '');

function page({ title, depth, body }) {
  const up = depth ? '../'.repeat(depth) : './';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · edu-portal API</title>
<link rel="stylesheet" href="${up}docs.css">
</head>
<body>
<header><a href="${up}index.html">edu-portal API reference</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}

const CSS = `body{font:15px/1.55 system-ui,sans-serif;margin:0;color:#1f2329;background:#fff}
header{padding:12px 24px;background:#3763ab}header a{color:#fff;font-weight:600;text-decoration:none}
main{max-width:1100px;margin:0 auto;padding:8px 24px 48px}a{color:#2a5db0}
code{font:13px/1.4 ui-monospace,monospace;background:#f2f4f7;padding:1px 4px;border-radius:3px}
pre{background:#f2f4f7;padding:10px 12px;white-space:pre-wrap;overflow-wrap:anywhere;border-radius:4px}pre code{background:none;padding:0}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:8px 0 24px}
caption{text-align:left;font-weight:600;font-size:1.1em;padding:8px 0}
th,td{border:1px solid #d0d5dd;padding:6px 8px;text-align:left;vertical-align:top}thead th{background:#f2f4f7}
td p,th p{margin:0 0 4px}.entry{border-top:1px solid #d0d5dd;padding-top:8px;margin-top:16px}
ul.index{columns:3 220px}
`;

function table(caption, heads, rows) {
  if (!rows.length) return '';
  return `<div class="scroll" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr>${heads.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((cells) => `<tr>${cells.map((c, i) => (i ? `<td>${c}</td>` : `<th scope="row">${c}</th>`)).join('')}</tr>`).join('\n')}
</tbody></table></div>`;
}

/** One element's page: its description, properties and attributes, events, slots, parts and CSS properties. */
export function elementHtml(element, all) {
  const attributeOf = (field) => (element.attributes ?? []).find((a) => (a.fieldName ?? a.name) === field.name);
  const body = `<h1>&lt;${escapeHtml(element.tagName)}&gt;</h1>
<p>Class <code>${escapeHtml(element.name)}</code>, module <code>@edu-portal/elements/${escapeHtml(
    element.path.replace(/^dist\//, ''),
  )}</code>; React: <code>${escapeHtml(element.name)}</code> from <code>@edu-portal/react</code>.</p>
${prose(element.summary)}
${prose(element.description)}
${table(
  'Properties',
  ['Name', 'Attribute', 'Type', 'Default', 'Description'],
  publicFields(element).map((field) => [
    code(field.name),
    code(attributeOf(field)?.name ?? field.attribute),
    code(field.type?.text),
    code(field.default),
    prose(field.description),
  ]),
)}
${table(
  'Events',
  ['Name', 'Type', 'Description'],
  (element.events ?? []).map((event) => [code(event.name), code(event.type?.text), prose(event.description)]),
)}
${table(
  'Slots',
  ['Name', 'Description'],
  (element.slots ?? []).map((slot) => [slot.name ? code(slot.name) : '(default)', prose(slot.description)]),
)}
${table(
  'CSS parts (::part)',
  ['Name', 'Description'],
  (element.cssParts ?? []).map((part) => [code(part.name), prose(part.description)]),
)}
${table(
  'CSS custom properties',
  ['Name', 'Default', 'Description'],
  (element.cssProperties ?? []).map((p) => [code(p.name), code(p.default), prose(p.description)]),
)}
<nav aria-label="All elements"><h2>All elements</h2><ul class="index">
${all.map((e) => `<li><a href="${escapeHtml(basename(elementPage(e.tagName)))}"${e === element ? ' aria-current="page"' : ''}>&lt;${escapeHtml(e.tagName)}&gt;</a></li>`).join('\n')}
</ul></nav>`;
  return page({ title: `<${element.tagName}>`, depth: 1, body });
}

/**
 * The public names of @edu-portal/core, grouped by the folder that exports them: name, kind, signature or type,
 * and documentation comment, as the TypeScript checker reads the sources.
 */
export function coreReference() {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'packages/core/tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic() {},
    },
  );
  const entry = join(coreSrc, 'index.ts');
  const program = ts.createProgram({ rootNames: [entry], options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry));
  const groups = new Map();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.[0];
    if (!declaration) continue;
    const file = relative(coreSrc, declaration.getSourceFile().fileName);
    const group = file.includes('/') ? file.split('/')[0] : 'constants';
    const entryOf = describeSymbol(checker, exported.name, symbol, declaration);
    if (!groups.has(group)) groups.set(group, { name: group, folderDoc: folderDoc(group), entries: [] });
    groups.get(group).entries.push({ ...entryOf, file });
  }
  for (const group of groups.values()) group.entries.sort((a, b) => a.name.localeCompare(b.name));
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The first comment of a folder's index.ts (what the folder is for). */
function folderDoc(group) {
  try {
    const text = readFileSync(join(coreSrc, group, 'index.ts'), 'utf8');
    const comment = /^\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '';
    return comment.replace(/^\s*\* ?/gm, '').trim();
  } catch {
    return '';
  }
}

function describeSymbol(checker, name, symbol, declaration) {
  const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const flags = symbol.flags;
  if (flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    const signatures = type
      .getCallSignatures()
      .map((signature) => `function ${name}${checker.signatureToString(signature)}`);
    return { name, kind: 'function', signature: signatures.join('\n'), doc };
  }
  if (flags & ts.SymbolFlags.Class) return { name, kind: 'class', signature: headOf(declaration), doc };
  if (flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const kind = flags & ts.SymbolFlags.Interface ? 'interface' : 'type';
    return { name, kind, signature: withoutComments(declaration.getText()), doc };
  }
  const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
  return {
    name,
    kind: 'const',
    signature: `const ${name}: ${checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)}`,
    doc,
  };
}

/** A class's declaration line (`class X extends Y`). */
const headOf = (declaration) => declaration.getText().split('{')[0].trim();

/** Declaration text without its member comments, for a readable signature block. */
const withoutComments = (text) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\n\s*\n/g, '\n')
    .trim();

function coreGroupHtml(group, groups) {
  const body = `<h1>@edu-portal/core: ${escapeHtml(group.name)}</h1>
${prose(group.folderDoc)}
<p>Import from <code>@edu-portal/core</code>.</p>
<ul class="index">${group.entries.map((e) => `<li><a href="#${escapeHtml(e.name)}">${escapeHtml(e.name)}</a></li>`).join('')}</ul>
${group.entries
  .map(
    (e) => `<section class="entry" id="${escapeHtml(e.name)}" aria-labelledby="h-${escapeHtml(e.name)}">
<h2 id="h-${escapeHtml(e.name)}">${escapeHtml(e.name)} <small>(${e.kind})</small></h2>
<pre><code>${escapeHtml(e.signature)}</code></pre>
${prose(e.doc)}
<p><small>Also importable alone: <code>@edu-portal/core/${escapeHtml(e.file.replace(/\.ts$/, '.js'))}</code></small></p>
</section>`,
  )
  .join('\n')}
<nav aria-label="Core folders"><h2>Core folders</h2><ul class="index">
${groups.map((g) => `<li><a href="${escapeHtml(g.name)}.html"${g === group ? ' aria-current="page"' : ''}>${escapeHtml(g.name)}</a></li>`).join('\n')}
</ul></nav>`;
  return page({ title: `core: ${group.name}`, depth: 1, body });
}

function indexHtml(elements, groups) {
  const body = `<h1>edu-portal API reference</h1>
<p>Generated from the elements' <code>custom-elements.json</code> and the core's declarations, so it follows the code.</p>
<h2>Elements (<code>@edu-portal/elements</code>, React wrappers in <code>@edu-portal/react</code>)</h2>
${table(
  'Elements',
  ['Element', 'Summary'],
  elements.map((e) => [
    `<a href="${escapeHtml(elementPage(e.tagName))}">&lt;${escapeHtml(e.tagName)}&gt;</a>`,
    escapeHtml(e.summary ?? ''),
  ]),
)}
<h2>Core (<code>@edu-portal/core</code>)</h2>
${table(
  'Core folders',
  ['Folder', 'Public names'],
  groups.map((g) => [
    `<a href="core/${escapeHtml(g.name)}.html">${escapeHtml(g.name)}</a>`,
    g.entries
      .map((e) => `<a href="core/${escapeHtml(g.name)}.html#${escapeHtml(e.name)}">${escapeHtml(e.name)}</a>`)
      .join(', '),
  ]),
)}`;
  return page({ title: 'Index', depth: 0, body });
}

/** Builds the pages into `out` from the manifest as it is (run the manifest first; `npm run docs` does). */
export function buildDocs(out = docsDir) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages/elements/custom-elements.json'), 'utf8'));
  const elements = elementsOf(manifest);
  const groups = coreReference();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'elements'), { recursive: true });
  mkdirSync(join(out, 'core'), { recursive: true });
  writeFileSync(join(out, 'docs.css'), CSS);
  writeFileSync(join(out, 'index.html'), indexHtml(elements, groups));
  for (const element of elements)
    writeFileSync(join(out, elementPage(element.tagName)), elementHtml(element, elements));
  for (const group of groups) writeFileSync(join(out, 'core', `${group.name}.html`), coreGroupHtml(group, groups));
  return { elements: elements.length, coreNames: groups.reduce((n, g) => n + g.entries.length, 0), out };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The manifest and editor data first, as the build makes them.
  execSync('npm run --silent manifest', { cwd: join(root, 'packages/elements'), stdio: 'inherit' });
  execSync('node packages/elements/scripts/editor-data.mjs', { cwd: root, stdio: 'inherit' });
  const { elements, coreNames, out } = buildDocs();
  console.log(`API docs: ${elements} element pages, ${coreNames} core names → ${relative(root, out)}/index.html`);
}
