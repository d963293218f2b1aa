import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { identityOptions } from '@edu-portal/core/identity/switch.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { defineElement } from '../internal/define-element.ts';
import { openOverlays } from '../internal/overlay-stack.ts';
import { describeNode, nextFrame, qs, switchLanguage, testIcon, waitUntil } from '../internal/test-utils.ts';
import { EduHeader, type HeaderUser } from './header.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-header', EduHeader);

const teacher: HeaderUser = { realName: '王老师', userType: 2, unitType: 2, unitName: '实验小学' };
const parent: HeaderUser = { realName: '李家长', userType: 3, unitType: 2, unitName: '实验小学' };
const officer: HeaderUser = { realName: '张科长', userType: 1, unitType: 1, unitName: '教育局' };

/** A 1×1 PNG, so loaded images need no server. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const BROKEN = '/no/such/icon.png';

function icon(code: string, name: string, image = PNG, unreadCount = 0): AppIcon {
  return testIcon(code, name, { imagePath: image, unreadCount });
}

const icons = (n: number) => Array.from({ length: n }, (_, i) => icon(`app${i}`, `应用${i}`));

function activeInside(el: EduHeader): Element | null {
  return el.shadowRoot!.activeElement;
}

async function render(user: HeaderUser | null = teacher, extra: Partial<EduHeader> = {}): Promise<EduHeader> {
  const el = await fixture<EduHeader>(html`<edu-header .user=${user}></edu-header>`);
  Object.assign(el, extra);
  await el.updateComplete;
  return el;
}

describe('<edu-header>', () => {
  before(async () => {
    await setViewport({ width: 1400, height: 800 });
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
    await setViewport({ width: 1400, height: 800 });
  });

  it('shows the unit name, the welcome and the default logo when the logo fails', async () => {
    const el = await render({ ...teacher, unitImgPath: BROKEN });
    expect(qs(el, '[part="title"]').textContent!.trim()).to.equal('实验小学');
    expect(qs(el, '[part="title"]').title, 'whole on hover when cut off').to.equal('实验小学');
    expect(qs(el, '[part="welcome"]').textContent!.trim()).to.equal('欢迎您，王老师');
    await waitUntil(() => qs(el, '[part="logo"]').localName === 'span', 'the default logo');
    expect(qs(el, '[part="logo"] svg')).to.not.equal(null);
    el.logo = PNG;
    await el.updateComplete;
    expect(qs(el, '[part="logo"]').localName).to.equal('img');
  });

  for (const [what, size] of [
    ['80-character', 80],
    ['100 kB', 100_000],
  ] as const) {
    it(`keeps every control on screen and clickable at 1366 px with a ${what} real, unit and child name`, async () => {
      await setViewport({ width: 1366, height: 768 });
      const long = '超长姓名'.repeat(Math.ceil(size / 4)).slice(0, size);
      const el = await render(
        { ...parent, realName: long, unitName: `${long}学校` },
        { childName: long, icons: [icon('edu', '教务'), icon('oa', '协同办公')] },
      );
      await nextFrame();
      const welcome = qs(el, '[part="welcome"]');
      expect(welcome.title, 'the whole name on hover').to.equal(`欢迎您，${long}`);
      expect(welcome.scrollWidth).to.be.greaterThan(welcome.clientWidth);
      expect(getComputedStyle(welcome).textOverflow).to.equal('ellipsis');
      expect(qs(el, '[part="title"]').title).to.equal(`${long}学校`);
      const controls = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('.tools button, .tools select'));
      expect(controls.length).to.be.greaterThan(5);
      for (const control of controls) {
        const rect = control.getBoundingClientRect();
        const name = control.getAttribute('aria-label') ?? control.className;
        expect(rect.width, name).to.be.greaterThan(20);
        expect(rect.left, name).to.be.at.least(0);
        expect(rect.right, name).to.be.at.most(innerWidth);
        expect(rect.top, name).to.be.at.least(0);
        expect(rect.bottom, name).to.be.at.most(innerHeight);
        // Clickable: the control itself (or what is inside it) is what the pointer meets at its centre.
        const hit = el.shadowRoot!.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        expect(!!hit && control.contains(hit), name).to.equal(true);
      }
      expect(document.documentElement.scrollWidth).to.be.at.most(innerWidth);
    });
  }

  it('leaves room between a slotted extra button and the welcome (they were once 4 px apart)', async () => {
    const el = await fixture<EduHeader>(
      html`<edu-header .user=${teacher}><button slot="extra" type="button">下载客户端</button></edu-header>`,
    );
    await el.updateComplete;
    const extra = el.querySelector('button')!.getBoundingClientRect();
    const welcome = qs(el, '[part="welcome"]').getBoundingClientRect();
    expect(welcome.left - extra.right).to.be.at.least(12);
  });

  it('sizes the title by window width and name length, and follows resizes', async () => {
    const el = await render();
    const size = () => qs(el, '[part="title"]').style.fontSize;
    expect(size()).to.equal('22px');
    await setViewport({ width: 1000, height: 800 });
    await waitUntil(() => size() === '18px', 'a small title');
    await setViewport({ width: 1920, height: 800 });
    await waitUntil(() => size() === '26px', 'a large title');
    el.user = { ...teacher, unitName: '某某市某某区第一实验小学附属幼儿园' };
    await el.updateComplete;
    expect(size()).to.equal('22px');
  });

  it('caps the bell at 99+ and opens messages', async () => {
    const el = await render();
    const bell = qs<HTMLButtonElement>(el, '.messages');
    expect(bell.querySelector('.badge')).to.equal(null);
    el.messageCount = 7;
    await el.updateComplete;
    expect(bell.querySelector('.badge')!.textContent).to.equal('7');
    el.messageCount = 120;
    await el.updateComplete;
    expect(bell.querySelector('.badge')!.textContent).to.equal('99+');
    expect(bell.getAttribute('aria-label')).to.contain('99+');
    setTimeout(() => bell.click());
    const event = await oneEvent(el, 'edu-open-messages');
    expect(event.bubbles && event.composed).to.equal(true);
  });

  it('fires desktop, settings, theme and child events; the child switcher is for parents only', async () => {
    const el = await render();
    expect(qs(el, '.child')).to.equal(null);
    setTimeout(() => qs(el, '.desktop').click());
    await oneEvent(el, 'edu-go-desktop');
    expect(qs(el, '.settings').getAttribute('aria-label')).to.equal('个人设置');
    setTimeout(() => qs(el, '.settings').click());
    await oneEvent(el, 'edu-open-settings');
    setTimeout(() => qs(el, '.theme').click());
    await oneEvent(el, 'edu-open-theme');
    el.user = parent;
    el.childName = '小明';
    await el.updateComplete;
    const child = qs(el, '.child');
    expect(child.textContent).to.contain('小明');
    expect(child.getAttribute('aria-label')).to.contain('小明');
    setTimeout(() => child.click());
    await oneEvent(el, 'edu-switch-child');
  });

  it('leaves the desktop button out on the desktop itself (hide-desktop)', async () => {
    const el = await render();
    expect(qs(el, '.desktop')).to.not.equal(null);
    el.hideDesktop = true;
    await el.updateComplete;
    expect(qs(el, '.desktop')).to.equal(null);
  });

  it('asks before logging out, and cancel does not log out', async () => {
    const el = await render();
    let fired = 0;
    el.addEventListener('edu-logout', () => fired++);
    qs(el, '.logout').click();
    await el.updateComplete;
    const dialog = qs<EduDialog>(el, 'edu-dialog');
    await dialog.updateComplete;
    expect(dialog.open).to.equal(true);
    expect(dialog.textContent).to.contain('确定要退出系统吗？');
    qs(el, '.actions .cancel').click();
    await el.updateComplete;
    await dialog.updateComplete;
    expect(dialog.open).to.equal(false);
    expect(fired).to.equal(0);

    qs(el, '.logout').click();
    await el.updateComplete;
    await dialog.updateComplete;
    setTimeout(() => qs(el, '.actions .ok').click());
    const event = await oneEvent(el, 'edu-logout');
    expect(event.cancelable).to.equal(true);
    await el.updateComplete;
    await dialog.updateComplete;
    expect(dialog.open).to.equal(false);
  });

  it('toggles full screen with a changing label', async () => {
    const el = await render();
    const button = qs<HTMLButtonElement>(el, '.fullscreen');
    expect(button.getAttribute('aria-label')).to.equal('全屏');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => Boolean(document.fullscreenElement), 'full screen');
    await el.updateComplete;
    expect(qs(el, '.fullscreen').getAttribute('aria-label')).to.equal('退出全屏');
    await document.exitFullscreen();
    await waitUntil(() => qs(el, '.fullscreen').getAttribute('aria-label') === '全屏', 'the label back');
  });

  it('switches identity by keyboard and ignores the current one', async () => {
    const el = await render();
    expect(qs(el, '.identity')).to.equal(null);
    el.identities = identityOptions(
      { teacherId: 't1', teacherName: '王老师', parentId: 'p1', parentName: '王家长' },
      't1',
    );
    await el.updateComplete;
    const events: CustomEvent[] = [];
    el.addEventListener('edu-switch-identity', (e) => events.push(e));
    const trigger = qs<HTMLButtonElement>(el, '.identity');
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    // Focus starts on the current identity.
    expect(describeNode(activeInside(el))).to.contain('button');
    expect((activeInside(el) as HTMLElement).dataset['id']).to.equal('t1');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(activeInside(el)).to.equal(trigger);

    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await sendKeys({ press: 'ArrowDown' });
    expect((activeInside(el) as HTMLElement).dataset['id']).to.equal('p1');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(events.map((e) => e.detail)).to.deep.equal([{ id: 'p1', userType: 3 }]);
  });

  it('offers the three languages and ignores the one in force', async () => {
    const el = await render();
    const events: CustomEvent[] = [];
    el.addEventListener('edu-change-language', (e) => events.push(e));
    const trigger = qs<HTMLButtonElement>(el, '.language');
    trigger.click();
    await el.updateComplete;
    const items = Array.from(el.shadowRoot!.querySelectorAll<HTMLButtonElement>('#language-menu button'));
    expect(items.map((b) => b.dataset['lang'])).to.deep.equal(['zh-CN', 'en', 'zh-HK']);
    expect(items[0]!.getAttribute('aria-current')).to.equal('true');
    items[0]!.click();
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(qs(el, '#language-menu')).to.equal(null);
    trigger.click();
    await el.updateComplete;
    qs(el, '#language-menu [data-lang="en"]').click();
    expect(events.map((e) => e.detail)).to.deep.equal([{ language: 'en' }]);
    // The host puts it in force; the header follows core's language.
    await switchLanguage('en');
    await el.updateComplete;
    expect(el.language).to.equal('en');
  });

  it('on a 360 px phone shows a long unit name on two lines, then cut with its tooltip; the menu shows it whole', async () => {
    await setViewport({ width: 360, height: 740 });
    const name = 'Binjiang Experimental Middle School of the Binjiang District';
    const el = await render({ ...teacher, unitName: name }, { icons: icons(4) });
    await waitUntil(() => el.shadowRoot!.querySelector('.menu-button') !== null, 'the menu button');
    const title = qs(el, '[part="title"]');
    expect(title.getAttribute('title')).to.equal(name);
    const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
    expect(title.getBoundingClientRect().height, 'two lines').to.be.closeTo(2 * lineHeight, 1);
    expect(title.scrollHeight, 'the rest cut').to.be.greaterThan(title.clientHeight);
    expect(title.getBoundingClientRect().bottom).to.be.at.most(qs(el, '[part="base"]').getBoundingClientRect().bottom);
    qs<HTMLButtonElement>(el, '.menu-button').click();
    await waitUntil(() => qs(el, '[part="drawer"]') !== null, 'the menu');
    const whole = qs(el, '[part="drawer"] .drawer-welcome');
    expect(whole.textContent!.trim()).to.equal(name);
    expect(whole.scrollHeight).to.be.at.most(whole.clientHeight);
    expect(whole.getBoundingClientRect().right).to.be.at.most(360);
  });

  it('below 800 px folds every tool into one keyboard-operable menu and fits a 360 px phone', async () => {
    await setViewport({ width: 360, height: 740 });
    const el = await render(
      { ...parent, unitName: '某某市某某区第一实验小学附属幼儿园' },
      { childName: '王小明', messageCount: 3, icons: icons(4) },
    );
    await waitUntil(() => el.shadowRoot!.querySelector('.menu-button') !== null, 'the menu button');
    expect(el.shadowRoot!.querySelector('[part="apps"]'), 'no icons in a phone bar').to.equal(null);
    expect(el.shadowRoot!.querySelector('.tool.logout'), 'logout only in the menu').to.equal(null);
    expect(document.documentElement.scrollWidth).to.be.at.most(360);
    for (const tool of el.shadowRoot!.querySelectorAll<HTMLElement>('.tools button, [part~="more"]')) {
      expect(tool.getBoundingClientRect().right, tool.getAttribute('aria-label')!).to.be.at.most(360);
    }
    const button = qs<HTMLButtonElement>(el, '.menu-button');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => qs(el, '[part="drawer"]') !== null, 'the menu');
    const items = () => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[part="drawer"] button'));
    expect(items().map((item) => item.textContent!.trim().replace(/\s+/g, ' '))).to.include.members([
      '切换孩子，当前：王小明',
      '桌面',
      '个人设置',
      '主题',
      '全屏',
      '退出',
      '简体中文',
      'English',
      '繁體中文',
    ]);
    for (const item of items()) expect(item.getBoundingClientRect().right).to.be.at.most(360);
    expect(activeInside(el)).to.equal(items()[0]);
    await sendKeys({ press: 'ArrowDown' });
    expect(activeInside(el)).to.equal(items()[1]);
    const theme = oneEvent(el, 'edu-open-theme');
    items()
      .find((item) => item.textContent!.includes('主题'))!
      .click();
    await theme;
    await el.updateComplete;
    expect(qs(el, '[part="drawer"]'), 'closed after a choice').to.equal(null);
    button.click();
    await el.updateComplete;
    const settings = oneEvent(el, 'edu-open-settings');
    items()
      .find((item) => item.textContent!.includes('个人设置'))!
      .click();
    await settings;
    await el.updateComplete;
    button.click();
    await el.updateComplete;
    const language = oneEvent(el, 'edu-change-language');
    qs<HTMLButtonElement>(el, '[part="drawer"] [data-lang="en"]').click();
    expect((await language).detail.language).to.equal('en');
    button.click();
    await el.updateComplete;
    items()
      .find((item) => item.textContent!.includes('退出'))!
      .click();
    await el.updateComplete;
    await waitUntil(() => qs<EduDialog>(el, 'edu-dialog').open, 'the logout confirmation');
  });

  describe('top layout', () => {
    it('shows at most 10 icons and falls back to the first character when an image fails', async () => {
      const list = icons(12);
      list[1] = icon('bad', '德育评价', BROKEN);
      list[2] = icon('none', 'kids', '');
      const el = await render(teacher, { icons: list });
      const bar = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[part="apps"] .app'));
      expect(bar).to.have.length(10);
      await waitUntil(() => bar[1]!.querySelector('.fallback') !== null, 'the fallback');
      expect(bar[1]!.querySelector('.fallback')!.textContent).to.equal('德');
      expect(bar[2]!.querySelector('.fallback')!.textContent).to.equal('K');
      expect(bar[0]!.querySelector('img')).to.not.equal(null);
      expect(bar[1]!.querySelector('.label')!.textContent).to.equal('德育评价');
    });

    it('in a narrow bar shows only the icons that fit whole; the panel still has them all', async () => {
      const el = await render(teacher, { icons: icons(12) });
      el.style.width = '900px';
      const bar = () => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[part="apps"] .app'));
      await waitUntil(() => bar().length < 10, 'fewer icons in a narrow bar');
      const list = qs(el, '[part="apps"]').getBoundingClientRect();
      expect(bar().length).to.be.greaterThan(0);
      for (const app of bar()) expect(app.getBoundingClientRect().right).to.be.at.most(list.right + 0.5);
      // The unit's name stays whole (whatever font draws it): the icons give way, not the name.
      const title = qs(el, '[part="title"]');
      expect(title.getBoundingClientRect().width).to.be.greaterThan(0);
      expect(title.scrollWidth, 'the unit name whole').to.be.at.most(title.clientWidth);
      el.toggleApps(true);
      await el.updateComplete;
      expect(el.shadowRoot!.querySelectorAll('[part="panel"] .app')).to.have.length(12);
      el.style.width = '';
      await waitUntil(() => bar().length === 10, 'all ten again in a wide bar');
    });

    it('shows the short English names whole at 1366 px where the bar has room', async () => {
      await setViewport({ width: 1366, height: 768 });
      await switchLanguage('en');
      const english = ['Homework', 'Academics', 'Timetable', 'Scores', 'Lessons'];
      const list = english.map((name, i) => ({
        ...icon(`app${i}`, `应用${i}`),
        englishName: `${name} Management`,
        englishShortName: name,
      }));
      const el = await render(teacher, { icons: list });
      await nextFrame();
      await el.updateComplete;
      const labels = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[part="apps"] .label'));
      expect(labels.map((label) => label.textContent)).to.deep.equal(english);
      for (const label of labels) expect(label.scrollWidth, label.textContent!).to.be.at.most(label.clientWidth);
      const apps = qs(el, '[part="apps"]').getBoundingClientRect();
      for (const app of el.shadowRoot!.querySelectorAll('[part="apps"] .app')) {
        expect(app.getBoundingClientRect().right).to.be.at.most(apps.right + 0.5);
      }
    });

    it('shows unread counts on icons and opens an app', async () => {
      const el = await render(teacher, { icons: [icon('a', '作业', PNG, 150)] });
      const button = qs<HTMLButtonElement>(el, '[part="apps"] .app');
      expect(button.querySelector('.badge')!.textContent).to.equal('99+');
      expect(button.title, 'the full name on hover').to.equal('作业');
      setTimeout(() => button.click());
      const event = await oneEvent(el, 'edu-open-app');
      expect(event.detail.icon.code).to.equal('a');
    });

    it('shows the counts whole and distinct from the bar, whatever its colour', async () => {
      const el = await render(teacher, { icons: [icon('a', '作业', PNG, 3), icon('b', '教务', PNG, 150)] });
      for (const bar of ['#b61715', '#2b5797', '#3a8419']) {
        el.style.setProperty('--edu-header-background', bar);
        const list = qs(el, '[part="apps"]').getBoundingClientRect();
        for (const badge of el.shadowRoot!.querySelectorAll<HTMLElement>('[part="apps"] .badge')) {
          const box = badge.getBoundingClientRect();
          // The list cuts off what overflows it: a count must lie inside.
          expect(box.top, 'top inside the list').to.be.at.least(list.top);
          expect(box.right, 'right inside the list').to.be.at.most(list.right);
          const background = getComputedStyle(badge).backgroundColor;
          expect(background, `badge on ${bar}`).to.not.equal(getComputedStyle(el).backgroundColor);
          expect(background).to.equal('rgb(255, 255, 255)');
        }
      }
    });

    it('greys the pictures in the ink theme only', async () => {
      const el = await render(teacher, { icons: [icon('a', '作业')], theme: 'ink' });
      const picture = () => getComputedStyle(qs(el, '[part="apps"] .icon')).filter;
      expect(picture()).to.equal('grayscale(1)');
      el.theme = '#457CD6';
      await el.updateComplete;
      expect(picture()).to.equal('none');
    });

    it('hides icons in the left layout', async () => {
      const el = await render(teacher, { icons: icons(3), layout: 'left' });
      expect(qs(el, '[part="apps"]')).to.equal(null);
      expect(qs(el, '[part~="more"]')).to.equal(null);
    });

    it('opens a panel of every app, 780 px for school teachers and 672 px for others; Escape closes it', async () => {
      const el = await render(teacher, { icons: icons(14) });
      const more = qs<HTMLButtonElement>(el, '[part~="more"]');
      more.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      const panel = qs(el, '[part="panel"]');
      expect(panel.style.width).to.equal('780px');
      expect(panel.querySelectorAll('.app')).to.have.length(14);
      expect(openOverlays().some((o) => o.element === el)).to.equal(true);
      expect(activeInside(el)!.closest('[part="panel"]')).to.equal(panel);
      await sendKeys({ press: 'ArrowRight' });
      expect((activeInside(el) as HTMLElement).dataset['code']).to.equal('app1');
      await sendKeys({ press: 'Escape' });
      await el.updateComplete;
      expect(qs(el, '[part="panel"]')).to.equal(null);
      expect(openOverlays().some((o) => o.element === el)).to.equal(false);
      expect(activeInside(el)).to.equal(more);

      el.user = { ...teacher, userType: 4 };
      el.toggleApps(true);
      await el.updateComplete;
      expect(qs(el, '[part="panel"]').style.width).to.equal('780px');
      el.toggleApps(false);
      el.user = officer;
      await el.updateComplete;
      el.toggleApps(true);
      await el.updateComplete;
      expect(qs(el, '[part="panel"]').style.width).to.equal('672px');
      el.user = parent;
      await el.updateComplete;
      expect(qs(el, '[part="panel"]').style.width).to.equal('672px');
      // An app chosen in the panel closes it.
      setTimeout(() => qs(el, '[part="panel"] [data-code="app12"]').click());
      const event = await oneEvent(el, 'edu-open-app');
      expect(event.detail.icon.code).to.equal('app12');
      await el.updateComplete;
      expect(qs(el, '[part="panel"]')).to.equal(null);
    });

    it('draws the panel and menus in the top layer under their anchors, inside the viewport', async () => {
      const el = await render(teacher, {
        icons: icons(14),
        identities: identityOptions(
          { teacherId: 't1', teacherName: '王老师', parentId: 'p1', parentName: '王家长' },
          't1',
        ),
      });
      el.style.overflow = 'hidden';
      const bar = qs(el, '[part="base"]').getBoundingClientRect();
      el.toggleApps(true);
      await el.updateComplete;
      const panel = qs(el, '[part="panel"]');
      expect(panel.matches(':popover-open')).to.equal(true);
      await waitUntil(() => panel.dataset['placement'] === 'bottom-end', 'the panel placed');
      let box = panel.getBoundingClientRect();
      // Hung from the bar's end, 16 px in, and not clipped by the header's overflow.
      expect(Math.round(box.top)).to.equal(Math.round(bar.bottom));
      expect(Math.round(box.right)).to.equal(Math.round(bar.right - 16));
      expect(box.height).to.be.greaterThan(100);
      el.toggleApps(false);
      await el.updateComplete;
      for (const [trigger, menu] of [
        ['.language', '#language-menu'],
        ['.identity', '#identity-menu'],
      ] as const) {
        qs(el, trigger).click();
        await el.updateComplete;
        const list = qs(el, menu);
        expect(list.matches(':popover-open'), menu).to.equal(true);
        await waitUntil(() => Boolean(list.dataset['placement']), 'the menu placed');
        box = list.getBoundingClientRect();
        const anchor = qs(el, trigger).getBoundingClientRect();
        expect(box.top, menu).to.be.within(anchor.bottom, anchor.bottom + 8);
        expect(box.left).to.be.at.least(0);
        expect(box.right).to.be.at.most(window.innerWidth);
        expect(openOverlays().filter((o) => o.element === el)).to.have.length(1);
        qs(el, trigger).click();
        await el.updateComplete;
      }
    });

    it('closes a menu when focus moves out of it, and leaves focus there', async () => {
      const el = await render();
      const trigger = qs<HTMLButtonElement>(el, '.language');
      trigger.click();
      await el.updateComplete;
      expect(qs(el, '#language-menu')).to.not.equal(null);
      qs<HTMLButtonElement>(el, '.fullscreen').focus();
      await el.updateComplete;
      expect(qs(el, '#language-menu')).to.equal(null);
      expect(trigger.getAttribute('aria-expanded')).to.equal('false');
      expect(activeInside(el)).to.equal(qs(el, '.fullscreen'));
      expect(openOverlays().some((o) => o.element === el)).to.equal(false);
    });

    it('closes the panel on a click outside', async () => {
      const el = await render(teacher, { icons: icons(3) });
      el.toggleApps(true);
      await el.updateComplete;
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      await el.updateComplete;
      expect(qs(el, '[part="panel"]')).to.equal(null);
    });
  });

  describe('languages', () => {
    it('switches its labels live', async () => {
      const el = await render();
      await switchLanguage('en');
      await el.updateComplete;
      // No translations yet: the labels stay as they are, but the element re-renders and the menu marks English.
      qs(el, '.language').click();
      await el.updateComplete;
      expect(qs(el, '#language-menu [data-lang="en"]').getAttribute('aria-current')).to.equal('true');
    });

    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}`, async () => {
        await switchLanguage(lang);
        const el = await render(parent, {
          icons: [...icons(3), icon('bad', '德育评价', BROKEN, 3)],
          messageCount: 150,
          childName: '小明',
          identities: identityOptions(
            { teacherId: 't1', teacherName: '李老师', parentId: 'p1', parentName: '李家长' },
            'p1',
          ),
        });
        await nextFrame();
        await expect(el).to.be.accessible();
        el.toggleApps(true);
        await el.updateComplete;
        await expect(el).to.be.accessible();
        el.toggleApps(false);
        qs(el, '.logout').click();
        await el.updateComplete;
        await qs<EduDialog>(el, 'edu-dialog').updateComplete;
        await expect(el).to.be.accessible();
      });
    }
  });
});
