// `npm run new:element`: run against a temporary copy of just the files it edits, it writes every place of a new
// element, and a second run or a bad name fails with a clear message and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registeredTags } from './element-tags.mjs';
import { EDITED_FILES, createdFiles } from './new-element.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const script = join(root, 'scripts/new-element.mjs');

/** A temporary root holding a copy of each file the scaffold edits; removed after `fn`. */
function withCopy(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'new-element-'));
  try {
    for (const path of EDITED_FILES) cpSync(join(root, path), join(dir, path));
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = (dir, ...args) =>
  spawnSync(process.execPath, [script, ...args, '--root', dir, '--no-format', '--no-generate'], { encoding: 'utf8' });

/** Every file under `dir` the scaffold knows, with its text. */
const snapshot = (dir, name) =>
  Object.fromEntries(
    [...EDITED_FILES, ...createdFiles(name)].map((path) => [
      path,
      existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : null,
    ]),
  );

test('writes the element, its styles, test, registrations, strings, demo page, route, nav entry and catalogue row', () =>
  withCopy((dir) => {
    const result = run(dir, 'rating-bar', '--zh-CN', '评分条', '--zh-HK', '評分條', '--summary', 'Stars for a rating');
    assert.equal(result.status, 0, result.stderr);
    const read = (path) => readFileSync(join(dir, path), 'utf8');
    const element = read('packages/elements/src/rating-bar/rating-bar.ts');
    assert.match(element, /export class EduRatingBar extends EduElement \{/);
    assert.match(element, /import \{ EduElement \} from '\.\.\/internal\/edu-element\.ts';/);
    assert.match(element, /@tagname edu-rating-bar/);
    assert.match(element, /@summary Stars for a rating/);
    assert.match(element, /msg\('评分条', \{ id: 'ratingBar\.label' \}\)/);
    assert.match(element, /'edu-rating-bar': EduRatingBar;/);
    const styles = read('packages/elements/src/rating-bar/rating-bar.styles.ts');
    assert.match(styles, /export const ratingBarStyles = css`/);
    assert.match(styles, /padding: var\(--edu-rating-bar-padding, \$\{space2\} \$\{space3\}\);/);
    const spec = read('packages/elements/src/rating-bar/rating-bar.test.ts');
    assert.match(spec, /from '\.\.\/internal\/test-utils\.ts'/);
    assert.match(spec, /\['zh-CN', 'en', 'zh-HK'\]/);
    assert.match(spec, /to\.be\.accessible\(\)/);
    assert.match(spec, /'zh-CN': '评分条', en: 'Rating bar', 'zh-HK': '評分條'/);

    const define = read('packages/elements/src/define.ts');
    assert.match(define, /^import \{ EduRatingBar \} from '\.\/rating-bar\/rating-bar\.ts';$/m);
    assert.match(define, /^ {2}'edu-rating-bar': EduRatingBar,\n\} as const;/m);
    assert.deepEqual(registeredTags(dir), [...registeredTags(), 'edu-rating-bar'].sort());
    assert.match(
      read('packages/elements/src/autoloader.ts'),
      /^ {2}'edu-rating-bar': \(\) => import\('\.\/rating-bar\/rating-bar\.ts'\)\.then\(\(m\) => m\.EduRatingBar\),\n\};/m,
    );
    assert.match(
      read('packages/elements/src/index.ts'),
      /^export \{ EduRatingBar \} from '\.\/rating-bar\/rating-bar\.ts';$/m,
    );
    assert.match(
      read('packages/elements/src/internal/edu-element.test.ts'),
      /^ {2}'edu-rating-bar': \['rating-bar\/rating-bar\.ts', 'EduRatingBar'\],\n\};/m,
    );
    for (const [locale, target] of [
      ['en', 'Rating bar'],
      ['zh-HK', '評分條'],
    ]) {
      assert.ok(
        read(`packages/elements/xliff/${locale}.xlf`).includes(
          `<trans-unit id="ratingBar.label">\n  <source>评分条</source>\n  <target>${target}</target>\n</trans-unit>\n</body>`,
        ),
        `${locale}.xlf`,
      );
      const module = read(`packages/elements/src/generated/locales/${locale}.ts`);
      assert.ok(module.includes(`\n'ratingBar.label': \`${target}\`,\n`), `${locale}.ts`);
      // Where lit-localize puts it: ids in localeCompare order.
      const ids = [...module.matchAll(/^\s*'([^']+)': /gm)].map((m) => m[1]);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a.localeCompare(b)),
        `${locale}.ts stays sorted`,
      );
    }

    const page = read('demo/src/pages/blocks/rating-bar.tsx');
    assert.match(page, /import \{ EduRatingBar \} from '@edu-portal\/react\/wrappers\/edu-rating-bar\.ts';/);
    assert.match(page, /export function RatingBarPage\(\)/);
    const routes = read('demo/src/routes.tsx');
    assert.match(routes, /path: 'blocks\/rating-bar',/);
    assert.match(routes, /import\('\.\/pages\/blocks\/rating-bar\.tsx'\)/);
    assert.match(routes, /handle: shows\('edu-rating-bar'\),/);
    assert.match(
      read('demo/src/catalogue-layout.tsx'),
      /<NavLink to="\/blocks\/rating-bar">\{t\.navRatingBar\}<\/NavLink>/,
    );
    const navTexts = [...read('demo/src/i18n.ts').matchAll(/^ {2}navRatingBar: '([^']*)',$/gm)].map((m) => m[1]);
    assert.deepEqual(navTexts, ['评分条', 'Rating bar', '評分條']);
    assert.match(read('e2e/csp.spec.ts'), /^ {2}'blocks\/rating-bar',\n\];/m);
    assert.match(read('README.md'), /^\| `<edu-rating-bar>` \| `EduRatingBar` \| Stars for a rating \|$/m);

    // Every file it claims is written, and every edited file changed.
    for (const path of createdFiles('rating-bar')) assert.ok(existsSync(join(dir, path)), path);
    for (const path of EDITED_FILES) {
      assert.notEqual(read(path), readFileSync(join(root, path), 'utf8'), `${path} edited`);
    }
    assert.match(result.stdout, /<edu-rating-bar> created:/);
  }));

