// "Installs elsewhere" (issue 15): the packed tarballs of core, elements, react and the server go into a fresh
// Vite + React + TypeScript project in a temporary folder outside the repository, which type-checks against the
// published declarations, builds, and runs in Chromium against the reference server started from its own package
// bin; a plain HTML page uses only the CDN-style files of the elements package.
//
// The project's other dependencies are pinned to the versions this repository installed, so npm takes them from its
// cache (no network needed after the repository's own install).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium } from '../scripts/chromium.mjs';
import { buildPackages } from '../scripts/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixture = join(root, 'install-test', 'fixture');
const PACKAGES = ['core', 'elements', 'react', 'server'];

const installedVersion = (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** Runs a command; a failure carries what it printed (tsc reports on stdout). */
function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

/** Starts the installed `edu-portal-server` bin and resolves with its URL once it listens. */
function startServer(project, dataDir) {
  const bin = join(project, 'node_modules', '.bin', 'edu-portal-server');
  const child = spawn(bin, ['--port', '0', '--data-dir', dataDir, '--static-dir', join(project, 'dist')], {
    cwd: project,
    env: { ...process.env, EDU_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const m = /listening on (http:\/\/\S+?)\/?$/m.exec(output);
      if (m) resolve(m[1]);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`edu-portal-server exited (${code}):\n${output}`)));
  });
  return { child, listening };
}

describe('the packed packages in a fresh Vite + React + TypeScript project', { timeout: 600_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'edu-install-'));
  const packs = join(work, 'packs');
  const project = join(work, 'school-app');
  let server;
  let browser;
  let baseURL;

  before(async () => {
    buildPackages();
    mkdirSync(packs);
    run('npm', ['pack', ...PACKAGES.flatMap((p) => ['-w', `packages/${p}`]), '--pack-destination', packs], root);
    const tarball = (name) => {
      const file = readdirSync(packs).find((f) => f.startsWith(`edu-portal-${name}-`) && f.endsWith('.tgz'));
      assert.ok(file, `npm pack made the ${name} tarball`);
      return `file:${join(packs, file)}`;
    };
    cpSync(fixture, project, { recursive: true });
    const pinned = (names) => Object.fromEntries(names.map((n) => [n, installedVersion(n)]));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify(
        {
          name: 'school-app',
          private: true,
          type: 'module',
          dependencies: {
            '@edu-portal/core': tarball('core'),
            '@edu-portal/elements': tarball('elements'),
            '@edu-portal/react': tarball('react'),
            ...pinned(['react', 'react-dom']),
          },
          devDependencies: {
            '@edu-portal/server': tarball('server'),
            ...pinned(['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom']),
          },
        },
        null,
        2,
      ),
    );
    // Install scripts off: the one that matters, better-sqlite3's, compiles SQLite for minutes on two cores when no
    // prebuilt binary can be downloaded. The repository's own install built the same version for this Node, so its
    // binary is what npm would make here.
    run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts'],
      project,
    );
    const sqlite = (base) => join(base, 'node_modules', 'better-sqlite3');
    assert.equal(
      JSON.parse(readFileSync(join(sqlite(project), 'package.json'), 'utf8')).version,
      installedVersion('better-sqlite3'),
    );
    cpSync(
      join(sqlite(root), 'build', 'Release', 'better_sqlite3.node'),
      join(sqlite(project), 'build', 'Release', 'better_sqlite3.node'),
    );
  });

  after(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  });

  it('installs outside the workspace: the packages come from the tarballs, built, not as sources', () => {
    for (const name of ['core', 'elements', 'react']) {
      const manifest = JSON.parse(
        readFileSync(join(project, 'node_modules', '@edu-portal', name, 'package.json'), 'utf8'),
      );
      assert.equal(manifest.private, undefined, `${name} is publishable`);
      const files = readdirSync(join(project, 'node_modules', '@edu-portal', name), { recursive: true });
      assert.ok(files.includes(join('dist', 'index.js')), `${name} ships dist/index.js`);
      assert.ok(files.includes(join('dist', 'index.d.ts')), `${name} ships its declarations`);
      assert.ok(!files.some((f) => f.startsWith('src')), `${name} ships no sources`);
    }
  });

  it('gives editors the tags, attributes and events (VS Code custom data, JetBrains web-types)', () => {
    const elements = join(project, 'node_modules', '@edu-portal', 'elements');
    const manifest = JSON.parse(readFileSync(join(elements, 'package.json'), 'utf8'));
    const vscode = JSON.parse(readFileSync(join(elements, 'vscode.html-custom-data.json'), 'utf8'));
    const dialog = vscode.tags.find((tag) => tag.name === 'edu-dialog');
    assert.ok(dialog.attributes.some((attribute) => attribute.name === 'open'));
    const webTypes = JSON.parse(readFileSync(join(elements, manifest['web-types']), 'utf8'));
    const upload = webTypes.contributions.html.elements.find((element) => element.name === 'edu-upload');
    assert.ok(upload.js.events.some((event) => event.name === 'edu-upload-success'));
    assert.equal(webTypes.contributions.html.elements.length, vscode.tags.length);
  });

  it('type-checks against the published declarations and builds with Vite', () => {
    run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], project);
    run(join(project, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], project);
    cpSync(join(project, 'node_modules', '@edu-portal', 'elements', 'dist', 'cdn'), join(project, 'dist', 'cdn'), {
      recursive: true,
    });
  });

  it('runs the reference server from its package bin', async () => {
    const help = run(join(project, 'node_modules', '.bin', 'edu-portal-server'), ['--help'], project);
    assert.match(help, /--port/);
    assert.match(help, /--data-dir/);
    server = startServer(project, join(work, 'data'));
    baseURL = await server.listening;
    browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
  });

  it('renders a React page with EduDialog, EduNotice, EduPagedList and the core client', async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${baseURL}/`);
    await page.getByRole('button', { name: 'Open dialog' }).click();
    await page.locator('#dialog-body').waitFor({ state: 'visible' });
    assert.equal(await page.getByRole('dialog', { name: 'Hello from the kit' }).count(), 1);
    await page.keyboard.press('Escape');
    await page.locator('#dialog-body').waitFor({ state: 'hidden' });

    // The paged list asked the server for page 1 and handed the rows to React.
    await page.locator('#students li').first().waitFor();
    assert.ok(Number(await page.locator('#total').textContent()) > 0, 'the list has a total from the server');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .locator('edu-notice')
      .getByText(/^Signed in as .+/)
      .waitFor();
    assert.notEqual(await page.locator('#user').textContent(), '');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('serves a plain page from the CDN-style files only', async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${baseURL}/plain.html`);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.locator('#plain-body').waitFor({ state: 'visible' });
    await page
      .locator('edu-notice')
      .getByText(/^Dialog opened, [1-9]\d* students$/)
      .waitFor();
    // Only the elements the page uses were loaded.
    const unused = await page.evaluate(() => ['edu-header', 'edu-chart'].filter((tag) => customElements.get(tag)));
    assert.deepEqual(unused, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
