// "Installs elsewhere": the way a school's developer adopts the kit. The four packages (core, elements, react and the
// server) are published with `npm publish` to a private registry started for the test (Verdaccio, as school vendors
// run for internal packages) and installed BY NAME into a fresh Vite + React + TypeScript project in a temporary
// folder outside the repository: it type-checks against the published declarations, builds with the server
// package's Vite helper, and runs in Chromium through `vite preview` and the helper's proxy against the reference
// server started from its own package bin, on React 19 and then React 18. A plain HTML page uses only the drop-in
// files of the elements package. The README's "Using the kit in your own project" gives the same commands.
//
// Measured and held: the size of a client install (`npm install @edu-portal/core @edu-portal/elements
// @edu-portal/react`, without the optional face and chart packages) and the first load of one wrapper imported from
// the package root against the same wrapper from its own module.
//
// The project's other dependencies are pinned to the versions this repository installed, so npm takes them from its
// cache (React 18 comes from the npm registry the first time).
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium } from '../scripts/chromium.mjs';
import { buildPackages } from '../scripts/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixture = join(root, 'install-test', 'fixture');
const PACKAGES = ['core', 'elements', 'react', 'server'];
const SCOPE = '@edu-portal';
/** A client install without face and charts stays under this many bytes. */
const CLIENT_INSTALL_LIMIT = 25 * 1024 * 1024;
/** The root import of one wrapper may cost this much more than the wrapper's own module. */
const ROOT_IMPORT_SLACK = 0.05;
/** React 18 for the second run (React 19 is the repository's own). */
const REACT_18 = { react: '18.3.1', 'react-dom': '18.3.1', '@types/react': '18.3.32', '@types/react-dom': '18.3.7' };
/** The heavy optional parts a client install must not bring. */
const OPTIONAL_PEERS = ['@tensorflow', '@vladmandic', 'echarts', 'opencc-js', 'zrender'];

const installedVersion = (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** No single install, type-check or build takes longer than this; a hang fails with what it printed. */
const COMMAND_TIMEOUT_MS = 600_000;

/** Runs a command; a failure carries what it printed (tsc reports on stdout). */
function run(command, args, cwd, env = {}) {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      timeout: COMMAND_TIMEOUT_MS,
    });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

/** Runs npm and returns what it printed on both streams (npm warns on stderr). */
function npm(args, cwd) {
  const result = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: COMMAND_TIMEOUT_MS,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${output}`);
  return output;
}

/** `npm install`, keeping its warnings in the returned text so the test can read them. */
function npmInstall(args, cwd) {
  return npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn', ...args], cwd);
}

/** A free loopback port. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Every long-running process the test started, so none outlives it (a child left running keeps node:test alive). */
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Terminal colour codes: tools colour their output on CI (picocolors does when `CI` is set), e.g. Vite's port. */
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const ANSI = /\x1b\[[0-9;]*m/g;

/** How long a process may take to say it is ready before the test gives up with what it printed. */
const READY_TIMEOUT_MS = 120_000;

/**
 * Spawns a long-running process and resolves with it once `ready(output)` gives a value; `output` has no colour codes.
 * Rejects (and kills it) when it exits first or says nothing ready within `READY_TIMEOUT_MS`. Without `ready`, the
 * caller checks readiness itself.
 */
function startProcess(command, args, cwd, env, ready) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const started = new Promise((resolve, reject) => {
    if (!ready) {
      resolve(undefined);
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`));
    }, READY_TIMEOUT_MS);
    const check = (chunk) => {
      output += chunk.replace(ANSI, '');
      const value = ready(output);
      if (value) {
        clearTimeout(timer);
        resolve(value);
      }
    };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}):\n${output}`));
    });
  });
  return { child, started };
}

/** Verdaccio on a loopback port with the kit's scope stored locally; resolves with its URL once it answers. */
async function startRegistry(dir) {
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(dir, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(dir, 'htpasswd')}`,
      'uplinks: {}',
      'packages:',
      `  '${SCOPE}/*':`,
      '    access: $all',
      '    publish: $authenticated',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const registry = startProcess(
    join(root, 'node_modules', '.bin', 'verdaccio'),
    ['--config', config, '--listen', `127.0.0.1:${port}`],
    dir,
    {},
    undefined,
  );
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(new URL('-/ping', url))).ok) return { child: registry.child, url, port };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  registry.child.kill('SIGTERM');
  throw new Error('Verdaccio did not start');
}

