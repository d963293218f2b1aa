// The elements' published metadata, made as the build makes it (the analyser's custom-elements.json, then
// packages/elements/scripts/editor-data.mjs): what editors and readers outside the project get from it.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  docsBase,
  elementPage,
  fieldTypes,
  finishManifest,
  publicFields,
  writeEditorData,
} from '../packages/elements/scripts/editor-data.mjs';
import { registeredTags } from './element-tags.mjs';

const elementsDir = join(dirname(fileURLToPath(import.meta.url)), '../packages/elements');
const read = (name) => JSON.parse(readFileSync(join(elementsDir, name), 'utf8'));

let manifest;
let vscode;
let webTypes;
let declarations;
let elements;

before(async () => {
  execSync('npm run --silent manifest', { cwd: elementsDir, stdio: 'ignore' });
  await writeEditorData();
  manifest = read('custom-elements.json');
  vscode = read('vscode.html-custom-data.json');
  webTypes = read('web-types.json');
  declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
  elements = declarations.filter((declaration) => declaration.tagName);
});

/** Every string under a key named `key`, anywhere in `value`. */
function valuesOf(value, key, found = []) {
  if (Array.isArray(value)) for (const item of value) valuesOf(item, key, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === 'string') found.push(v);
      else valuesOf(v, key, found);
    }
  }
  return found;
}

test('lists exactly the elements define.ts registers, and only classes with a tag as elements (no internal base class)', () => {
  assert.deepEqual(elements.map((element) => element.tagName).sort(), registeredTags());
  const marked = declarations.filter((declaration) => declaration.customElement);
  assert.deepEqual(
    marked.filter((declaration) => !declaration.tagName).map((declaration) => declaration.name),
    [],
  );
  assert.ok(!elements.some((element) => element.name === 'EduElement'));
});