test('a second run for the same name fails and changes nothing', () =>
  withCopy((dir) => {
    assert.equal(run(dir, 'rating-bar').status, 0);
    const before = snapshot(dir, 'rating-bar');
    const again = run(dir, 'rating-bar');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /new:element: <edu-rating-bar> exists already/);
    assert.deepEqual(snapshot(dir, 'rating-bar'), before);
  }));

test('a name whose demo page exists already fails', () =>
  withCopy((dir) => {
    cpSync(join(root, 'demo/src/pages/blocks/export.tsx'), join(dir, 'demo/src/pages/blocks/export.tsx'));
    const result = run(dir, 'export');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /"export" is taken: demo\/src\/pages\/blocks\/export\.tsx exists already/);
  }));

test('an element of the kit is taken: its name fails', () =>
  withCopy((dir) => {
    // The copy holds no element folders; define.ts still names <edu-empty>.
    const result = run(dir, 'empty');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /<edu-empty> exists already \(packages\/elements\/src\/define\.ts names it\)/);
  }));

test('bad names and options fail with a clear message and write nothing', () =>
  withCopy((dir) => {
    const before = snapshot(dir, 'x');
    for (const [args, message] of [
      [[], /give the element a name: npm run new:element -- rating-bar/],
      [['Rating_Bar'], /"Rating_Bar" is not a valid name: lower-case letters, digits and single hyphens/],
      [['rating--bar'], /is not a valid name/],
      [['-rating'], /unknown option -rating/],
      [['9lives'], /is not a valid name/],
      [['edu-rating'], /give the name without the edu- prefix \(rating\)/],
      [['internal'], /"internal" is a folder of the package, not an element/],
      [['rating', 'bar'], /one name only/],
      [['rating', '--en'], /--en needs a value/],
      [['rating', '--en', "It's"], /--en "It's" has a character the scaffold does not escape/],
      [['rating', '--summary', 'a | b'], /--summary "a \| b" has a character/],
    ]) {
      const result = run(dir, ...args);
      assert.equal(result.status, 1, args.join(' '));
      assert.match(result.stderr, message, args.join(' '));
      assert.doesNotMatch(result.stderr, /at .*new-element\.mjs/, 'a message, not a stack trace');
    }
    assert.deepEqual(snapshot(dir, 'x'), before);
  }));

test('a shared file without the place it writes into fails before anything is written', () =>
  withCopy((dir) => {
    rmSync(join(dir, 'e2e/csp.spec.ts'));
    const result = run(dir, 'rating-bar');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /e2e\/csp\.spec\.ts is missing/);
    assert.ok(!existsSync(join(dir, 'packages/elements/src/rating-bar')));
    assert.equal(
      readFileSync(join(dir, 'packages/elements/src/define.ts'), 'utf8'),
      readFileSync(join(root, 'packages/elements/src/define.ts'), 'utf8'),
    );
  }));
