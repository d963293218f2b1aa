// The README's maps are true: every folder its module tables and its layout name exists, and every folder of the
// core is in the core's table (test-support/ is not a module of the package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const coreSrc = join(root, 'packages/core/src');
const isFolder = (path) => existsSync(path) && statSync(path).isDirectory();

/**
 * The tables of a Markdown text by the heading above them: `{heading, rows}` with each row's cells as text.
 * @param {string} markdown
 */
export function tablesOf(markdown) {
  const tables = [];
  let heading = '';
  let current = null;
  for (const line of markdown.split('\n')) {
    if (/^#+ /.test(line)) heading = line.replace(/^#+ /, '').trim();
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim());
    if (cells.every((cell) => /^:?-+:?$/.test(cell) || cell === '')) continue;
    if (!current) {
      current = { heading, rows: [] };
      tables.push(current);
      continue; // the header row
    }
    current.rows.push(cells);
  }
  return tables;
}

/** The folders a cell names: backticked names that end with a slash (`http/`, `demo/src/portal/`). */
const foldersIn = (text) => [...text.matchAll(/`([\w./-]+\/)`/g)].map((match) => match[1]);

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const coreTable = tablesOf(readme).find((table) => table.heading.startsWith('Core'));

test("the README's core table names only folders of packages/core/src", () => {
  assert.ok(coreTable, 'a "Core" table in the README');
  const missing = coreTable.rows
    .flatMap((row) => foldersIn(row[0]))
    .filter((folder) => !isFolder(join(coreSrc, folder)));
  assert.deepEqual(missing, [], 'folders named in the core table that do not exist');
});

test("every folder of packages/core/src is in the README's core table", () => {
  const named = new Set(coreTable.rows.flatMap((row) => foldersIn(row[0])).map((folder) => folder.replace(/\/$/, '')));
  const unnamed = readdirSync(coreSrc).filter(
    (name) => isFolder(join(coreSrc, name)) && name !== 'test-support' && !named.has(name),
  );
  assert.deepEqual(unnamed, [], 'core folders the README does not describe');
});

test('every repository path the README names in its tables and layout exists', () => {
  const layout = readme.slice(readme.indexOf('## Layout'));
  const block = layout.slice(layout.indexOf('```'), layout.indexOf('```', layout.indexOf('```') + 3));
  const layoutPaths = block
    .split('\n')
    .slice(1)
    .map((line) => line.split(/\s+/)[0])
    .filter(Boolean);
  const tablePaths = tablesOf(readme)
    .filter((table) => table !== coreTable)
    .flatMap((table) => table.rows.flatMap((row) => row.flatMap(foldersIn)))
    .filter((path) => /^(packages|demo|e2e|bench|docs|scripts)\//.test(path));
  const missing = [...layoutPaths, ...tablePaths].filter((path) => !existsSync(join(root, path)));
  assert.ok(layoutPaths.length >= 5, 'the layout block is read');
  assert.deepEqual(missing, [], 'paths the README names that do not exist');
});

test('every repository path docs/architecture.md names exists', () => {
  const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  // Paths from the repository's top folders, as written (a pattern such as `<name>` or `*` ends the checked part).
  const paths = [...text.matchAll(/(?<![\w./-])((?:packages|demo|e2e|bench|docs|scripts)\/[\w./-]*)/g)]
    .map((match) => match[1].replace(/\.$/, ''))
    .filter((path) => !path.endsWith('-'));
  const named = new Set(paths);
  assert.ok(named.size >= 30, `the paths are read (${named.size})`);
  const missing = [...named].filter((path) => !existsSync(join(root, path)));
  assert.deepEqual(missing, [], 'paths docs/architecture.md names that do not exist');
});
