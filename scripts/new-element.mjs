#!/usr/bin/env node
// `npm run new:element -- rating-bar`: a new `<edu-rating-bar>` in every place an element lives, in one command.
//
//   packages/elements/src/rating-bar/rating-bar.ts          the element, on EduElement, with a localised default name
//   packages/elements/src/rating-bar/rating-bar.styles.ts   its styles (--edu-rating-bar-*, on the --edu-space-* steps)
//   packages/elements/src/rating-bar/rating-bar.test.ts     its test: names in the three languages, axe in each
//   packages/elements/src/define.ts                         the tag in elementClasses (defineElements())
//   packages/elements/src/autoloader.ts                     the tag's loader (edu-autoloader.js, plain pages)
//   packages/elements/src/index.ts                          the class exported from the package
//   packages/elements/src/internal/edu-element.test.ts      the standalone-import check of every element
//   packages/elements/xliff/en.xlf, zh-HK.xlf               its strings' ids with their translations
//   packages/elements/src/generated/locales/en.ts, zh-HK.ts the locale modules lit-localize builds from them
//   demo/src/pages/blocks/rating-bar.tsx                    the demo page, through the React wrapper
//   demo/src/routes.tsx, demo/src/catalogue-layout.tsx      its route (with its API reference) and nav entry
//   demo/src/i18n.ts                                        the nav entry's text in the three languages
//   e2e/csp.spec.ts                                         the page in the Content-Security-Policy check
//   README.md                                               the catalogue row
//
// The React wrapper (`packages/react/src/wrappers/edu-rating-bar.ts`, `EduRatingBar` from `@edu-portal/react`) is
// generated from custom-elements.json: the script runs `node scripts/build.mjs --generated` at the end, as `npm run
// build` does, and Prettier over what it wrote.
//
// Options: --en "Rating bar" --zh-CN "评分条" --zh-HK "評分條" (the element's name in each language: its default
// accessible name, the demo page's title and nav entry; en defaults to the words of the name, zh-CN to en, zh-HK to
// zh-CN), --summary "…" (the README row and the JSDoc summary), --root DIR (the repository to edit; default this
// one), --no-format (no Prettier), --no-generate (no manifest or wrappers). Every edit is planned before any file is
// written: a bad or taken name, or a shared file that no longer has the place this script writes into, changes
// nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The existing files the scaffold edits (relative to the root); the rest it creates. */
export const EDITED_FILES = [
  'packages/elements/src/define.ts',
  'packages/elements/src/autoloader.ts',
  'packages/elements/src/index.ts',
  'packages/elements/src/internal/edu-element.test.ts',
  'packages/elements/xliff/en.xlf',
  'packages/elements/xliff/zh-HK.xlf',
  'packages/elements/src/generated/locales/en.ts',
  'packages/elements/src/generated/locales/zh-HK.ts',
  'demo/src/routes.tsx',
  'demo/src/catalogue-layout.tsx',
  'demo/src/i18n.ts',
  'e2e/csp.spec.ts',
  'README.md',
];

/** The files the scaffold creates for `name`. */
export function createdFiles(name) {
  return [
    `packages/elements/src/${name}/${name}.ts`,
    `packages/elements/src/${name}/${name}.styles.ts`,
    `packages/elements/src/${name}/${name}.test.ts`,
    `demo/src/pages/blocks/${name}.tsx`,
  ];
}

export class ScaffoldError extends Error {}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** Folders of packages/elements/src that are not elements. */
const RESERVED = new Set(['internal', 'generated']);

/** Why `name` cannot be an element's name, or '' when it can. */
export function nameProblem(name) {
  if (!name) return 'give the element a name: npm run new:element -- rating-bar';
  if (name.startsWith('edu-')) return `"${name}": give the name without the edu- prefix (${name.slice(4)})`;
  if (!NAME.test(name)) {
    return `"${name}" is not a valid name: lower-case letters, digits and single hyphens, starting with a letter (rating-bar)`;
  }
  if (RESERVED.has(name)) return `"${name}" is a folder of the package, not an element`;
  return '';
}

