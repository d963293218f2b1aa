// The static API pages (`npm run docs`, scripts/docs.mjs): a page per element and per core folder, built from the
// manifest and the core's declarations, linked to each other and from the editor data.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium, chromiumArgs } from './chromium.mjs';
import { buildDocs, prose } from './docs.mjs';
import { registeredTags } from './element-tags.mjs';
import { docsBase, elementsOf, publicFields, writeEditorData } from '../packages/elements/scripts/editor-data.mjs';

const elementsDir = join(dirname(fileURLToPath(import.meta.url)), '../packages/elements');
const out = mkdtempSync(join(tmpdir(), 'edu-docs-'));
let elements;
let built;
const html = (path) => readFileSync(join(out, path), 'utf8');

before(async () => {
  execSync('npm run --silent manifest', { cwd: elementsDir, stdio: 'ignore' });
  await writeEditorData();
  elements = elementsOf(JSON.parse(readFileSync(join(elementsDir, 'custom-elements.json'), 'utf8')));
  built = buildDocs(out);
});

test('a page per element, with its properties, events, slots, parts and CSS properties', () => {
  assert.equal(built.elements, registeredTags().length);
  assert.deepEqual(
    readdirSync(join(out, 'elements')).sort(),
    elements.map((e) => `${e.tagName}.html`),
  );
  for (const element of elements) {
    const page = html(`elements/${element.tagName}.html`);
    assert.match(page, new RegExp(`<h1>&lt;${element.tagName}&gt;</h1>`));
    for (const field of publicFields(element)) assert.ok(page.includes(`<code>${field.name}</code>`), field.name);
    for (const event of element.events ?? []) assert.ok(page.includes(`<code>${event.name}</code>`), event.name);
    for (const part of element.cssParts ?? []) assert.ok(page.includes(`<code>${part.name}</code>`), part.name);
    for (const p of element.cssProperties ?? []) assert.ok(page.includes(`<code>${p.name}</code>`), p.name);
  }
  const form = html('elements/edu-form-dialog.html');
  assert.ok(form.includes('<code>&#39;add&#39; | &#39;edit&#39;</code>'));
});

test("the core's main functions, each with its signature and comment, on its folder's page", () => {
  const where = {
    loginWithPassword: 'auth',
    configureClient: 'http',
    client: 'http',
    session: 'session',
    chooseLanguage: 'i18n',
    setLanguage: 'i18n',
    pageLanguage: 'i18n',
    createUpload: 'upload',
  };
  for (const [name, folder] of Object.entries(where)) {
    const page = html(`core/${folder}.html`);
    assert.ok(page.includes(`<section class="entry" id="${name}"`), `${name} in core/${folder}.html`);
  }
  const auth = html('core/auth.html');
  assert.match(auth, /function loginWithPassword\(username: string, password: string/);
  assert.ok(built.coreNames > 300, `${built.coreNames} core names`);
});

test('every link between the pages leads to a page that exists', () => {
  const pages = ['index.html', ...readdirSync(join(out, 'elements')).map((f) => `elements/${f}`)];
  pages.push(...readdirSync(join(out, 'core')).map((f) => `core/${f}`));
  let links = 0;
  for (const page of pages) {
    for (const [, href] of html(page).matchAll(/href="([^"#]+)(#[^"]*)?"/g)) {
      links++;
      assert.ok(existsSync(join(out, dirname(page), href)), `${page} → ${href}`);
    }
  }
  assert.ok(links > registeredTags().length ** 2);
  const index = html('index.html');
  for (const element of elements) assert.ok(index.includes(`href="elements/${element.tagName}.html"`));
});

test("the editor data's reference links name these pages", () => {
  const vscode = JSON.parse(readFileSync(join(elementsDir, 'vscode.html-custom-data.json'), 'utf8'));
  for (const tag of vscode.tags) {
    const url = tag.references[0].url;
    assert.ok(url.startsWith(docsBase));
    assert.ok(existsSync(join(out, url.slice(docsBase.length))), url);
  }
});

test('comments are written as text: markup in them is escaped, code spans and lists are kept', () => {
  assert.equal(
    prose('Shows `<b>` as <img src=x onerror=alert(1)>.\n\n- one\n- two'),
    '<p>Shows <code>&lt;b&gt;</code> as &lt;img src=x onerror=alert(1)&gt;.</p>\n<ul><li>one</li><li>two</li></ul>',
  );
});

test('the pages pass axe (WCAG 2.1 AA and best practice) and keep to the page width', async () => {
  const axe = readFileSync(join(elementsDir, '../../node_modules/axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    for (const path of ['index.html', 'elements/edu-form-dialog.html', 'elements/edu-dialog.html', 'core/http.html']) {
      await page.goto(`file://${join(out, path)}`);
      await page.evaluate(axe);
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(violations, [], path);
      // Wide tables scroll in their own region; the page itself does not scroll sideways.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, path);
    }
  } finally {
    await browser.close();
  }
});
