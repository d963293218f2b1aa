/** The three version calls of spec part 2 §7 and the 404 of a service without them. */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareVersions, loadServices } from '../src/plugins/version.ts';
import { APPS } from '../src/db/seed-data.ts';
import { Client, forEachCase, freshJson, login, tempDataDir, useServer } from './helpers.ts';

const server = useServer({}, { resetBeforeEach: false });
const get = server.get;

describe('version calls', () => {
  it('answers the package file of the desktop front end from the newest seeded record', async () => {
    const body = await freshJson<Record<string, string>>(await get('/pages/base/package.json'));
    assert.deepEqual(Object.keys(body).sort(), ['appVersion', 'name', 'packageDate', 'serverVersion']);
    assert.equal(body.name, 'desktop');
    assert.equal(body.appVersion, '2.0.0');
    assert.equal(body.serverVersion, '2.0.0');
    assert.match(body.packageDate!, /^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers the server versions in an envelope, without a session', async () => {
    const { response, body } = await new Client(server.url).call('GET', '/api/base/nl/base_package_versions?_t=1');
    assert.equal(response.status, 200);
    assert.equal(body.status, 200);
    assert.deepEqual(Object.keys(body.data).sort(), ['date', 'serverVersion', 'webCodeVersion']);
    assert.equal(body.data.serverVersion, '2.0.0');
    assert.equal(body.data.webCodeVersion, '2.0.0');
    // A session changes nothing.
    const teacher = await login(server, 'teacher1');
    assert.deepEqual((await teacher.call('GET', '/api/base/nl/base_package_versions')).body.data, body.data);
  });

  it('answers the version list newest first with dated bilingual notes from the versions table', async () => {
    type Notes = { version: string; date: string; metto: { cn: string; en: string }[] }[];
    const list = await freshJson<Notes>(await get('/pages/base-version/version.json'));
    assert.deepEqual(
      list.map((v) => v.version),
      ['2.0.0', '1.9.0', '1.8.2'],
    );
    for (const entry of list) {
      assert.match(entry.date, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(entry.metto.length > 0);
      for (const note of entry.metto) {
        assert.equal(typeof note.cn, 'string');
        assert.equal(typeof note.en, 'string');
      }
    }
    assert.equal(list[0]!.metto[0]!.en, 'New desktop with top and left layouts');
    assert.ok(list[0]!.date > list[1]!.date);
  });

  it('serves the demo services: each mismatch direction and an empty list', async () => {
    const edu = (await (await get('/pages/edu/package.json')).json()) as Record<string, string>;
    const eduServer = (await new Client(server.url).call('GET', '/api/edu/nl/edu_package_versions')).body.data;
    assert.equal(compareVersions(edu.serverVersion!, eduServer.serverVersion), 1, 'edu front end needs a newer server');
    const hw = (await (await get('/pages/homework/package.json')).json()) as Record<string, string>;
    const hwServer = (await new Client(server.url).call('GET', '/api/homework/nl/homework_package_versions')).body.data;
    assert.equal(compareVersions(hwServer.webCodeVersion, hw.appVersion!), 1, 'homework needs a newer front end');
    assert.deepEqual(await freshJson(await get('/area/areaBase-version/version.json')), []);
  });

  it('answers the three version calls for the server id of every seeded app, under its deploy path', async () => {
    const services = new Map(APPS.map((app) => [app.serverId ?? 'base', app.deployPath ?? 'pages']));
    assert.ok(services.size >= 8);
    for (const [code, root] of services) {
      const pkg = await get(`/${root}/${code}/package.json`);
      assert.equal(pkg.status, 200, `${root}/${code} package`);
      assert.ok(((await pkg.json()) as { appVersion: string }).appVersion, code);
      assert.equal((await get(`/${root}/${code}-version/version.json`)).status, 200, `${root}/${code} notes`);
      const answer = await new Client(server.url).call('GET', `/api/${code}/nl/${code}_package_versions`);
      assert.equal(answer.body.status, 200, `${code} server version`);
    }
  });

  it('answers 404 for a service without version calls, an unknown code, a wrong root or file name', async () => {
    const missing = {
      'a service without version calls': [
        '/pages/payroll/package.json',
        '/pages/payroll-version/version.json',
        '/api/payroll/nl/payroll_package_versions',
      ],
      'an unknown code': ['/pages/nosuch/package.json', '/api/nosuch/nl/nosuch_package_versions'],
      'the wrong root': ['/area/base/package.json', '/pages/areaBase-version/version.json'],
      'the wrong file or call name': [
        '/pages/base/version.json',
        '/api/base/nl/edu_package_versions',
        '/api/base/nl/base_package_version',
      ],
    };
    await forEachCase(missing, async (path, label) => {
      const response = await get(path);
      assert.equal(response.status, 404, label);
      const body = (await response.json()) as { status: number; code: string };
      assert.equal(body.status, 404, label);
      assert.equal(body.code, 'not_found', label);
    });
  });

  it('leaves the other routes under /api/{code} and /{root}/{code} alone', async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await teacher.call('GET', '/api/base/unit/help_key')).body.status, 200);
    assert.equal((await get('/pages/base/lang/en-desktop.json')).status, 200);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await (await get('/api/docs/openapi.json')).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    assert.ok(paths.includes('/api/{code}/nl/{file}'), paths.join(' '));
    assert.ok(paths.includes('/{rootPath}/{code}/package.json'));
    assert.ok(paths.includes('/{rootPath}/{code}/version.json'));
  });

  it('refuses a broken services list', () => {
    const dir = tempDataDir();
    const file = join(dir, 'services.json');
    writeFileSync(file, JSON.stringify({ services: [{ code: '../x', root: 'pages', appCode: 'x', versions: 'db' }] }));
    assert.throws(() => loadServices(file), /bad service entry/);
    writeFileSync(file, JSON.stringify({ services: [{ code: 'x', root: 'pages', appCode: 'x', versions: [] }] }));
    assert.throws(() => loadServices(file), /needs package, server and versions/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('compareVersions', () => {
  it('compares segment by segment as 4-digit zero-padded numbers', () => {
    assert.equal(compareVersions('2.0.10', '2.0.9'), 1);
    assert.equal(compareVersions('1.10.0', '1.9.9'), 1);
    assert.equal(compareVersions('2.0', '2.0.0'), 0);
    assert.equal(compareVersions('1.8.2', '2.0.0'), -1);
  });
});