const pascal = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const words = (name) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('-', ' ');

/** Text put into TypeScript strings, template literals, XML and a Markdown table: nothing that needs escaping. */
function checkText(what, text) {
  if (!text.trim()) throw new ScaffoldError(`${what} is empty`);
  if (/[<>&'"`$\\|\n\r]/.test(text)) {
    throw new ScaffoldError(
      `${what} "${text}" has a character the scaffold does not escape (< > & ' " \` $ \\ | or a line break)`,
    );
  }
  return text.trim();
}

/** `text` with `insert` put before the first `anchor` after `after` (if given); a missing place is an error. */
function insertBefore(file, text, anchor, insert, after) {
  const from = after === undefined ? 0 : text.indexOf(after);
  const at = from < 0 ? -1 : text.indexOf(anchor, from);
  if (at < 0) {
    throw new ScaffoldError(
      `${file}: cannot find ${JSON.stringify(after ?? anchor)}${after ? ` then ${JSON.stringify(anchor)}` : ''} to write after; edit it by hand or update scripts/new-element.mjs`,
    );
  }
  return text.slice(0, at) + insert + text.slice(at);
}

/** A locale module of lit-localize with `'id': \`text\`,` entries added where lit-localize puts them (ids by localeCompare). */
function addLocaleEntries(file, text, entries) {
  const lines = text.split('\n');
  for (const [id, value] of entries) {
    const entryLines = lines.map((l, i) => [/^\s*'([^']+)': /.exec(l)?.[1], i]).filter(([key]) => key !== undefined);
    if (!entryLines.length) throw new ScaffoldError(`${file}: no translations found; update scripts/new-element.mjs`);
    const next = entryLines.find(([key]) => key.localeCompare(id) > 0);
    const line = `'${id}': \`${value}\`,`;
    if (next) {
      // The first entry carries the template's indentation; it moves down with its line.
      const [, i] = next;
      const indent = /^\s*/.exec(lines[i])[0];
      lines.splice(i, 1, indent + line, lines[i].slice(indent.length));
    } else {
      lines.splice(entryLines.at(-1)[1] + 1, 0, line);
    }
  }
  return lines.join('\n');
}

/** Reads the command line: `{ name, root, names, summary, format, generate }`. */
export function parseArgs(argv) {
  const options = { name: '', root: repoRoot, names: {}, summary: '', format: true, generate: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new ScaffoldError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--root') options.root = resolve(value());
    else if (arg === '--en' || arg === '--zh-CN' || arg === '--zh-HK') options.names[arg.slice(2)] = value();
    else if (arg === '--summary') options.summary = value();
    else if (arg === '--no-format') options.format = false;
    else if (arg === '--no-generate') options.generate = false;
    else if (arg.startsWith('-')) throw new ScaffoldError(`unknown option ${arg}`);
    else if (options.name) throw new ScaffoldError(`one name only (got "${options.name}" and "${arg}")`);
    else options.name = arg;
  }
  return options;
}

/**
 * Plans every file of a new element: `[{path, text, created}]` with paths relative to the root. Throws a
 * ScaffoldError (and plans nothing) for a bad or taken name or a shared file without the place to write into.
 */
/** The element: a labelled group on `EduElement`, its name localised. */
function elementSource({ tag, Class, id, styles, name, about, zhCN, en }) {
  return `import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { EduElement } from '../internal/edu-element.ts';
import { ${styles} } from './${name}.styles.ts';

/**
 * ${about}
 *
 * @summary ${about}
 * @tagname ${tag}
 *
 * @slot - The content.
 *
 * @csspart base - The labelled group around the content.
 *
 * @cssprop [--edu-${name}-padding=8px 12px] - Padding around the content (spacing steps --edu-space-2 and -3).
 */
export class ${Class} extends EduElement {
  static override styles = ${styles};

  /** The accessible name of the group; empty means the localised "${zhCN}" / "${en}". */
  @property() label = '';

  protected override render() {
    const name = this.label || msg('${zhCN}', { id: '${id}.label' });
    return html\`
      <div part="base" class="base" role="group" aria-label=\${name}>
        <slot></slot>
      </div>
    \`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': ${Class};
  }
}
`;
}

/** Its styles, on the spacing tokens. */
function stylesSource({ styles, name }) {
  return `import { css } from 'lit';
import { space2, space3 } from '../internal/tokens.ts';

export const ${styles} = css\`
  :host {
    display: block;
  }

  .base {
    box-sizing: border-box;
    padding: var(--edu-${name}-padding, \${space2} \${space3});
  }
\`;
`;
}

/** Its test: the name in three languages, the slot, axe in each language. */
function testSource({ name, tag, Class, zhCN, en, zhHK }) {
  return `import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../index.ts';
import type { ${Class} } from './${name}.ts';
import { qs, switchLanguage } from '../internal/test-utils.ts';

const LOCALES = ['zh-CN', 'en', 'zh-HK'] as const;
const NAMES = { 'zh-CN': '${zhCN}', en: '${en}', 'zh-HK': '${zhHK}' };

const nameOf = (el: ${Class}) => qs(el, '[part="base"]').getAttribute('aria-label');

describe('<${tag}>', () => {
  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('is named in the language in force, or by its label', async () => {
    const el = await fixture<${Class}>(html\`<${tag}></${tag}>\`);
    for (const lang of LOCALES) {
      await switchLanguage(lang);
      await el.updateComplete;
      expect(nameOf(el), lang).to.equal(NAMES[lang]);
    }
    el.label = '<b>label</b>';
    await el.updateComplete;
    expect(nameOf(el)).to.equal('<b>label</b>');
  });

  it('shows what is slotted into it', async () => {
    const el = await fixture<${Class}>(html\`<${tag}><span>content</span></${tag}>\`);
    const slot = qs<HTMLSlotElement>(el, 'slot');
    expect(slot.assignedElements().map((child) => child.localName)).to.deep.equal(['span']);
  });

  for (const lang of LOCALES) {
    it(\`passes axe in \${lang}\`, async () => {
      await switchLanguage(lang);
      const el = await fixture<${Class}>(html\`<${tag}><button>OK</button></${tag}>\`);
      await expect(el).to.be.accessible();
    });
  }
});
`;
}

/** Its demo page, through the React wrapper. */
function demoPageSource({ name, tag, Class, Page, zhCN, en, zhHK }) {
  return `// <${tag}> through its React wrapper.
import { ${Class} } from '@edu-portal/react/wrappers/${tag}.ts';
import { defineTexts } from '../../texts.ts';

const use${pascal(name)}Texts = defineTexts({
  'zh-CN': { title: '${zhCN}', content: '示例内容' },
  en: { title: '${en}', content: 'Sample content' },
  'zh-HK': { title: '${zhHK}', content: '示例內容' },
});

export function ${Page}() {
  const t = use${pascal(name)}Texts();
  return (
    <section aria-labelledby="${name}-title">
      <h1 id="${name}-title">{t.title}</h1>
      <${Class}>
        <p>{t.content}</p>
      </${Class}>
    </section>
  );
}
`;
}

export function planElement({ name, root = repoRoot, names = {}, summary = '' }) {
  const problem = nameProblem(name);
  if (problem) throw new ScaffoldError(problem);
  const tag = `edu-${name}`;
  const Class = `Edu${pascal(name)}`;
  const id = camel(name);
  const styles = `${id}Styles`;
  const Page = `${pascal(name)}Page`;
  const navKey = `nav${pascal(name)}`;
  const en = checkText('--en', names.en ?? words(name));
  const zhCN = checkText('--zh-CN', names['zh-CN'] ?? en);
  const zhHK = checkText('--zh-HK', names['zh-HK'] ?? zhCN);
  const about = checkText('--summary', summary || en);

  const read = (path) => {
    const file = join(root, path);
    if (!existsSync(file)) throw new ScaffoldError(`${path} is missing under ${root}`);
    return readFileSync(file, 'utf8');
  };
  const folder = `packages/elements/src/${name}/`;
  if (existsSync(join(root, folder))) throw new ScaffoldError(`<${tag}> exists already (${folder})`);
  const taken = createdFiles(name).find((path) => existsSync(join(root, path)));
  if (taken) throw new ScaffoldError(`"${name}" is taken: ${taken} exists already; choose another name`);
  const define = read('packages/elements/src/define.ts');
  if (define.includes(`'${tag}'`) || new RegExp(`\\b${Class}\\b`).test(define)) {
    throw new ScaffoldError(`<${tag}> exists already (packages/elements/src/define.ts names it)`);
  }

  const n = { name, tag, Class, id, styles, Page, navKey, en, zhCN, zhHK, about };
  const files = [];
  const edit = (path, change) => files.push({ path, text: change(read(path)), created: false });
  const create = (path, text) => files.push({ path, text, created: true });

  create(`packages/elements/src/${name}/${name}.ts`, elementSource(n));
  create(`packages/elements/src/${name}/${name}.styles.ts`, stylesSource(n));
  create(`packages/elements/src/${name}/${name}.test.ts`, testSource(n));

  edit('packages/elements/src/define.ts', (text) => {
    const lastImport = [...text.matchAll(/^import \{ Edu\w+ \} from '\.\/[\w-]+\/[\w-]+\.ts';$/gm)].at(-1);
    if (!lastImport) throw new ScaffoldError('packages/elements/src/define.ts: no element imports found');
    const at = lastImport.index + lastImport[0].length;
    text = `${text.slice(0, at)}\nimport { ${Class} } from './${name}/${name}.ts';${text.slice(at)}`;
    return insertBefore(
      'packages/elements/src/define.ts',
      text,
      '} as const;',
      `  '${tag}': ${Class},\n`,
      'export const elementClasses',
    );
  });
  edit('packages/elements/src/autoloader.ts', (text) =>
    insertBefore(
      'packages/elements/src/autoloader.ts',
      text,
      '\n};',
      `\n  '${tag}': () => import('./${name}/${name}.ts').then((m) => m.${Class}),`,
      'export const elementLoaders',
    ),
  );
  edit('packages/elements/src/index.ts', (text) =>
    insertBefore(
      'packages/elements/src/index.ts',
      text,
      'export { defineElements,',
      `export { ${Class} } from './${name}/${name}.ts';\n`,
    ),
  );
  edit('packages/elements/src/internal/edu-element.test.ts', (text) =>
    insertBefore(
      'packages/elements/src/internal/edu-element.test.ts',
      text,
      '\n};',
      `\n  '${tag}': ['${name}/${name}.ts', '${Class}'],`,
      'const modules',
    ),
  );
  for (const [locale, target] of [
    ['en', en],
    ['zh-HK', zhHK],
  ]) {
    const xliff = `packages/elements/xliff/${locale}.xlf`;
    edit(xliff, (text) => {
      if (text.includes(`<trans-unit id="${id}.label">`)) throw new ScaffoldError(`${xliff} has ${id}.label already`);
      return insertBefore(
        xliff,
        text,
        '</body>',
        `<trans-unit id="${id}.label">\n  <source>${zhCN}</source>\n  <target>${target}</target>\n</trans-unit>\n`,
      );
    });
    const localeModule = `packages/elements/src/generated/locales/${locale}.ts`;
    edit(localeModule, (text) => addLocaleEntries(localeModule, text, [[`${id}.label`, target]]));
  }

  create(`demo/src/pages/blocks/${name}.tsx`, demoPageSource(n));
  edit('demo/src/routes.tsx', (text) => {
    if (text.includes(`path: 'blocks/${name}'`))
      throw new ScaffoldError(`demo/src/routes.tsx has blocks/${name} already`);
    return insertBefore(
      'demo/src/routes.tsx',
      text,
      "      { path: 'reference/:tag'",
      `      {
        path: 'blocks/${name}',
        element: page(
          () => import('./pages/blocks/${name}.tsx'),
          (m) => m.${Page},
        ),
        handle: shows('${tag}'),
      },
`,
    );
  });
  edit('demo/src/catalogue-layout.tsx', (text) =>
    insertBefore(
      'demo/src/catalogue-layout.tsx',
      text,
      '<NavLink to="/reference/',
      `<NavLink to="/blocks/${name}">{t.${navKey}}</NavLink>\n        `,
    ),
  );
  edit('demo/src/i18n.ts', (text) => {
    if (new RegExp(`^\\s*${navKey}:`, 'm').test(text))
      throw new ScaffoldError(`demo/src/i18n.ts has ${navKey} already`);
    // The three tables in their order: zh-CN, en, zh-HK.
    const values = [zhCN, en, zhHK];
    let n = 0;
    const lines = text.split('\n');
    const out = [];
    for (const line of lines) {
      out.push(line);
      if (/^ {2}navAbout: '.*',$/.test(line)) out.push(`  ${navKey}: '${values[n++] ?? ''}',`);
    }
    if (n !== 3)
      throw new ScaffoldError(`demo/src/i18n.ts: expected three navAbout lines (zh-CN, en, zh-HK), found ${n}`);
    return out.join('\n');
  });
  edit('e2e/csp.spec.ts', (text) =>
    insertBefore('e2e/csp.spec.ts', text, '\n];', `\n  'blocks/${name}',`, 'const BLOCKS = ['),
  );
  edit('README.md', (text) => {
    const rows = [...text.matchAll(/^\| `<edu-[\w-]+>` \|.*$/gm)];
    if (!rows.length) throw new ScaffoldError('README.md: no catalogue rows of elements found');
    const last = rows.at(-1);
    const at = last.index + last[0].length;
    return `${text.slice(0, at)}\n| \`<${tag}>\` | \`${Class}\` | ${about} |${text.slice(at)}`;
  });
  return files;
}

/** Writes a plan under `root`. */
export function writePlan(root, files) {
  for (const { path, text } of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function main(argv) {
  const options = parseArgs(argv);
  const files = planElement(options);
  writePlan(options.root, files);
  const paths = files.map((file) => file.path);
  if (options.format) {
    execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', ...paths], {
      cwd: options.root,
      stdio: 'inherit',
    });
  }
  if (options.generate) {
    // The manifest and the React wrapper of the new element (and the editor data), as `npm run build` makes them.
    execFileSync('node', ['scripts/build.mjs', '--generated'], { cwd: options.root, stdio: 'inherit' });
  }
  const tag = `edu-${options.name}`;
  console.log(`<${tag}> created:`);
  for (const file of files) console.log(`  ${file.created ? 'new ' : 'edit'} ${file.path}`);
  console.log(`React wrapper: Edu${pascal(options.name)} (generated from custom-elements.json by the build)

Next: write the element, its styles and its test; its strings go through msg('…', { id: '${camel(options.name)}.…' })
and \`npm run localize\`; the demo page is demo/src/pages/blocks/${options.name}.tsx; say what it is in README.md.
Check: npx tsc -p tsconfig.json --noEmit && npx eslint . && npx prettier --check . &&
  npx wtr --config web-test-runner.config.mjs --files 'packages/elements/src/${options.name}/**/*.test.ts'
Size: the element counts in the "every element" budget (npm run build && node scripts/budgets.mjs); even an empty
one adds about 0.5 kB gzip there.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    console.error(`new:element: ${error.message}`);
    process.exitCode = 1;
  }
}
