import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  captureNotices,
  configureServer,
  loginAs,
  logoutServer,
  resetServer,
  serverCalls,
} from '@edu-portal/core/test-support/server.ts';
import { defineElement } from '../internal/define-element.ts';
import { describeNode, switchLanguage, waitUntil } from '../internal/test-utils.ts';
import { EduPagedList, type EduPageChangeDetail, type PageApi } from './paged-list.ts';

defineElement('edu-paged-list', EduPagedList);

const STUDENTS: PageApi = { api: '/api/demo/students' };
const TOTAL = 2000;

interface Student {
  id: number;
  name: string;
  studentNo: string;
  grade: number;
}

type List = EduPagedList<Student>;

function parts(el: List) {
  const root = el.shadowRoot!;
  return {
    nav: root.querySelector<HTMLElement>('nav')!,
    total: root.querySelector<HTMLElement>('[part="total"]'),
    sizes: root.querySelector<HTMLSelectElement>('[part="sizes"]')!,
    prev: root.querySelector<HTMLButtonElement>('[part="prev"]')!,
    next: root.querySelector<HTMLButtonElement>('[part="next"]')!,
    pages: [...root.querySelectorAll<HTMLButtonElement>('[part~="page"]')],
    current: root.querySelector<HTMLButtonElement>('[aria-current="page"]'),
    more: [...root.querySelectorAll<HTMLButtonElement>('[part="more"]')],
    loading: root.querySelector<HTMLElement>('[part="loading"]')!,
    empty: root.querySelector<HTMLElement>('[part="empty"]')!,
    body: root.querySelector<HTMLElement>('[part="body"]')!,
    status: root.querySelector<HTMLElement>('[role="status"]')!,
  };
}

/** The labels of the pager in order: page numbers and "…" for the more buttons. */
function pagerText(el: List): string[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="pager"] button')].map((b) =>
    b.getAttribute('part') === 'more' ? '…' : b.textContent!.trim(),
  );
}

function rowTexts(el: HTMLElement): string[][] {
  return [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent ?? ''));
}

function recordEvents(el: HTMLElement) {
  const changes: EduPageChangeDetail[] = [];
  const loads: { page: number; size: number; total: number; ids: number[] }[] = [];
  const errors: unknown[] = [];
  el.addEventListener('edu-page-change', (e) => changes.push(e.detail));
  el.addEventListener('edu-page-load', (e) =>
    loads.push({ ...e.detail, ids: (e.detail.list as Student[]).map((s) => s.id) }),
  );
  el.addEventListener('edu-page-error', (e) => errors.push(e.detail.error));
  return { changes, loads, errors };
}

async function list(api: PageApi | null = STUDENTS, extra: Partial<List> = {}): Promise<List> {
  const el = await fixture<List>(html`
    <edu-paged-list .pageApi=${api}>
      <table>
        <tbody data-rows></tbody>
      </table>
      <template
        ><tr>
          <td data-field="$number"></td>
          <td data-field="name"></td>
          <td data-field="studentNo"></td></tr
      ></template>
    </edu-paged-list>
  `);
  Object.assign(el, extra);
  await el.settled();
  return el;
}

/** Records the method, content type and body of every XHR the client sends. */
function spyRequests() {
  const sent: { method: string; url: string; type: string | null; body: string | null }[] = [];
  const open = XMLHttpRequest.prototype.open;
  const setHeader = XMLHttpRequest.prototype.setRequestHeader;
  const send = XMLHttpRequest.prototype.send;
  const info = new WeakMap<XMLHttpRequest, { method: string; url: string; type: string | null }>();
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
    info.set(this, { method, url: String(url), type: null });
    // eslint-disable-next-line prefer-rest-params
    return open.apply(this, arguments as unknown as Parameters<typeof open>);
  } as typeof open;
  XMLHttpRequest.prototype.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
    const entry = info.get(this);
    if (entry && name.toLowerCase() === 'content-type') entry.type = value;
    return setHeader.call(this, name, value);
  };
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const entry = info.get(this);
    if (entry) sent.push({ ...entry, body: typeof body === 'string' ? body : body == null ? null : String(body) });
    return send.call(this, body);
  };
  return {
    sent,
    restore() {
      XMLHttpRequest.prototype.open = open;
      XMLHttpRequest.prototype.setRequestHeader = setHeader;
      XMLHttpRequest.prototype.send = send;
    },
  };
}

