/** The paged demo data set: GET, POST form and POST JSON answer `{list, total}`; `/all` answers an array. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, login, useServer } from './helpers.ts';
import { STUDENT_COUNT, generateStudents } from '../src/demo/students.ts';

const server = useServer({}, { resetBeforeEach: false });

const anonymous = () => new Client(server.url);

describe('paged demo students', () => {
  it('GET pages by start (1-based) and size and answers the total', async () => {
    const { response, body } = await anonymous().call('GET', '/api/demo/students?start=2&size=30&_t=1');
    assert.equal(response.status, 200);
    assert.equal(body.status, 200);
    assert.equal(body.data.total, STUDENT_COUNT);
    assert.equal(body.data.list.length, 30);
    assert.deepEqual(
      body.data.list.map((s: { id: number }) => s.id),
      Array.from({ length: 30 }, (_, i) => 31 + i),
    );
  });

  it('defaults to page 1 of 30 rows', async () => {
    const { body } = await anonymous().call('GET', '/api/demo/students');
    assert.equal(body.data.list.length, 30);
    assert.equal(body.data.list[0].id, 1);
  });

  it('answers 400-row pages, the last one short, and an empty list past the end with the real total', async () => {
    const full = await anonymous().call('GET', '/api/demo/students?start=1&size=400');
    assert.equal(full.body.data.list.length, 400);
    const last = await anonymous().call('GET', '/api/demo/students?start=5&size=400');
    assert.equal(last.body.data.list.length, 400);
    const partial = await anonymous().call('GET', '/api/demo/students?start=7&size=300');
    assert.equal(partial.body.data.list.length, STUDENT_COUNT - 6 * 300);
    const beyond = await anonymous().call('GET', '/api/demo/students?start=99&size=30');
    assert.equal(beyond.body.status, 200);
    assert.deepEqual(beyond.body.data, { list: [], total: STUDENT_COUNT });
  });

  it('POST takes a form body and a JSON body alike', async () => {
    const form = await anonymous().call('POST', '/api/demo/students', {
      form: { start: '3', size: '100', grade: '8' },
    });
    const json = await anonymous().call('POST', '/api/demo/students', { json: { start: 3, size: 100, grade: 8 } });
    assert.equal(form.body.status, 200);
    assert.deepEqual(form.body.data, json.body.data);
    assert.equal(form.body.data.list.length, 100);
    assert.ok(form.body.data.list.every((s: { grade: number }) => s.grade === 8));
    assert.ok(form.body.data.total > 600 && form.body.data.total < 700);
  });

  it('filters by keyword in Chinese, pinyin (any case) or student number, and by class and gender', async () => {
    const students = generateStudents();
    const sample = students[123]!;
    const surname = sample.nameEn.split(' ')[0]!;
    const byPinyin = await anonymous().call('GET', `/api/demo/students?size=1000&keyword=${surname.toLowerCase()}`);
    assert.ok(byPinyin.body.data.total > 0);
    assert.ok(byPinyin.body.data.list.every((s: { nameEn: string }) => s.nameEn.includes(surname)));
    const byNo = await anonymous().call('GET', `/api/demo/students?keyword=${sample.studentNo}`);
    assert.equal(byNo.body.data.total, 1);
    assert.equal(byNo.body.data.list[0].name, sample.name);
    const byName = await anonymous().call(
      'GET',
      `/api/demo/students?size=1000&keyword=${encodeURIComponent(sample.name)}`,
    );
    assert.ok(byName.body.data.list.some((s: { id: number }) => s.id === sample.id));
    const cls = await anonymous().call('GET', '/api/demo/students?grade=9&classNo=12&gender=female&size=100');
    assert.ok(cls.body.data.total > 10);
    for (const s of cls.body.data.list) {
      assert.equal(s.className, '初三(12)班');
      assert.equal(s.classNameEn, 'Grade 9, Class 12');
      assert.equal(s.gender, 'female');
    }
  });

  it('gives realistic, bilingual, stable records', async () => {
    const { body } = await anonymous().call('GET', '/api/demo/students?start=1&size=5');
    const again = await anonymous().call('GET', '/api/demo/students?start=1&size=5');
    assert.deepEqual(body.data, again.body.data);
    const s = body.data.list[0];
    assert.match(s.name, /^[\u4e00-\u9fa5]{2,4}$/);
    assert.match(s.nameEn, /^[A-Z][a-zü]+ [A-Z][a-z]+$/);
    assert.match(s.studentNo, /^20\d{8}$/);
    assert.match(s.birthDate, /^\d{4}-\d{2}-\d{2}$/);
    assert.match(s.guardianPhone, /^1\d{2}\*{4}\d{4}$/);
  });

  it('also pages by pageNo and pageSize, for lists configured with other keys', async () => {
    const { body } = await anonymous().call('GET', '/api/demo/students?pageNo=4&pageSize=100');
    assert.equal(body.data.list.length, 100);
    assert.equal(body.data.list[0].id, 301);
  });

  it('refuses bad paging values with field errors in the envelope', async () => {
    for (const query of ['start=0', 'size=0', 'size=5000', 'start=abc', 'grade=3']) {
      const { response, body } = await anonymous().call('GET', `/api/demo/students?${query}`);
      assert.equal(response.status, 200, query);
      assert.equal(body.status, 400, query);
      assert.equal(body.code, 'invalid_request');
      assert.ok(body.fieldErrors.length > 0, query);
      assert.equal(body.data, null);
    }
  });

  it('answers the non-paged variant as an array', async () => {
    const { body } = await anonymous().call('GET', '/api/demo/students/all?grade=7&classNo=1');
    assert.equal(body.status, 200);
    assert.ok(Array.isArray(body.data));
    assert.ok(body.data.length > 40 && body.data.length < 70);
    const all = await anonymous().call('GET', '/api/demo/students/all');
    assert.equal(all.body.data.length, STUDENT_COUNT);
  });

  it('deletes and restores only with a session; deletions shrink the total and empty the last page', async () => {
    const refused = await anonymous().call('POST', '/api/demo/students/delete', { json: { ids: [1] } });
    assert.equal(refused.body.status, 401);
    assert.equal((await anonymous().call('POST', '/api/demo/students/restore')).body.status, 401);

    const teacher = await login(server, 'teacher1');
    const empty = await teacher.call('POST', '/api/demo/students/delete', {
      json: { ids: [] },
      headers: { 'Sy-Language': 'en' },
    });
    assert.equal(empty.body.status, 400);
    assert.deepEqual(empty.body.fieldErrors, [{ field: 'ids', message: 'ids cannot be empty!' }]);

    // The last page of 30 holds ids 1981–2000; delete them all.
    const lastIds = Array.from({ length: 20 }, (_, i) => 1981 + i);
    const removed = await teacher.call('POST', '/api/demo/students/delete', { json: { ids: [...lastIds, 1981] } });
    assert.equal(removed.body.data, 20);
    const page67 = await teacher.call('GET', '/api/demo/students?start=67&size=30');
    assert.deepEqual(page67.body.data, { list: [], total: STUDENT_COUNT - 20 });
    const formDelete = await teacher.call('POST', '/api/demo/students/delete', { form: { ids: '5' } });
    assert.equal(formDelete.response.status, 415, 'a plain form (cross-site without a preflight) deletes nothing');
    const oneDelete = await teacher.call('POST', '/api/demo/students/delete', { json: { ids: [5] } });
    assert.equal(oneDelete.body.data, 1);
    const first = await teacher.call('GET', '/api/demo/students?start=1&size=5');
    assert.deepEqual(
      first.body.data.list.map((s: { id: number }) => s.id),
      [1, 2, 3, 4, 6],
    );

    const restored = await teacher.call('POST', '/api/demo/students/restore');
    assert.equal(restored.body.data, STUDENT_COUNT);
    const again = await teacher.call('GET', '/api/demo/students?start=67&size=30');
    assert.equal(again.body.data.list.length, 20);
  });

  it("gives every user a copy of their own: A's delete and restore never change B's pages", async () => {
    const a = await login(server, 'teacher1');
    const b = await login(server, 'parent1');
    const pages = async (client: Client) =>
      (await client.call('GET', '/api/demo/students?start=1&size=5')).body.data as {
        list: { id: number }[];
        total: number;
      };
    const ids = (data: { list: { id: number }[] }) => data.list.map((s) => s.id);

    assert.equal((await a.call('POST', '/api/demo/students/delete', { json: { ids: [1, 2] } })).body.data, 2);
    assert.deepEqual(ids(await pages(a)), [3, 4, 5, 6, 7]);
    assert.equal((await pages(a)).total, STUDENT_COUNT - 2);
    // B, a reader without a session, and B's JSON and /all calls all see the roster as generated.
    assert.deepEqual(await pages(b), await pages(anonymous()));
    assert.deepEqual(ids(await pages(b)), [1, 2, 3, 4, 5]);
    assert.equal((await pages(b)).total, STUDENT_COUNT);
    const bJson = await b.call('POST', '/api/demo/students', { json: { start: 1, size: 5 } });
    assert.deepEqual(ids(bJson.body.data), [1, 2, 3, 4, 5]);
    assert.equal((await b.call('GET', '/api/demo/students/all')).body.data.length, STUDENT_COUNT);

    // B deletes other rows, then restores: A's copy keeps its own deletions.
    assert.equal((await b.call('POST', '/api/demo/students/delete', { json: { ids: [3] } })).body.data, 1);
    assert.deepEqual(ids(await pages(b)), [1, 2, 4, 5, 6]);
    assert.deepEqual(ids(await pages(a)), [3, 4, 5, 6, 7]);
    await b.call('POST', '/api/demo/students/restore');
    assert.deepEqual(ids(await pages(a)), [3, 4, 5, 6, 7]);
    assert.deepEqual(ids(await pages(b)), [1, 2, 3, 4, 5]);

    // A's copy belongs to A, not to one session: a second login of A sees it too.
    const a2 = await login(server, 'teacher1');
    assert.deepEqual(ids(await pages(a2)), [3, 4, 5, 6, 7]);
    await a.call('POST', '/api/demo/students/restore');
    assert.deepEqual(ids(await pages(a2)), [1, 2, 3, 4, 5]);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const { body } = await anonymous().call('GET', '/api/docs/openapi.json');
    const paths = (body as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    assert.ok(paths['/api/demo/students']?.get && paths['/api/demo/students']?.post);
    assert.ok(paths['/api/demo/students/all']?.get);
    assert.ok(paths['/api/demo/students/delete']?.post);
  });
});
