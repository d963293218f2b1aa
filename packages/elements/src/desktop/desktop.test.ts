import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { canReorderIcons, desktopIcons, type AppIcon, type IconGroup } from '@edu-portal/core/desktop/icons.ts';
import { defineElement } from '../internal/define-element.ts';
import {
  center,
  describeNode,
  drag,
  nextFrame,
  qs,
  switchLanguage,
  testIcon,
  waitUntil,
} from '../internal/test-utils.ts';
import { EduDesktop, type EduReorderDetail } from './desktop.ts';

defineElement('edu-desktop', EduDesktop);

/** A 1×1 PNG, so loaded images need no server. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GREY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNoaGgAAAMEAYFL09IQAAAAAElFTkSuQmCC';
const BROKEN = '/no/such/icon.png';

function icon(code: string, name: string, image = PNG, unreadCount = 0, extra: Partial<AppIcon> = {}): AppIcon {
  return testIcon(code, name, { imagePath: image, unreadCount, ...extra });
}

const groups: IconGroup[] = [
  {
    code: 'teaching',
    name: '教学',
    englishName: 'Teaching',
    icons: [
      icon('homework', '作业', PNG, 3, { englishName: 'Homework' }),
      icon('exam', '考试', PNG, 0, { englishName: 'Exams' }),
      icon('lesson', '备课', PNG, 0, { englishName: 'Lessons' }),
      icon('hidden', '隐藏应用', PNG, 0, { updateStatus: 0 }),
    ],
  },
  {
    code: 'admin',
    name: '管理',
    englishName: 'Management',
    icons: [
      icon('base', '基础平台', PNG),
      icon('notice', '通知', PNG, 120, { englishName: 'Notices' }),
      icon('homework', '作业', PNG, 3, { englishName: 'Homework' }),
    ],
  },
  { code: 'empty', name: '空', englishName: '', icons: [icon('desktop', '桌面', PNG)] },
];

const teacher = { userType: 2, unitType: 2 };
const parent = { userType: 3, unitType: 2 };
const areaOfficer = { userType: 2, unitType: 1 };

const many = (n: number) => Array.from({ length: n }, (_, i) => icon(`app${i}`, `应用${i}`));

function all<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return Array.from((el.shadowRoot ?? el).querySelectorAll<T>(selector));
}

/** The codes of a card's tiles in display order. */
function codesOf(el: EduDesktop, section: string): string[] {
  return all<HTMLButtonElement>(el, `ul[data-section="${section}"] button.app`).map((b) => b.dataset['code']!);
}

function tile(el: EduDesktop, section: string, code: string): HTMLButtonElement {
  return qs<HTMLButtonElement>(el, `ul[data-section="${section}"] button[data-code="${code}"]`);
}

function focused(el: EduDesktop): string {
  return (
    describeNode(el.shadowRoot!.activeElement) +
    ':' +
    (el.shadowRoot!.activeElement as HTMLElement | null)?.dataset['code']
  );
}

/** Collects the events of one type fired on `el`. */
function collect<T>(el: EventTarget, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (event) => seen.push((event as CustomEvent<T>).detail));
  return seen;
}

async function render(props: Partial<EduDesktop> = {}, width = 600): Promise<EduDesktop> {
  const wrapper = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"><edu-desktop></edu-desktop></div>`);
  const el = wrapper.querySelector('edu-desktop')!;
  Object.assign(el, props);
  await el.updateComplete;
  return el;
}