describe('<edu-paged-list>', () => {
  beforeEach(async () => {
    await resetServer();
  });

  afterEach(async () => {
    fixtureCleanup();
    await configureServer({ delayMs: 0, failPaths: [] });
    await switchLanguage('zh-CN');
  });

  describe('loading and layout', () => {
    it('loads page 1 of 30 by GET with start and size, renders the rows and lays out total, sizes, prev, pager, next', async () => {
      const el = await list();
      const p = parts(el);
      expect(el.page).to.equal(1);
      expect(el.size).to.equal(30);
      expect(el.total).to.equal(TOTAL);
      expect(el.list).to.have.length(30);
      const rows = rowTexts(el);
      expect(rows).to.have.length(30);
      expect(rows[0]![0]).to.equal('1');
      expect(rows[29]![0]).to.equal('30');
      expect(rows[0]![1]).to.equal(el.list[0]!.name);
      expect(rows[0]![2]).to.equal(el.list[0]!.studentNo);
      const order = [...p.nav.children].map((c) => c.getAttribute('part'));
      expect(order).to.deep.equal(['total', 'sizes', 'prev', 'pager', 'next']);
      expect(p.total!.textContent).to.equal('共 2000 条');
      expect([...p.sizes.options].map((o) => o.value)).to.deep.equal(['30', '100', '200', '300', '400']);
      expect(p.sizes.value).to.equal('30');
      expect(pagerText(el)).to.deep.equal(['1', '2', '3', '4', '5', '6', '…', '67']);
      expect(p.current!.textContent!.trim()).to.equal('1');
      expect(p.prev.disabled).to.equal(true);
      expect(p.next.disabled).to.equal(false);
      expect((await serverCalls())['GET /api/demo/students']).to.equal(1);
    });

    it('shows a loading mask with aria-busy while a page loads', async () => {
      await configureServer({ delayMs: 400 });
      const el = await fixture<List>(html`<edu-paged-list .pageApi=${STUDENTS}></edu-paged-list>`);
      await waitUntil(() => el.loading, 'loading');
      const p = parts(el);
      expect(el.hasAttribute('loading')).to.equal(true);
      expect(p.body.getAttribute('aria-busy')).to.equal('true');
      expect(p.loading.hidden).to.equal(false);
      expect(p.loading.textContent).to.contain('加载中');
      expect(p.empty.hidden).to.equal(true);
      await el.settled();
      expect(el.hasAttribute('loading')).to.equal(false);
      expect(p.body.getAttribute('aria-busy')).to.equal('false');
      expect(p.loading.hidden).to.equal(true);
    });

    it('keeps the loading indicator on screen in a list taller than the window (loading indicator in long lists)', async () => {
      const el = await fixture<List>(html`
        <edu-paged-list .pageApi=${STUDENTS}>
          <table>
            <tbody data-rows></tbody>
          </table>
          <template
            ><tr style="height: 47px">
              <td data-field="name"></td></tr
          ></template>
        </edu-paged-list>
      `);
      await el.settled();
      const spinner = () => el.shadowRoot!.querySelector<HTMLElement>('[part="spinner"]')!.getBoundingClientRect();
      const inView = (r: DOMRect) => r.top >= 0 && r.bottom <= innerHeight;
      expect(parts(el).body.getBoundingClientRect().height).to.be.greaterThan(innerHeight * 1.5);
      try {
        // Paging at the bottom of the list, where the pager is.
        parts(el).next.scrollIntoView({ block: 'end' });
        await configureServer({ delayMs: 600 });
        parts(el).next.click();
        await waitUntil(() => el.loading, 'loading');
        await el.updateComplete;
        expect(inView(spinner()), `spinner at ${spinner().top} of ${innerHeight}`).to.equal(true);
        await el.settled();
        // And at the top of the list, loading again.
        window.scrollTo(0, 0);
        el.page = 3;
        await waitUntil(() => el.loading, 'loading');
        await el.updateComplete;
        expect(inView(spinner()), `spinner at ${spinner().top} of ${innerHeight}`).to.equal(true);
        await el.settled();
      } finally {
        window.scrollTo(0, 0);
      }
    });

    it('follows another layout, with a jumper, and can hide the pager on a single page', async () => {
      const el = await list({ ...STUDENTS, params: { keyword: 'no-such-student' } }, {
        layout: 'prev, next, jumper, total',
      } as Partial<List>);
      await el.updateComplete;
      const order = [...parts(el).nav.children].map((c) => c.getAttribute('part'));
      expect(order).to.deep.equal(['prev', 'next', 'jumper', 'total']);
      expect(el.total).to.equal(0);
      expect(parts(el).empty.hidden).to.equal(false);
      expect(parts(el).empty.textContent).to.contain('暂无数据');
      el.hideOnSinglePage = true;
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('nav')).to.equal(null);
    });

    it('renders rows with a render function, again when the language changes', async () => {
      const el = await fixture<List>(html`<edu-paged-list .pageApi=${STUDENTS}></edu-paged-list>`);
      el.renderItems = (rows, state) =>
        html`<ol start=${(state.page - 1) * state.size + 1}>
          ${rows.map((s) => html`<li>${s.name}</li>`)}
        </ol>`;
      await el.settled();
      const items = el.querySelectorAll('[data-rows] li');
      expect(items).to.have.length(30);
      expect(items[0]!.textContent).to.equal(el.list[0]!.name);
      el.page = 2;
      await el.settled();
      expect(el.querySelector('[data-rows] ol')!.getAttribute('start')).to.equal('31');
      // A render function may print localised text: it runs again when the language changes.
      let calls = 0;
      const render = el.renderItems!;
      el.renderItems = (rows, state) => (calls++, render(rows, state));
      await el.updateComplete;
      expect(calls).to.equal(1);
      await switchLanguage('en');
      await el.updateComplete;
      expect(calls).to.equal(2);
    });

    it('leaves the rows to the host when there is neither template nor render function', async () => {
      const el = await fixture<List>(html`<edu-paged-list .pageApi=${STUDENTS}><p>host</p></edu-paged-list>`);
      const loaded = await oneEvent(el, 'edu-page-load');
      expect(loaded.detail.list).to.have.length(30);
      expect(loaded.detail.total).to.equal(TOTAL);
      expect(el.querySelector('[data-rows]')).to.equal(null);
    });

    it('reads a non-paged answer (data is an array) as one page of every row', async () => {
      const el = await list({ api: '/api/demo/students/all', params: { grade: 7, classNo: 1 } });
      expect(el.list.length).to.be.greaterThan(40);
      expect(el.total).to.equal(el.list.length);
      expect(pagerText(el)).to.deep.equal(['1']);
    });

    it('sets up from attributes, for plain pages', async () => {
      const el = await fixture<List>(html`
        <edu-paged-list
          page-api='{"api": "/api/demo/students", "params": {"grade": 9}}'
          page="2"
          size="100"
          page-sizes="50,100"
        ></edu-paged-list>
      `);
      await el.settled();
      expect(el.page).to.equal(2);
      expect(el.list).to.have.length(100);
      expect(el.list.every((s) => s.grade === 9)).to.equal(true);
      expect([...parts(el).sizes.options].map((o) => o.value)).to.deep.equal(['50', '100']);
    });
  });

  describe('methods, keys and parameters', () => {
    it('sends get as query, post as a form and post-json as JSON, each with the parameters and the page keys', async () => {
      const spy = spyRequests();
      try {
        for (const method of ['get', 'post', 'post-json'] as const) {
          const el = await list({ ...STUDENTS, method, params: { grade: 8 } }, { page: 2 } as Partial<List>);
          expect(el.list.every((s) => s.grade === 8)).to.equal(true, method);
          expect(el.list[0]!.id).to.be.greaterThan(667);
          fixtureCleanup();
        }
        const [get] = spy.sent.filter((r) => r.method === 'GET');
        expect(get!.url)
          .to.match(/[?&]grade=8/)
          .and.match(/[?&]start=2/)
          .and.match(/[?&]size=30/);
        const posts = spy.sent.filter((r) => r.method === 'POST');
        const form = posts.find((r) => r.type?.startsWith('application/x-www-form-urlencoded'));
        const json = posts.find((r) => r.type?.startsWith('application/json'));
        expect(new URLSearchParams(form!.body!).get('start')).to.equal('2');
        expect(new URLSearchParams(form!.body!).get('grade')).to.equal('8');
        expect(JSON.parse(json!.body!)).to.deep.equal({ grade: 8, start: 2, size: 30 });
      } finally {
        spy.restore();
      }
    });

    it('uses page and size keys of the configuration', async () => {
      const spy = spyRequests();
      try {
        const el = await list({ ...STUDENTS, pageKey: 'pageNo', sizeKey: 'pageSize' }, {
          page: 4,
          size: 100,
        } as Partial<List>);
        expect(el.list[0]!.id).to.equal(301);
        const last = spy.sent.at(-1)!;
        expect(last.url)
          .to.match(/pageNo=4/)
          .and.match(/pageSize=100/);
        expect(last.url).to.not.match(/[?&]start=/);
      } finally {
        spy.restore();
      }
    });

    it('a new query starts at page 1; an equal configuration object causes no request', async () => {
      const el = await list(STUDENTS, { page: 3 } as Partial<List>);
      expect(el.page).to.equal(3);
      const before = (await serverCalls())['GET /api/demo/students'];
      el.pageApi = { api: '/api/demo/students' };
      await el.settled();
      expect((await serverCalls())['GET /api/demo/students']).to.equal(before);
      const events = recordEvents(el);
      el.pageApi = { ...STUDENTS, params: { grade: 7 } };
      await el.settled();
      expect(el.page).to.equal(1);
      expect(el.list.every((s) => s.grade === 7)).to.equal(true);
      expect(events.changes).to.deep.equal([]);
      expect(events.loads.map((l) => l.page)).to.deep.equal([1]);
    });
  });

  describe('user actions and events', () => {
    it('next, prev, a page number and the more buttons each fire one edu-page-change and load that page', async () => {
      const el = await list();
      const events = recordEvents(el);
      parts(el).next.click();
      await el.settled();
      expect(el.page).to.equal(2);
      expect(rowTexts(el)[0]![0]).to.equal('31');
      expect(events.loads.at(-1)!.ids[0]).to.equal(31);
      parts(el)
        .pages.find((b) => b.textContent!.trim() === '5')!
        .click();
      await el.settled();
      expect(el.page).to.equal(5);
      expect(pagerText(el)).to.deep.equal(['1', '…', '3', '4', '5', '6', '7', '…', '67']);
      parts(el).more[1]!.click();
      await el.settled();
      expect(el.page).to.equal(10);
      parts(el).more[0]!.click();
      await el.settled();
      expect(el.page).to.equal(5);
      parts(el).prev.click();
      await el.settled();
      expect(el.page).to.equal(4);
      parts(el)
        .pages.find((b) => b.textContent!.trim() === '67')!
        .click();
      await el.settled();
      expect(pagerText(el)).to.deep.equal(['1', '…', '62', '63', '64', '65', '66', '67']);
      expect(parts(el).next.disabled).to.equal(true);
      expect(rowTexts(el)).to.have.length(20);
      expect(events.changes).to.deep.equal([
        { page: 2, size: 30, previousPage: 1, previousSize: 30 },
        { page: 5, size: 30, previousPage: 2, previousSize: 30 },
        { page: 10, size: 30, previousPage: 5, previousSize: 30 },
        { page: 5, size: 30, previousPage: 10, previousSize: 30 },
        { page: 4, size: 30, previousPage: 5, previousSize: 30 },
        { page: 67, size: 30, previousPage: 4, previousSize: 30 },
      ]);
      expect(events.loads.map((l) => l.page)).to.deep.equal([2, 5, 10, 5, 4, 67]);
      // Clicking the current page is no change.
      parts(el).current!.click();
      await el.settled();
      expect(events.changes).to.have.length(6);
    });

    it('a size change goes back to page 1 and loads up to 400 rows', async () => {
      const el = await list(STUDENTS, { page: 5 } as Partial<List>);
      const events = recordEvents(el);
      const { sizes } = parts(el);
      sizes.value = '400';
      sizes.dispatchEvent(new Event('change'));
      await el.settled();
      expect(el.page).to.equal(1);
      expect(el.size).to.equal(400);
      expect(rowTexts(el)).to.have.length(400);
      expect(pagerText(el)).to.deep.equal(['1', '2', '3', '4', '5']);
      expect(events.changes).to.deep.equal([{ page: 1, size: 400, previousPage: 5, previousSize: 30 }]);
    });

    it('a cancelled edu-page-change keeps the page and the size, and sends nothing', async () => {
      const el = await list();
      el.addEventListener('edu-page-change', (e) => e.preventDefault());
      const before = (await serverCalls())['GET /api/demo/students'];
      parts(el).next.click();
      const { sizes } = parts(el);
      sizes.value = '100';
      sizes.dispatchEvent(new Event('change'));
      await el.settled();
      expect(el.page).to.equal(1);
      expect(el.size).to.equal(30);
      expect(parts(el).sizes.value).to.equal('30');
      expect((await serverCalls())['GET /api/demo/students']).to.equal(before);
    });

    it('changes made by the host load without any edu-page-change', async () => {
      const el = await list();
      const events = recordEvents(el);
      el.page = 3;
      await el.settled();
      expect(rowTexts(el)[0]![0]).to.equal('61');
      el.size = 100;
      await el.settled();
      expect(el.page).to.equal(1);
      el.page = 2;
      el.size = 200;
      await el.settled();
      expect(el.page).to.equal(2);
      expect(el.list[0]!.id).to.equal(201);
      expect(events.changes).to.deep.equal([]);
      expect(events.loads.map((l) => [l.page, l.size])).to.deep.equal([
        [3, 30],
        [1, 100],
        [2, 200],
      ]);
    });

    it('only the last of quick changes lands', async () => {
      await configureServer({ delayMs: 150 });
      const el = await list();
      const events = recordEvents(el);
      el.page = 2;
      await el.updateComplete;
      el.page = 3;
      await el.updateComplete;
      el.page = 4;
      await el.settled();
      expect(el.page).to.equal(4);
      expect(el.list[0]!.id).to.equal(91);
      expect(events.loads.map((l) => l.page)).to.deep.equal([4]);
    });

    it('announces the page after a user change, politely', async () => {
      const el = await list();
      parts(el).next.click();
      await el.settled();
      const { status } = parts(el);
      expect(status.getAttribute('aria-live')).to.equal('polite');
      expect(status.textContent).to.equal('第 2 页，共 67 页');
    });

    it('disabled turns every control off', async () => {
      const el = await list();
      const events = recordEvents(el);
      el.disabled = true;
      await el.updateComplete;
      const p = parts(el);
      expect(p.sizes.disabled && p.prev.disabled && p.next.disabled).to.equal(true);
      expect(p.pages.every((b) => b.disabled)).to.equal(true);
      p.next.click();
      await el.settled();
      expect(events.changes).to.deep.equal([]);
    });
  });

  describe('the spec rules', () => {
    it('a page past the end comes back empty and steps back to the last page, without an event', async () => {
      const el = await list();
      const events = recordEvents(el);
      el.page = 120;
      await el.settled();
      expect(el.page).to.equal(67);
      expect(rowTexts(el)).to.have.length(20);
      expect(events.changes).to.deep.equal([]);
      expect(events.loads.map((l) => l.page)).to.deep.equal([67]);
    });

    it('steps back one page when the last page empties, and clamps when the total shrinks further', async () => {
      await loginAs('teacher1');
      const post = (path: string, body?: unknown) =>
        fetch(path, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        });
      try {
        const el = await list(STUDENTS, { page: 67 } as Partial<List>);
        expect(rowTexts(el)).to.have.length(20);
        await post('/api/demo/students/delete', { ids: Array.from({ length: 20 }, (_, i) => 1981 + i) });
        await el.reload();
        expect(el.page).to.equal(66);
        expect(el.total).to.equal(1980);
        expect(rowTexts(el)).to.have.length(30);
        expect(parts(el).next.disabled).to.equal(true);
        // 300 more go: page 66 of 30 is empty and the last page is now 56; one more request, not ten.
        await post('/api/demo/students/delete', { ids: Array.from({ length: 300 }, (_, i) => 1681 + i) });
        const before = (await serverCalls())['GET /api/demo/students']!;
        await el.reload();
        expect(el.page).to.equal(56);
        expect(el.total).to.equal(1680);
        expect((await serverCalls())['GET /api/demo/students']).to.equal(before + 2);
      } finally {
        await post('/api/demo/students/restore');
        await logoutServer();
      }
    });

    it('a failed page empties the list, total 0, page 1, fires edu-page-error and does not reload', async () => {
      const el = await list(STUDENTS, { page: 4 } as Partial<List>);
      const events = recordEvents(el);
      const { notices, restore } = captureNotices();
      try {
        await configureServer({ failPaths: [{ path: '/api/demo/students', bodyStatus: 500, count: 1 }] });
        el.page = 5;
        await el.settled();
        expect(el.list).to.deep.equal([]);
        expect(el.total).to.equal(0);
        expect(el.page).to.equal(1);
        expect(el.querySelectorAll('tbody tr')).to.have.length(0);
        expect(parts(el).total!.textContent).to.equal('共 0 条');
        expect(parts(el).empty.hidden).to.equal(false);
        expect(events.errors).to.have.length(1);
        expect(notices.map((n) => n.type)).to.deep.equal(['warning']);
        expect((await serverCalls())['GET /api/demo/students']).to.equal(2);
        // The next user action loads again.
        await configureServer({ failPaths: [{ path: '/api/demo/students', httpStatus: 500, count: 1 }] });
        await el.reload();
        expect(events.errors).to.have.length(2);
        await el.reload();
        expect(el.total).to.equal(TOTAL);
      } finally {
        restore();
      }
    });

    it('warns once, localised, when pageApi or its api is missing', async () => {
      const { notices, restore } = captureNotices();
      try {
        const el = await list(null);
        expect(notices).to.deep.equal([{ type: 'warning', message: '提示: pageApi config not found' }]);
        expect(el.total).to.equal(0);
        el.requestUpdate();
        await el.settled();
        expect(notices).to.have.length(1);
        el.pageApi = { api: '' };
        await el.settled();
        expect(notices[1]).to.deep.equal({ type: 'warning', message: 'pageApi.api 不能为空' });
        // An attribute that is not JSON reads as no configuration.
        const bad = await fixture<List>(html`<edu-paged-list page-api="{oops"></edu-paged-list>`);
        await bad.settled();
        expect(notices).to.have.length(3);
        expect(notices[2]!.message).to.equal('提示: pageApi config not found');
        notices.splice(2);
        fixtureCleanup();
        await switchLanguage('en');
        await list(null);
        await list({ api: '' } as PageApi);
        expect(notices.slice(2)).to.deep.equal([
          { type: 'warning', message: 'Note: pageApi config not found' },
          { type: 'warning', message: 'pageApi.api must not be empty' },
        ]);
        fixtureCleanup();
        await switchLanguage('zh-HK');
        await list({ api: '' } as PageApi);
        expect(notices.at(-1)!.message).to.equal('pageApi.api 不能為空');
      } finally {
        restore();
      }
    });
  });

  describe('keyboard', () => {
    it('reaches every control with Tab; Enter and Space choose; focus stays in the pager', async () => {
      const el = await list();
      const before = document.createElement('button');
      before.textContent = 'before';
      el.before(before);
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(describeNode(el.shadowRoot!.activeElement)).to.equal('select[part=sizes] in edu-paged-list');
      await sendKeys({ press: 'Tab' }); // prev is disabled on page 1: straight to page 1
      expect(el.shadowRoot!.activeElement!.getAttribute('aria-current')).to.equal('page');
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement!.textContent!.trim()).to.equal('2');
      await sendKeys({ press: 'Enter' });
      await el.settled();
      expect(el.page).to.equal(2);
      expect(el.shadowRoot!.activeElement!.getAttribute('aria-current')).to.equal('page');
      // On to the next button: pages 3–6, the more button and page 67 come first.
      for (let i = 0; i < 7; i++) await sendKeys({ press: 'Tab' });
      expect(describeNode(el.shadowRoot!.activeElement)).to.equal('button[part=next] in edu-paged-list');
      await sendKeys({ press: 'Space' });
      await el.settled();
      expect(el.page).to.equal(3);
      expect(describeNode(el.shadowRoot!.activeElement)).to.equal('button[part=next] in edu-paged-list');
      before.remove();
    });

    it('moves focus to the current page when the focused button goes away or is disabled', async () => {
      const el = await list(STUDENTS, { page: 66 } as Partial<List>);
      parts(el).next.focus();
      await sendKeys({ press: 'Enter' });
      await el.settled();
      expect(el.page).to.equal(67);
      expect(parts(el).next.disabled).to.equal(true);
      expect(el.shadowRoot!.activeElement!.getAttribute('aria-current')).to.equal('page');
      // A more button that stays keeps focus, so Enter can jump again.
      parts(el).more[0]!.focus();
      await sendKeys({ press: 'Enter' });
      await el.settled();
      expect(el.page).to.equal(62);
      expect(describeNode(el.shadowRoot!.activeElement)).to.equal('button[part=more] in edu-paged-list');
      await sendKeys({ press: 'Enter' });
      await el.settled();
      expect(el.page).to.equal(57);
      // Near the start the more button goes away; focus goes to the current page.
      el.page = 6;
      await el.settled();
      parts(el).more[0]!.focus();
      await sendKeys({ press: 'Enter' });
      await el.settled();
      expect(el.page).to.equal(1);
      expect(parts(el).more).to.have.length(1);
      expect(el.shadowRoot!.activeElement!.getAttribute('aria-current')).to.equal('page');
    });

    it('changes the size from the keyboard and goes to a page with the jumper', async () => {
      const el = await list(STUDENTS, { layout: 'total, sizes, prev, pager, next, jumper' } as Partial<List>);
      await el.updateComplete;
      parts(el).sizes.focus();
      await sendKeys({ press: 'ArrowDown' });
      await el.settled();
      expect(el.size).to.equal(100);
      expect(el.list).to.have.length(100);
      const input = el.shadowRoot!.querySelector<HTMLInputElement>('[part="jumper"] input')!;
      input.focus();
      await sendKeys({ type: '15' });
      await sendKeys({ press: 'Enter' });
      await el.settled();
      expect(el.page).to.equal(15);
      expect(rowTexts(el)).to.have.length(100);
      expect(rowTexts(el)[0]![0]).to.equal('1401');
    });
  });

  describe('languages and accessibility', () => {
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`is accessible and labelled in ${lang}`, async () => {
        await switchLanguage(lang);
        const el = await list(STUDENTS, { page: 5 } as Partial<List>);
        await el.updateComplete;
        const p = parts(el);
        const expected = {
          'zh-CN': {
            total: '共 2000 条',
            nav: '分页',
            next: '下一页',
            prev: '上一页',
            size: '30 条/页',
            page: '第 5 页',
          },
          en: {
            total: 'Total 2000',
            nav: 'Pagination',
            next: 'Next page',
            prev: 'Previous page',
            size: '30/page',
            page: 'Page 5',
          },
          'zh-HK': {
            total: '共 2000 條',
            nav: '分頁',
            next: '下一頁',
            prev: '上一頁',
            size: '30 條/頁',
            page: '第 5 頁',
          },
        }[lang];
        expect(p.total!.textContent).to.equal(expected.total);
        expect(p.nav.getAttribute('aria-label')).to.equal(expected.nav);
        expect(p.next.getAttribute('aria-label')).to.equal(expected.next);
        expect(p.prev.getAttribute('aria-label')).to.equal(expected.prev);
        expect(p.sizes.options[0]!.textContent!.trim()).to.equal(expected.size);
        expect(p.current!.getAttribute('aria-label')).to.equal(expected.page);
        await expect(el).to.be.accessible();
      });
    }
  });
});
