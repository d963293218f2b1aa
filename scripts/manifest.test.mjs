// What the published custom-elements.json leaves out, checked on a fixture through the build's own steps: the
// elements package's `manifest` script (the analyser with the project's flags), then finishManifest of
// packages/elements/scripts/editor-data.mjs. Private members (`private`, `#x`, `_x`), protected ones and those marked
// `@internal` are not listed; a base class without a tag is no element; a class marked `@internal` is not there.
// (editor-data.test.mjs holds the real manifest to the same rules.)
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finishManifest } from '../packages/elements/scripts/editor-data.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const elementsDir = join(root, 'packages/elements');
const dir = mkdtempSync(join(tmpdir(), 'edu-manifest-'));

const fixture = {
  'src/internal/base.ts': `import { LitElement } from 'lit';

/** The base of every element (no tag). */
export class EduBase extends LitElement {
  /** Tags this element renders. */
  static dependencies = {};

  protected emit(): void {}

  /** @internal */
  wire(): void {}
}
`,
  'src/sample/sample.ts': `import { property, state } from 'lit/decorators.js';
import { EduBase } from '../internal/base.ts';

/**
 * A sample element.
 *
 * @tagname edu-sample
 */
export class EduSample extends EduBase {
  /** Its label. */
  @property() label = '';

  /** @internal */
  @property({ attribute: false }) plumbing = 0;

  @state() private busy = false;

  private secret = 1;

  #hidden = 2;

  _underscored = 3;

  protected guarded = 4;

  /** @internal */
  helper(): void {}

  /** Shows it. */
  show(): void {}
}

/** @internal */
export class EduInternalThing extends EduBase {}
`,
  'src/sample/sample.test.ts': `export const testOnly = 1;\n`,
};

let declarations;

before(() => {
  for (const [path, text] of Object.entries(fixture)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  // The package's own command, with the analyser from this repository.
  const { manifest } = JSON.parse(readFileSync(join(elementsDir, 'package.json'), 'utf8')).scripts;
  assert.match(manifest, /^cem analyze /);
  execSync(manifest.replace(/^cem /, `"${join(root, 'node_modules/.bin/cem')}" `), { cwd: dir, stdio: 'ignore' });
  const raw = JSON.parse(readFileSync(join(dir, 'custom-elements.json'), 'utf8'));
  declarations = finishManifest(raw).modules.flatMap((module) => module.declarations ?? []);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('the base class without a tag is no element, and only the tagged class is one', () => {
  const base = declarations.find((declaration) => declaration.name === 'EduBase');
  assert.ok(base, 'the base class is still described');
  assert.equal(base.customElement, undefined);
  assert.deepEqual(
    declarations.filter((declaration) => declaration.customElement).map((declaration) => declaration.tagName),
    ['edu-sample'],
  );
});

test('private, #, underscore, protected and @internal members are not listed; the public ones are', () => {
  const sample = declarations.find((declaration) => declaration.name === 'EduSample');
  assert.deepEqual(sample.members.map((member) => member.name).sort(), ['dependencies', 'label', 'show']);
  const base = declarations.find((declaration) => declaration.name === 'EduBase');
  assert.deepEqual(
    base.members.map((member) => member.name),
    ['dependencies'],
  );
  assert.deepEqual(
    sample.attributes.map((attribute) => attribute.name),
    ['label'],
  );
});

test('a class marked @internal and test files are not in it', () => {
  const names = declarations.map((declaration) => declaration.name);
  assert.ok(!names.includes('EduInternalThing'));
  assert.ok(!names.includes('testOnly'));
});