describe('<edu-desktop>', () => {
  afterEach(async () => {
    fixtureCleanup();
    await resetMouse();
    await switchLanguage('zh-CN');
  });

  describe('rendering', () => {
    it('shows grouped categories for school teachers, from core desktopIcons', async () => {
      const el = await render({ view: desktopIcons(groups, teacher), groupNames: { teaching: '教学应用' } });
      const cards = all(el, 'section[part="group"]');
      expect(cards.length).to.equal(2);
      const headings = all(el, '[part="heading"]');
      expect(headings.map((h) => h.textContent!.trim())).to.deep.equal(['教学应用', '管理']);
      expect(headings[0]!.getAttribute('role')).to.equal('heading');
      expect(headings[0]!.getAttribute('aria-level')).to.equal('2');
      expect(codesOf(el, 'group-0')).to.deep.equal(['homework', 'exam', 'lesson']);
      // base is shown in a school unit; an app in two groups shows in both.
      expect(codesOf(el, 'group-1')).to.deep.equal(['base', 'notice', 'homework']);
      expect(all(el, 'button.app')[0]!.querySelector('.label')!.textContent).to.equal('作业');
    });

    it('shows one flat list for others, each app once, without base and edu outside schools', async () => {
      const el = await render({ view: desktopIcons(groups, parent) });
      expect(all(el, 'section[part="group"]').length).to.equal(1);
      expect(codesOf(el, 'all')).to.deep.equal(['homework', 'exam', 'lesson', 'base', 'notice']);
      // The flat list's title is read, not shown.
      expect(qs(el, '[part="heading"]').classList.contains('visually-hidden')).to.equal(true);

      el.view = desktopIcons(groups, areaOfficer);
      await el.updateComplete;
      expect(codesOf(el, 'all')).to.deep.equal(['homework', 'exam', 'lesson', 'notice']);
    });

    it('uses the heading level asked for, the group name in English, and English labels', async () => {
      await switchLanguage('en');
      const el = await render({ view: desktopIcons(groups, teacher), headingLevel: 3 });
      expect(all(el, '[part="heading"]').map((h) => h.textContent!.trim())).to.deep.equal(['Teaching', 'Management']);
      expect(qs(el, '[part="heading"]').getAttribute('aria-level')).to.equal('3');
      expect(tile(el, 'group-0', 'homework').querySelector('.label')!.textContent).to.equal('Homework');
      // No English name: the Chinese one.
      expect(tile(el, 'group-1', 'base').querySelector('.label')!.textContent).to.equal('基础平台');
    });

    it('shows the first character on a coloured tile when the picture fails or is missing', async () => {
      const el = await render({
        view: {
          grouped: false,
          icons: [icon('bad', '德育评价', BROKEN), icon('none', 'library', ''), icon('ok', '正常')],
        },
      });
      await waitUntil(
        () => tile(el, 'all', 'bad').querySelector('.fallback') !== null,
        'the fallback of a broken image',
      );
      const fallback = tile(el, 'all', 'bad').querySelector<HTMLElement>('.fallback')!;
      expect(fallback.textContent).to.equal('德');
      expect(fallback.getAttribute('aria-hidden')).to.equal('true');
      expect(fallback.style.backgroundColor).to.not.equal('');
      expect(tile(el, 'all', 'bad').querySelector('img')).to.equal(null);
      expect(tile(el, 'all', 'none').querySelector('.fallback')!.textContent).to.equal('L');
      expect(tile(el, 'all', 'ok').querySelector('img')!.getAttribute('src')).to.equal(PNG);
    });

    it('picks the grey picture in the ink theme', async () => {
      const grey = icon('g', '灰色', PNG, 0, { grayImagePath: GREY_PNG });
      const el = await render({ view: { grouped: false, icons: [grey] }, theme: 'ink' });
      expect(tile(el, 'all', 'g').querySelector('img')!.getAttribute('src')).to.equal(GREY_PNG);
      el.theme = '#457CD6';
      await el.updateComplete;
      expect(tile(el, 'all', 'g').querySelector('img')!.getAttribute('src')).to.equal(PNG);
    });

    it('shows unread badges up to 99, then 99+, with an accessible text', async () => {
      const el = await render({ view: desktopIcons(groups, teacher) });
      const notice = tile(el, 'group-1', 'notice');
      const badge = notice.querySelector<HTMLElement>('[part="badge"]')!;
      expect(badge.textContent).to.equal('99+');
      expect(badge.getAttribute('aria-hidden')).to.equal('true');
      expect(notice.textContent!.replace(/\s+/g, ' ')).to.contain('99+ 条未读');
      expect(tile(el, 'group-0', 'homework').querySelector('[part="badge"]')!.textContent).to.equal('3');
      expect(tile(el, 'group-0', 'exam').querySelector('[part="badge"]')).to.equal(null);
      const style = getComputedStyle(badge);
      expect(style.position).to.equal('absolute');
      expect(style.boxShadow).to.contain('255, 255, 255');
    });

    it('shows the recent row above (at most 10), and hides it when empty', async () => {
      const el = await render({ view: desktopIcons(groups, parent), recent: many(12) });
      const cards = all(el, 'section[part~="group"]');
      expect(cards[0]!.getAttribute('part')).to.equal('group recent');
      expect(qs(el, '[part="heading"]').textContent!.trim()).to.equal('最近使用');
      expect(codesOf(el, 'recent').length).to.equal(10);
      // With the recent row above, the flat list's title shows.
      expect(all(el, '[part="heading"]')[1]!.classList.contains('visually-hidden')).to.equal(false);
      el.recent = [];
      await el.updateComplete;
      expect(qs(el, 'ul[data-section="recent"]')).to.equal(null);
    });

    it('shows loading, an empty desktop, and an error with a retry button', async () => {
      const el = await render({ loading: true });
      expect(qs(el, '[role="status"].status').textContent).to.contain('正在加载应用');
      el.loading = false;
      el.view = { grouped: true, groups: [] };
      await el.updateComplete;
      expect(qs(el, '.status.empty').textContent).to.contain('暂无可用的应用');
      el.error = '网络错误';
      await el.updateComplete;
      expect(qs(el, '[part="error"]').getAttribute('role')).to.equal('alert');
      expect(qs(el, '[part="error"]').textContent).to.contain('网络错误');
      expect(qs(el, '.status.empty')).to.equal(null);
      const reload = oneEvent(el, 'edu-desktop-reload');
      qs<HTMLButtonElement>(el, '[part="retry"]').click();
      expect((await reload).detail).to.equal(null);
    });
  });

  describe('opening', () => {
    it('fires edu-open-app with the icon on click', async () => {
      const view = desktopIcons(groups, teacher);
      const el = await render({ view, recent: [icon('exam', '考试')] });
      const opened = oneEvent(el, 'edu-open-app');
      tile(el, 'group-0', 'exam').click();
      const event = await opened;
      expect(event.detail.icon.code).to.equal('exam');
      expect(event.bubbles && event.composed).to.equal(true);
      const fromRecent = oneEvent(el, 'edu-open-app');
      tile(el, 'recent', 'exam').click();
      expect((await fromRecent).detail.icon.code).to.equal('exam');
    });

    it('works by keyboard alone: Tab reaches the icons, arrows move focus, Enter and Space open', async () => {
      const el = await render({ view: { grouped: false, icons: many(8) }, reorderable: true });
      const before = document.createElement('button');
      before.textContent = 'before';
      el.parentElement!.before(before);
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(focused(el)).to.match(/:app0$/);
      await sendKeys({ press: 'ArrowRight' });
      expect(focused(el)).to.match(/:app1$/);
      await sendKeys({ press: 'End' });
      expect(focused(el)).to.match(/:app7$/);
      await sendKeys({ press: 'Home' });
      expect(focused(el)).to.match(/:app0$/);
      await sendKeys({ press: 'ArrowDown' });
      const columns = getComputedStyle(qs(el, 'ul.grid')).gridTemplateColumns.split(' ').length;
      expect(focused(el)).to.match(new RegExp(`:app${columns}$`));
      await sendKeys({ press: 'ArrowUp' });
      expect(focused(el)).to.match(/:app0$/);
      // Plain arrows only move focus: the order stays.
      expect(codesOf(el, 'all').slice(0, 2)).to.deep.equal(['app0', 'app1']);
      const opened = collect<{ icon: AppIcon }>(el, 'edu-open-app');
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'Space' });
      expect(opened.map((d) => d.icon.code)).to.deep.equal(['app0', 'app1']);
      await sendKeys({ press: 'Tab' });
      expect(focused(el)).to.match(/:app2$/);
      before.remove();
    });
  });

  describe('reordering', () => {
    it('moves a focused icon with Ctrl+ArrowRight/Left, reports the whole order and announces it', async () => {
      const el = await render({ view: desktopIcons(groups, teacher), reorderable: canReorderIcons(2) });
      const events = collect<EduReorderDetail>(el, 'edu-reorder');
      tile(el, 'group-0', 'homework').focus();
      await sendKeys({ press: 'Control+ArrowRight' });
      await el.updateComplete;
      expect(codesOf(el, 'group-0')).to.deep.equal(['exam', 'homework', 'lesson']);
      expect(events).to.deep.equal([{ codes: ['exam', 'homework', 'lesson', 'base', 'notice'], group: 'teaching' }]);
      // The other group that lists the same app keeps its order.
      expect(codesOf(el, 'group-1')).to.deep.equal(['base', 'notice', 'homework']);
      expect(focused(el)).to.match(/:homework$/);
      expect(qs(el, '[aria-live="polite"]').textContent).to.equal('已移动到位置 2');

      await sendKeys({ press: 'Control+ArrowRight' });
      await el.updateComplete;
      expect(codesOf(el, 'group-0')).to.deep.equal(['exam', 'lesson', 'homework']);
      expect(qs(el, '[aria-live="polite"]').textContent).to.equal('已移动到位置 3');
      // At the end nothing moves and nothing is reported.
      await sendKeys({ press: 'Control+ArrowRight' });
      await el.updateComplete;
      expect(events.length).to.equal(2);
      await sendKeys({ press: 'Control+ArrowLeft' });
      await el.updateComplete;
      expect(codesOf(el, 'group-0')).to.deep.equal(['exam', 'homework', 'lesson']);
      expect(events[2]!.codes).to.deep.equal(['exam', 'homework', 'lesson', 'base', 'notice']);
      expect(focused(el)).to.match(/:homework$/);
    });

    it('moves by a grid row with Ctrl+ArrowDown/Up on a flat desktop', async () => {
      const el = await render({ view: { grouped: false, icons: many(12) }, reorderable: true });
      const columns = getComputedStyle(qs(el, 'ul.grid')).gridTemplateColumns.split(' ').length;
      expect(columns).to.be.greaterThan(1);
      const events = collect<EduReorderDetail>(el, 'edu-reorder');
      tile(el, 'all', 'app0').focus();
      await sendKeys({ press: 'Control+ArrowDown' });
      await el.updateComplete;
      expect(codesOf(el, 'all').indexOf('app0')).to.equal(columns);
      expect(events[0]!.group).to.equal(null);
      expect(events[0]!.codes).to.deep.equal(codesOf(el, 'all'));
      expect(focused(el)).to.match(/:app0$/);
      await sendKeys({ press: 'Control+ArrowUp' });
      await el.updateComplete;
      expect(codesOf(el, 'all')).to.deep.equal(many(12).map((i) => i.code));
      // No row above: nothing moves.
      await sendKeys({ press: 'Control+ArrowUp' });
      await el.updateComplete;
      expect(events.length).to.equal(2);
    });

    it('drags an icon to another place with the pointer, showing where it lands', async () => {
      const el = await render({ view: { grouped: false, icons: many(4) }, reorderable: true });
      const events = collect<EduReorderDetail>(el, 'edu-reorder');
      const opened = collect<{ icon: AppIcon }>(el, 'edu-open-app');
      const from = center(tile(el, 'all', 'app0'));
      const to = center(tile(el, 'all', 'app2'));
      await sendMouse({ type: 'move', position: from });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [from[0] + 20, from[1]] });
      await sendMouse({ type: 'move', position: to });
      await el.updateComplete;
      // While dragging: the tile follows the pointer and a bar marks the drop place.
      expect(tile(el, 'all', 'app0').parentElement!.classList.contains('dragging')).to.equal(true);
      const target = tile(el, 'all', 'app2').parentElement!;
      expect(target.classList.contains('drop-after')).to.equal(true);
      expect(getComputedStyle(target, '::after').content).to.not.equal('none');
      await sendMouse({ type: 'up' });
      await el.updateComplete;
      expect(codesOf(el, 'all')).to.deep.equal(['app1', 'app2', 'app0', 'app3']);
      expect(events).to.deep.equal([{ codes: ['app1', 'app2', 'app0', 'app3'], group: null }]);
      // The release after a drag does not open the app.
      expect(opened).to.deep.equal([]);
      expect(qs(el, '.dragging')).to.equal(null);
      expect(qs(el, '[aria-live="polite"]').textContent).to.equal('已移动到位置 3');
    });

    it('drags backwards within a group only, and a short move still opens the app', async () => {
      const el = await render({ view: desktopIcons(groups, teacher), reorderable: true });
      const events = collect<EduReorderDetail>(el, 'edu-reorder');
      await drag(center(tile(el, 'group-0', 'lesson')), center(tile(el, 'group-0', 'homework')));
      await el.updateComplete;
      expect(codesOf(el, 'group-0')).to.deep.equal(['lesson', 'homework', 'exam']);
      expect(events[0]).to.deep.equal({ codes: ['lesson', 'homework', 'exam', 'base', 'notice'], group: 'teaching' });
      // Dropped over another group: the nearest place in its own group.
      await drag(center(tile(el, 'group-1', 'base')), center(tile(el, 'group-0', 'exam')));
      await el.updateComplete;
      expect(codesOf(el, 'group-0')).to.deep.equal(['lesson', 'homework', 'exam']);
      expect(codesOf(el, 'group-1')).to.deep.equal(['notice', 'homework', 'base']);

      const opened = collect<{ icon: AppIcon }>(el, 'edu-open-app');
      const [x, y] = center(tile(el, 'group-0', 'exam'));
      await drag([x, y], [x + 2, y + 2]);
      expect(opened.map((d) => d.icon.code)).to.deep.equal(['exam']);
    });

    it('keeps its reordered copy until the host sets a new view', async () => {
      const el = await render({ view: { grouped: false, icons: many(3) }, reorderable: true });
      tile(el, 'all', 'app0').focus();
      await sendKeys({ press: 'Control+ArrowRight' });
      await el.updateComplete;
      expect(codesOf(el, 'all')).to.deep.equal(['app1', 'app0', 'app2']);
      el.theme = 'lotus';
      await el.updateComplete;
      expect(codesOf(el, 'all')).to.deep.equal(['app1', 'app0', 'app2']);
      el.view = { grouped: false, icons: many(3) };
      await el.updateComplete;
      expect(codesOf(el, 'all')).to.deep.equal(['app0', 'app1', 'app2']);
    });

    it('does not reorder when not reorderable, nor the recent row', async () => {
      const el = await render({
        view: desktopIcons(groups, parent),
        reorderable: canReorderIcons(3),
        recent: many(3),
      });
      const events = collect<EduReorderDetail>(el, 'edu-reorder');
      expect(qs(el, '.movable')).to.equal(null);
      expect(qs(el, '#reorder-hint')).to.equal(null);
      tile(el, 'all', 'homework').focus();
      await sendKeys({ press: 'Control+ArrowRight' });
      await drag(center(tile(el, 'all', 'homework')), center(tile(el, 'all', 'lesson')));
      await el.updateComplete;
      expect(codesOf(el, 'all')).to.deep.equal(['homework', 'exam', 'lesson', 'base', 'notice']);

      el.reorderable = true;
      await el.updateComplete;
      tile(el, 'recent', 'app0').focus();
      await sendKeys({ press: 'Control+ArrowRight' });
      await drag(center(tile(el, 'recent', 'app0')), center(tile(el, 'recent', 'app2')));
      await el.updateComplete;
      expect(codesOf(el, 'recent')).to.deep.equal(['app0', 'app1', 'app2']);
      expect(events).to.deep.equal([]);
      // The main list is movable now, and says how.
      expect(tile(el, 'all', 'homework').getAttribute('aria-describedby')).to.equal('reorder-hint');
      expect(qs(el, '#reorder-hint').textContent).to.contain('Ctrl');
    });
  });

  describe('a large desktop', () => {
    const district = (n: number): IconGroup[] => [{ code: 'area', name: '全区应用', englishName: '', icons: many(n) }];
    const drawn = (el: EduDesktop) => all(el, 'button.app').length;

    it('draws a bounded number of tiles of 3,000 at first, the rest as the page scrolls down to the last app', async () => {
      const el = await render({ view: desktopIcons(district(3000), teacher) }, 900);
      await nextFrame();
      const first = drawn(el);
      expect(first).to.be.at.least(60);
      expect(first).to.be.at.most(400);
      expect(tile(el, 'group-0', 'app2999')).to.equal(null);
      for (let i = 0; i < 60 && !tile(el, 'group-0', 'app2999'); i++) {
        scrollTo(0, document.documentElement.scrollHeight);
        await nextFrame();
        await el.updateComplete;
      }
      expect(drawn(el)).to.equal(3000);
      expect(qs(el, '.more')).to.equal(null);
      tile(el, 'group-0', 'app2999').scrollIntoView();
      expect(tile(el, 'group-0', 'app2999').getBoundingClientRect().bottom).to.be.at.most(innerHeight);
      scrollTo(0, 0);
    });

    it('reaches the last app by keyboard (End, arrows past the drawn tiles) and opens it', async () => {
      const el = await render({ view: desktopIcons(district(3000), teacher) }, 900);
      tile(el, 'group-0', 'app0').focus();
      await sendKeys({ press: 'End' });
      await waitUntil(() => focused(el).endsWith(':app2999'), 'the last app focused');
      const opened = collect<{ icon: AppIcon }>(el, 'edu-open-app');
      await sendKeys({ press: 'Enter' });
      expect(opened.map((d) => d.icon.code)).to.deep.equal(['app2999']);
      fixtureCleanup();
      // Arrows past the drawn tiles draw the next ones and move on.
      const other = await render({ view: desktopIcons(district(3000), teacher) }, 900);
      const count = drawn(other);
      tile(other, 'group-0', `app${count - 1}`).focus();
      await sendKeys({ press: 'ArrowRight' });
      await waitUntil(() => focused(other).endsWith(`:app${count}`), 'the first tile not drawn before');
      const columns = getComputedStyle(qs(other, 'ul.grid')).gridTemplateColumns.split(' ').length;
      const last = drawn(other) - 1;
      tile(other, 'group-0', `app${last}`).focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => focused(other).endsWith(`:app${last + columns}`), 'a row further down');
    });

    it('moves an app past the drawn tiles with Ctrl+arrows and keeps the focus on it', async () => {
      const el = await render({ view: { grouped: false, icons: many(3000) }, reorderable: true }, 900);
      const last = drawn(el) - 1;
      const columns = getComputedStyle(qs(el, 'ul.grid')).gridTemplateColumns.split(' ').length;
      tile(el, 'all', `app${last}`).focus();
      const moves = collect<EduReorderDetail>(el, 'edu-reorder');
      await sendKeys({ press: 'Control+ArrowDown' });
      await waitUntil(() => moves.length === 1, 'the move reported');
      expect(moves[0]!.codes.indexOf(`app${last}`)).to.equal(last + columns);
      await waitUntil(() => focused(el).endsWith(`:app${last}`), 'the moved app keeps the focus');
    });
  });

  describe('long English names', () => {
    it('wrap to two lines, then are cut, with the whole name in the tooltip', async () => {
      await switchLanguage('en');
      const name = 'Comprehensive Quality Evaluation of Students and District Administration';
      const el = await render({
        view: { grouped: false, icons: [icon('long', '综合素质评价', PNG, 0, { englishName: name })] },
      });
      const button = tile(el, 'all', 'long');
      const label = qs(el, '[part="label"]');
      expect(label.textContent!.trim()).to.equal(name);
      expect(button.title).to.equal(name);
      const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
      expect(label.getBoundingClientRect().height).to.be.closeTo(2 * lineHeight, 1);
      expect(label.scrollHeight, 'the rest is cut').to.be.greaterThan(label.clientHeight);
      expect(label.scrollWidth, 'nothing runs out sideways').to.be.at.most(label.clientWidth);
    });
  });

  describe('accessibility', () => {
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}`, async () => {
        await switchLanguage(lang);
        const el = await render({
          view: desktopIcons(
            [...groups, { code: '', name: '', englishName: '', icons: [icon('bad', '德育评价', BROKEN, 5)] }],
            teacher,
          ),
          recent: many(2),
          reorderable: true,
          error: lang === 'en' ? 'Network error' : '网络错误',
          loading: true,
        });
        await waitUntil(() => qs(el, '.fallback') !== null, 'the fallback tile');
        await nextFrame();
        await expect(el).to.be.accessible();
        const unread = { 'zh-CN': '99+ 条未读', en: '99+ unread', 'zh-HK': '99+ 條未讀' }[lang];
        expect(tile(el, 'group-1', 'notice').textContent!.replace(/\s+/g, ' ')).to.contain(unread);
        // A group with neither a name nor a code is titled "Apps"; the retry button is translated too.
        const headings = all(el, '[part="heading"]').map((h) => h.textContent!.trim());
        expect(headings[headings.length - 1]).to.equal({ 'zh-CN': '应用', en: 'Apps', 'zh-HK': '應用' }[lang]);
        const retry = { 'zh-CN': '重试', en: 'Retry', 'zh-HK': '重試' }[lang];
        expect(qs(el, '[part="retry"]').textContent!.trim()).to.equal(retry);
        if (lang !== 'zh-CN') expect(qs(el, '#reorder-hint').textContent).to.not.contain('调整位置');
      });
    }
  });
});