test('has no private or protected members', () => {
  const hidden = declarations.flatMap((declaration) =>
    (declaration.members ?? [])
      .filter((m) => m.privacy === 'private' || m.privacy === 'protected' || /^[#_]/.test(m.name))
      .map((m) => `${declaration.name}.${m.name}`),
  );
  assert.deepEqual(hidden, []);
  // The public API is still there.
  const dialog = elements.find((element) => element.tagName === 'edu-dialog');
  assert.ok(publicFields(dialog).some((field) => field.name === 'open'));
});

test('types every event, attribute and public field', () => {
  const untyped = elements.flatMap((element) => [
    ...(element.events ?? []).filter((event) => !event.type?.text).map((event) => `${element.tagName} ${event.name}`),
    ...(element.attributes ?? []).filter((a) => !a.type?.text).map((a) => `${element.tagName} [${a.name}]`),
    ...publicFields(element)
      .filter((field) => !field.type?.text)
      .map((field) => `${element.tagName}.${field.name}`),
  ]);
  assert.deepEqual(untyped, []);
  const face = elements.find((element) => element.tagName === 'edu-face');
  assert.equal(face.events.find((event) => event.name === 'edu-face-error').type.text, 'EduFaceErrorEvent');
});

test('names only modules the package ships: dist/*.js built from an existing source', () => {
  const paths = [...valuesOf(manifest, 'path'), ...valuesOf(manifest, 'module')];
  assert.ok(paths.length > 100);
  assert.deepEqual(
    paths.filter((path) => !/^(dist|\.{1,2})\/.+\.js$/.test(path)),
    [],
  );
  // A relative module (a re-export) is relative to the module that names it.
  const named = manifest.modules.flatMap((module) =>
    [...valuesOf(module, 'path'), ...valuesOf(module, 'module')].map((path) =>
      path.startsWith('.') ? join(dirname(module.path), path) : path,
    ),
  );
  const missing = [...new Set(named)].filter(
    (path) => !existsSync(join(elementsDir, path.replace(/^dist\/(.*)\.js$/, 'src/$1.ts'))),
  );
  assert.deepEqual(missing, []);
});

test('every attribute of a union of string literals offers those values, in both editors', () => {
  // Attributes without a value list: their type must be no union of literals (the oracle, independent of the
  // generator: a new alias of literals that the generator did not spell out fails here).
  const plain = /^(boolean|string|number|string\[\]|number\[\]|PageApi)( \| (undefined|null))*$/;
  const vscodeTags = new Map(vscode.tags.map((tag) => [tag.name, tag]));
  const jetbrains = new Map(webTypes.contributions.html.elements.map((element) => [element.name, element]));
  let withValues = 0;
  for (const element of elements) {
    for (const attribute of element.attributes ?? []) {
      const text = attribute.type.text;
      const literals = [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      const where = `<${element.tagName} ${attribute.name}> (${text})`;
      const inVscode = vscodeTags.get(element.tagName).attributes.find((a) => a.name === attribute.name);
      const inWebTypes = jetbrains.get(element.tagName).attributes.find((a) => a.name === attribute.name);
      if (literals.length) {
        withValues++;
        assert.deepEqual(
          inVscode.values?.map((v) => v.name),
          literals,
          where,
        );
        assert.deepEqual(
          inWebTypes.values?.map((v) => v.name),
          literals,
          where,
        );
      } else {
        assert.match(text, plain, where);
        assert.equal(inVscode.values, undefined, where);
      }
    }
  }
  assert.ok(withValues >= 15, `${withValues} attributes with values`);
  const mode = vscodeTags.get('edu-form-dialog').attributes.find((a) => a.name === 'mode');
  assert.deepEqual(mode.values, [{ name: 'add' }, { name: 'edit' }]);
  const placement = jetbrains.get('edu-color-picker').attributes.find((a) => a.name === 'placement');
  assert.deepEqual(placement.value, { type: 'enum', kind: 'plain' });
  // A position also takes insets: offered values, not a closed list.
  const position = jetbrains.get('edu-dialog').attributes.find((a) => a.name === 'position');
  assert.ok(position.values.some((v) => v.name === 'middle'));
  assert.notEqual(position.value.type, 'enum');
});

test('every tag links to its API page', () => {
  assert.match(docsBase, /^https?:\/\/.+\/$/);
  for (const tag of vscode.tags) {
    assert.deepEqual(tag.references, [{ name: `<${tag.name}> API reference`, url: docsBase + elementPage(tag.name) }]);
  }
  for (const element of webTypes.contributions.html.elements) {
    assert.equal(element['doc-url'], docsBase + elementPage(element.name));
  }
  assert.equal(vscode.tags.length, registeredTags().length);
});

test('web-types lists each element’s JavaScript properties and typed events', () => {
  for (const element of elements) {
    const entry = webTypes.contributions.html.elements.find((e) => e.name === element.tagName);
    assert.deepEqual(
      entry.js.properties.map((p) => p.name),
      publicFields(element).map((f) => f.name),
      element.tagName,
    );
    assert.ok(
      entry.js.properties.every((p) => p.type),
      element.tagName,
    );
    assert.deepEqual(
      entry.js.events.map((e) => [e.name, e.type]),
      (element.events ?? []).map((e) => [e.name, e.type.text]),
    );
  }
  const dialog = webTypes.contributions.html.elements.find((e) => e.name === 'edu-form-dialog');
  assert.equal(dialog.js.properties.find((p) => p.name === 'mode').type, "'add' | 'edit'");
  assert.ok(dialog.js.events.length > 0);
});

test('finishing is stable: the finished manifest finished again is the same', async () => {
  const types = await fieldTypes(
    elements.map((element) => {
      const module = manifest.modules.find((m) => m.declarations?.includes(element));
      return { ...element, sourcePath: module.path.replace(/^dist\/(.*)\.js$/, 'src/$1.ts') };
    }),
  );
  assert.deepEqual(finishManifest(manifest, types), manifest);
});