/** Signs a user up on the registry (what `npm adduser` does) and returns the token npm publishes with. */
async function registryToken(url) {
  const name = 'school-dev';
  const answer = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      password: 'install-test-only',
      type: 'user',
      roles: [],
      date: new Date().toISOString(),
    }),
  });
  const body = await answer.json();
  assert.ok(body.token, `the registry gave a token: ${JSON.stringify(body)}`);
  return body.token;
}

/** Bytes of every file under `dir`. */
function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * The first load of a built page: gzip bytes of its entry script, every chunk it imports statically (not the lazy
 * ones) and their CSS, from Vite's manifest.
 */
function firstLoad(outDir) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const files = new Set();
  const visit = (chunk) => {
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  visit(entry);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  return { bytes, files: [...files] };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The app's package.json: the kit by name from the registry, everything else at the repository's versions. */
function appManifest(react) {
  const pinned = (names) => Object.fromEntries(names.map((n) => [n, installedVersion(n)]));
  return {
    name: 'school-app',
    private: true,
    type: 'module',
    dependencies: {
      '@edu-portal/core': installedVersion('@edu-portal/core'),
      '@edu-portal/elements': installedVersion('@edu-portal/elements'),
      '@edu-portal/react': installedVersion('@edu-portal/react'),
      // The page uses face detection: the core's optional peers for it.
      ...pinned(['@vladmandic/face-api', '@tensorflow/tfjs-backend-wasm']),
      react: react.react,
      'react-dom': react['react-dom'],
    },
    devDependencies: {
      '@edu-portal/server': installedVersion('@edu-portal/server'),
      ...pinned(['vite', '@vitejs/plugin-react', 'typescript']),
      '@types/react': react['@types/react'],
      '@types/react-dom': react['@types/react-dom'],
    },
  };
}

/** Builds the app and serves it with `vite preview`, its proxy pointing at the reference server. */
async function buildAndPreview(project, api) {
  run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], project);
  run(join(project, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], project);
  cpSync(join(project, 'node_modules', '@edu-portal', 'elements', 'dist', 'cdn'), join(project, 'dist', 'cdn'), {
    recursive: true,
  });
  const port = await freePort();
  const preview = startProcess(
    join(project, 'node_modules', '.bin', 'vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    project,
    { EDU_API_TARGET: api },
    (output) => (output.includes(`:${port}`) ? `http://127.0.0.1:${port}` : undefined),
  );
  return { child: preview.child, url: await preview.started };
}

/** The React page: dialog, paged list (through the proxy), sign in; with `full`, also an upload and the face files. */
async function exerciseReactPage(browser, baseURL, { full }) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${baseURL}/`);
  await page.getByRole('button', { name: 'Open dialog' }).click();
  await page.locator('#dialog-body').waitFor({ state: 'visible' });
  assert.equal(await page.getByRole('dialog', { name: 'Hello from the kit' }).count(), 1);
  await page.keyboard.press('Escape');
  await page.locator('#dialog-body').waitFor({ state: 'hidden' });

  // The paged list asked the server (through the Vite helper's /api proxy) for page 1 and handed the rows to React.
  await page.locator('#students li').first().waitFor();
  assert.ok(Number(await page.locator('#total').textContent()) > 0, 'the list has a total from the server');

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .locator('edu-notice')
    .getByText(/^Signed in as .+/)
    .waitFor();
  assert.notEqual(await page.locator('#user').textContent(), '');

  if (full) {
    // <edu-upload> posts to /zuul/api/storage/upload: the helper's /zuul proxy carries it.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('edu-upload').getByRole('button', { name: '选择文件', exact: true }).click();
    await (
      await chooser
    ).setFiles({
      name: 'timetable.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\nMonday: maths, Chinese, PE\n'),
    });
    await page.locator('#uploaded', { hasText: /./ }).waitFor();
    assert.equal(await page.locator('#uploaded').textContent(), 'timetable.pdf');
    // The face detector loads face-api in its Worker and the model and wasm files the helper put into the build.
    await page.getByRole('button', { name: 'Check face detector' }).click();
    await page.locator('#face', { hasText: /./ }).waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('#face').textContent(), 'ready');
  }
  assert.deepEqual(errors, []);
  await page.close();
}

describe(
  'the packages published to a private registry, installed by name in fresh Vite + React projects',
  { timeout: 900_000 },
  () => {
    const work = mkdtempSync(join(tmpdir(), 'edu-install-'));
    const project = join(work, 'school-app');
    const clientOnly = join(work, 'client-only');
    let registry;
    let server;
    let preview;
    let browser;
    let api;
    let installOutput = '';

    /** The `.npmrc` of a project that takes the kit's scope from the school's registry. */
    const scopeRegistry = (dir) => writeFileSync(join(dir, '.npmrc'), `${SCOPE}:registry=${registry.url}\n`);

    before(async () => {
      buildPackages();
      registry = await startRegistry(join(work, 'registry'));
      const token = await registryToken(registry.url);
      // What the README says: publish the four workspaces to the registry (signed in with `npm login`).
      npm(
        [
          'publish',
          ...PACKAGES.flatMap((p) => ['-w', `packages/${p}`]),
          '--registry',
          registry.url,
          `--//127.0.0.1:${registry.port}/:_authToken=${token}`,
        ],
        root,
      );
    });

    after(async () => {
      await browser?.close();
      // Every child, also one whose start the test stopped waiting for.
      for (const child of children) child.kill('SIGTERM');
      rmSync(work, { recursive: true, force: true });
    });

    it('installs the client packages by name; without face and charts the install stays small', () => {
      mkdirSync(clientOnly);
      writeFileSync(join(clientOnly, 'package.json'), JSON.stringify({ name: 'client-only', private: true }, null, 2));
      scopeRegistry(clientOnly);
      // React comes along as the wrappers' peer dependency, at the repository's version.
      npmInstall(
        [
          '@edu-portal/core',
          '@edu-portal/elements',
          '@edu-portal/react',
          `react@${installedVersion('react')}`,
          `react-dom@${installedVersion('react-dom')}`,
        ],
        clientOnly,
      );
      // By name from the school's registry: the lock holds the very tarballs it serves.
      const lock = JSON.parse(readFileSync(join(clientOnly, 'package-lock.json'), 'utf8'));
      for (const name of ['core', 'elements', 'react']) {
        const entry = lock.packages[`node_modules/${SCOPE}/${name}`];
        const served = npm(
          ['view', `${SCOPE}/${name}@${entry.version}`, 'dist.integrity', '--registry', registry.url],
          clientOnly,
        );
        assert.equal(entry.integrity, served.trim(), `${name} came from the registry`);
      }
      const modules = join(clientOnly, 'node_modules');
      const present = OPTIONAL_PEERS.filter((name) => readdirSync(modules).includes(name));
      assert.deepEqual(present, [], 'no optional face, chart or conversion package was installed');
      const bytes = sizeOf(modules);
      console.log(
        `# client install (core, elements, react, with React): ${MB(bytes)} (limit ${MB(CLIENT_INSTALL_LIMIT)})`,
      );
      assert.ok(bytes <= CLIENT_INSTALL_LIMIT, `client install ${MB(bytes)} > ${MB(CLIENT_INSTALL_LIMIT)}`);
    });

    it('installs the app (React 19) by name, the server on Node 20 without engine warnings', () => {
      cpSync(fixture, project, { recursive: true });
      scopeRegistry(project);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify(
          appManifest({
            react: installedVersion('react'),
            'react-dom': installedVersion('react-dom'),
            '@types/react': installedVersion('@types/react'),
            '@types/react-dom': installedVersion('@types/react-dom'),
          }),
          null,
          2,
        ),
      );
      // Install scripts off: the one that matters, better-sqlite3's, compiles SQLite for minutes on two cores when no
      // prebuilt binary can be downloaded. The repository's own install built the same version for this Node, so its
      // binary is what npm would make here.
      installOutput = npmInstall(['--ignore-scripts'], project);
      assert.doesNotMatch(installOutput, /EBADENGINE/, installOutput);
      const sqlite = (base) => join(base, 'node_modules', 'better-sqlite3');
      assert.equal(
        JSON.parse(readFileSync(join(sqlite(project), 'package.json'), 'utf8')).version,
        installedVersion('better-sqlite3'),
      );
      mkdirSync(join(sqlite(project), 'build', 'Release'), { recursive: true });
      cpSync(
        join(sqlite(root), 'build', 'Release', 'better_sqlite3.node'),
        join(sqlite(project), 'build', 'Release', 'better_sqlite3.node'),
      );
      for (const name of ['core', 'elements', 'react', 'server']) {
        const dir = join(project, 'node_modules', '@edu-portal', name);
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        assert.equal(manifest.private, undefined, `${name} is publishable`);
        assert.ok(manifest.repository?.url, `${name} names its repository`);
        assert.ok(manifest.engines?.node, `${name} names the Node versions it needs`);
        const files = readdirSync(dir, { recursive: true });
        for (const file of ['README.md', 'LICENSE', join('dist', 'index.js'), join('dist', 'index.d.ts')]) {
          assert.ok(files.includes(file), `${name} ships ${file}`);
        }
        assert.ok(!files.some((f) => f.startsWith('src')), `${name} ships no sources`);
        // Source maps carry their sources, so a debugger and Vite show code that is there.
        for (const map of files.filter((f) => f.endsWith('.js.map'))) {
          const parsed = JSON.parse(readFileSync(join(dir, map), 'utf8'));
          assert.equal(parsed.sourcesContent?.length, parsed.sources.length, `${name}/${map} embeds its sources`);
        }
      }
    });

    it('says what the core needs when its client is called in Node, instead of a ReferenceError', () => {
      const script =
        "const core = await import('@edu-portal/core');" +
        "try { await core.loginWithPassword('teacher1', 'x'); console.log('no error'); }" +
        'catch (error) { console.log(`${error.name}: ${error.message}`); }';
      const out = run(process.execPath, ['--input-type=module', '-e', script], project);
      // In the default language, zh-CN.
      assert.match(out, /^Error: @edu-portal\/core 的请求客户端需要浏览器（XMLHttpRequest）/m);
    });

    it('converts zh-HK server texts only with the traditional entry, and says so without it', () => {
      const script = [
        'const warnings = [];',
        'console.warn = (message) => warnings.push(String(message));',
        "const core = await import('@edu-portal/core');",
        'const without = await core.loadTraditionalConverter();',
        'await new Promise((resolve) => setTimeout(resolve, 200));',
        "await import('@edu-portal/core/traditional');",
        'const withEntry = await core.loadTraditionalConverter();',
        "const text = core.serverText('登录后查看户口', '', 'zh-HK');",
        'console.log(JSON.stringify({ without, withEntry, warnings, text }));',
      ].join('\n');
      const result = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], project));
      assert.equal(result.without, false);
      assert.equal(result.warnings.length, 1);
      assert.match(result.warnings[0], /opencc-js.*import "@edu-portal\/core\/traditional"/);
      assert.equal(result.withEntry, true);
      assert.equal(result.text, '登入後查看戶口');
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

    it('tree-shakes a named root import to the wrapper it names (first load within 5 % of its own module)', () => {
      const vite = join(project, 'node_modules', '.bin', 'vite');
      const config = join(project, 'measure', 'vite.config.ts');
      const sizes = {};
      for (const entry of ['root', 'wrapper']) {
        const out = run(vite, ['build', '--config', config], project, { MEASURE_ENTRY: entry });
        const outDir = join(project, 'measure', `dist-${entry}`);
        sizes[entry] = firstLoad(outDir);
        const emitted = readdirSync(outDir, { recursive: true }).filter((f) => f.endsWith('.js'));
        // Nothing the page does not use is built: no charts, no converter dictionaries, no face Worker.
        assert.deepEqual(
          emitted.filter((f) => /echarts|opencc|cn2t|detector\.worker|face-api/.test(f)),
          [],
          `${entry}: ${emitted.join(', ')}`,
        );
        assert.doesNotMatch(out, /larger than 500 kB/, `${entry}: no chunk over Vite's warning size`);
      }
      const ratio = sizes.root.bytes / sizes.wrapper.bytes;
      console.log(
        `# first load of <EduDialog>: root import ${kB(sizes.root.bytes)}, own module ${kB(sizes.wrapper.bytes)} ` +
          `(${((ratio - 1) * 100).toFixed(1)} %)`,
      );
      assert.ok(ratio <= 1 + ROOT_IMPORT_SLACK, `root import ${kB(sizes.root.bytes)} vs ${kB(sizes.wrapper.bytes)}`);
    });

    it('type-checks against the published declarations and builds with the Vite helper, face files included', async () => {
      const help = run(join(project, 'node_modules', '.bin', 'edu-portal-server'), ['--help'], project);
      assert.match(help, /--port/);
      assert.match(help, /--data-dir/);
      server = startProcess(
        join(project, 'node_modules', '.bin', 'edu-portal-server'),
        ['--port', '0', '--data-dir', join(work, 'data')],
        project,
        { EDU_QUIET: '1' },
        (output) => /listening on (http:\/\/\S+?)\/?$/m.exec(output)?.[1],
      );
      api = await server.started;
      preview = await buildAndPreview(project, api);
      const built = readdirSync(join(project, 'dist', 'face-assets'), { recursive: true });
      assert.ok(built.includes(join('model', 'tiny_face_detector_model.bin')), 'the model is in the build');
      assert.ok(built.includes(join('wasm', 'tfjs-backend-wasm-simd.wasm')), 'the wasm backend is in the build');
      browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
    });

    it('runs on React 19: dialog, paged list, sign in, upload and face detector through the Vite helper', async () => {
      await exerciseReactPage(browser, preview.url, { full: true });
    });

    it('serves a plain page from the drop-in files only, the face files found beside them', async () => {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${preview.url}/plain.html`);
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await page.locator('#plain-body').waitFor({ state: 'visible' });
      await page
        .locator('edu-notice')
        .getByText(/^Dialog opened, [1-9]\d* students$/)
        .waitFor();
      // Only the elements the page uses were loaded.
      const unused = await page.evaluate(() => ['edu-header', 'edu-chart'].filter((tag) => customElements.get(tag)));
      assert.deepEqual(unused, []);
      await page.keyboard.press('Escape');
      await page.locator('#plain-body').waitFor({ state: 'hidden' });
      // The drop-in files sit in /cdn/: the detector fetched its files from /cdn/face-assets/, not the site root.
      await page.getByRole('button', { name: 'Check face detector' }).click();
      await page.locator('#face-state', { hasText: /./ }).waitFor({ timeout: 60_000 });
      assert.equal(await page.locator('#face-state').textContent(), `ready ${preview.url}/cdn/face-assets/`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('builds and runs the same app on React 18', async () => {
      preview.child.kill('SIGTERM');
      npmInstall(
        ['--ignore-scripts', ...Object.entries(REACT_18).map(([name, version]) => `${name}@${version}`)],
        project,
      );
      assert.equal(
        JSON.parse(readFileSync(join(project, 'node_modules', 'react', 'package.json'), 'utf8')).version,
        REACT_18.react,
      );
      preview = await buildAndPreview(project, api);
      await exerciseReactPage(browser, preview.url, { full: false });
    });
  },
);
