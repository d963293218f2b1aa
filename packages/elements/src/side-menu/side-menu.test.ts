import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { DEFAULT_LEFT_MENU, readLeftMenu, writeLeftMenu } from '@edu-portal/core/desktop/left-menu.ts';
import { defineElement } from '../internal/define-element.ts';
import { describeNode, nextFrame, qs, switchLanguage, testIcon, waitUntil } from '../internal/test-utils.ts';
import { EduSideMenu, type EduSideMenuChangeDetail } from './side-menu.ts';

defineElement('edu-side-menu', EduSideMenu);

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const BROKEN = '/no/such/menu-icon.png';

function icon(code: string, name: string, image = PNG, unreadCount = 0, englishName = ''): AppIcon {
  return testIcon(code, name, { imagePath: image, unreadCount, englishName });
}

const apps: AppIcon[] = [
  icon('homework', '作业', PNG, 4, 'Homework'),
  icon('notice', '通知公告', PNG, 250, 'Notices'),
  icon('bad', '德育评价', BROKEN, 0, 'Moral education'),
];

function app(el: EduSideMenu, code: string): HTMLButtonElement {
  return qs<HTMLButtonElement>(el, `button.app[data-code="${code}"]`);
}

function activeInside(el: EduSideMenu): string {
  const active = el.shadowRoot!.activeElement as HTMLElement | null;
  return `${describeNode(active)}${active?.dataset['code'] ? `:${active.dataset['code']}` : ''}`;
}

function collect<T>(el: EventTarget, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (event) => seen.push((event as CustomEvent<T>).detail));
  return seen;
}

async function render(props: Partial<EduSideMenu> = {}): Promise<EduSideMenu> {
  const el = await fixture<EduSideMenu>(html`<edu-side-menu style="height: 400px"></edu-side-menu>`);
  Object.assign(el, { icons: apps, ...props });
  await el.updateComplete;
  return el;
}

describe('<edu-side-menu>', () => {
  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('is a labelled nav listing the apps, the current one marked', async () => {
    const el = await render({ activeCode: 'notice' });
    const nav = qs(el, 'nav');
    expect(nav.getAttribute('aria-label')).to.equal('应用菜单');
    const codes = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('button.app')).map((b) => b.dataset['code']);
    expect(codes).to.deep.equal(['homework', 'notice', 'bad']);
    expect(app(el, 'notice').getAttribute('aria-current')).to.equal('page');
    expect(app(el, 'homework').getAttribute('aria-current')).to.equal('false');
    expect(app(el, 'homework').querySelector('.label')!.textContent).to.equal('作业');
    expect(el.getBoundingClientRect().width).to.equal(200);
  });

  it('shares the desktop tile: badges (99+) with accessible text, and the letter when the picture fails', async () => {
    const el = await render();
    expect(app(el, 'notice').querySelector('[part="badge"]')!.textContent).to.equal('99+');
    expect(app(el, 'homework').querySelector('[part="badge"]')!.textContent).to.equal('4');
    expect(app(el, 'notice').textContent!.replace(/\s+/g, ' ')).to.contain('99+ 条未读');
    await waitUntil(() => app(el, 'bad').querySelector('.fallback') !== null, 'the letter tile');
    expect(app(el, 'bad').querySelector('.fallback')!.textContent).to.equal('德');
  });

  it('collapses and expands with the button, reporting the state from core', async () => {
    const el = await render();
    const toggle = qs<HTMLButtonElement>(el, '[part="toggle"]');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(toggle.getAttribute('aria-label')).to.equal('收起菜单');
    const change = oneEvent(el, 'edu-side-menu-change');
    toggle.click();
    expect((await change).detail).to.deep.equal({ collapsed: true, locked: false });
    await el.updateComplete;
    expect(el.collapsed).to.equal(true);
    expect(el.hasAttribute('collapsed')).to.equal(true);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-label')).to.equal('展开菜单');
    expect(el.getBoundingClientRect().width).to.be.within(63, 65);
    // Collapsed: the name is the accessible name and the tooltip, not shown.
    const label = app(el, 'homework').querySelector('.label')!;
    expect(label.classList.contains('visually-hidden')).to.equal(true);
    expect(app(el, 'homework').title).to.equal('作业, 4 条未读');
    expect(app(el, 'bad').title).to.equal('德育评价');
    toggle.click();
    await el.updateComplete;
    expect(el.collapsed).to.equal(false);
    // Expanded, the name may take two lines and end in an ellipsis: the whole name stays the tooltip.
    expect(app(el, 'homework').title).to.equal('作业');
  });

  it('while locked, ignores the collapse button until unlocked', async () => {
    const el = await render();
    const events = collect<EduSideMenuChangeDetail>(el, 'edu-side-menu-change');
    const lock = qs<HTMLButtonElement>(el, '[part="lock"]');
    const toggle = qs<HTMLButtonElement>(el, '[part="toggle"]');
    expect(lock.getAttribute('aria-pressed')).to.equal('false');
    lock.click();
    await el.updateComplete;
    expect(events).to.deep.equal([{ collapsed: false, locked: true }]);
    expect(el.hasAttribute('locked')).to.equal(true);
    expect(lock.getAttribute('aria-pressed')).to.equal('true');
    expect(lock.title).to.equal('解除锁定');
    expect(toggle.getAttribute('aria-disabled')).to.equal('true');
    const hint = el.shadowRoot!.getElementById(toggle.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).to.contain('已锁定');
    toggle.click();
    await el.updateComplete;
    expect(el.collapsed).to.equal(false);
    expect(events.length).to.equal(1);
    lock.click();
    toggle.click();
    await el.updateComplete;
    expect(events).to.deep.equal([
      { collapsed: false, locked: true },
      { collapsed: false, locked: false },
      { collapsed: true, locked: false },
    ]);
    expect(toggle.getAttribute('aria-disabled')).to.equal('false');
    expect(toggle.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('starts from the saved state and gives the host what writeLeftMenu saves', async () => {
    localStorage.removeItem('edu_left_menu_u1');
    expect(readLeftMenu('u1')).to.deep.equal(DEFAULT_LEFT_MENU);
    const el = await render(readLeftMenu('u1'));
    el.addEventListener('edu-side-menu-change', (event) => writeLeftMenu('u1', event.detail));
    qs<HTMLButtonElement>(el, '[part="toggle"]').click();
    qs<HTMLButtonElement>(el, '[part="lock"]').click();
    expect(readLeftMenu('u1')).to.deep.equal({ collapsed: true, locked: true });
    fixtureCleanup();
    const again = await render(readLeftMenu('u1'));
    expect(again.collapsed && again.locked).to.equal(true);
    expect(again.hasAttribute('collapsed')).to.equal(true);
    localStorage.removeItem('edu_left_menu_u1');
  });

  it('opens an app on click', async () => {
    const el = await render();
    const opened = oneEvent(el, 'edu-open-app');
    app(el, 'notice').click();
    expect((await opened).detail.icon.code).to.equal('notice');
  });

  it('works by keyboard alone', async () => {
    const el = await render();
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    const events = collect<EduSideMenuChangeDetail>(el, 'edu-side-menu-change');
    const opened = collect<{ icon: AppIcon }>(el, 'edu-open-app');
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(activeInside(el)).to.contain('[part=toggle]');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.collapsed).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(activeInside(el)).to.contain('[part=lock]');
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(el.locked).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(activeInside(el)).to.match(/:homework$/);
    await sendKeys({ press: 'ArrowDown' });
    expect(activeInside(el)).to.match(/:notice$/);
    await sendKeys({ press: 'End' });
    expect(activeInside(el)).to.match(/:bad$/);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'Space' });
    expect(opened.map((d) => d.icon.code)).to.deep.equal(['notice', 'homework']);
    expect(events).to.deep.equal([
      { collapsed: true, locked: false },
      { collapsed: true, locked: true },
    ]);
    before.remove();
  });

  describe('accessibility', () => {
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}, expanded and collapsed`, async () => {
        await switchLanguage(lang);
        const el = await render({ activeCode: 'homework', locked: true });
        await waitUntil(() => app(el, 'bad').querySelector('.fallback') !== null, 'the letter tile');
        await nextFrame();
        await expect(el).to.be.accessible();
        el.collapsed = true;
        await el.updateComplete;
        await expect(el).to.be.accessible();
        if (lang === 'en') {
          expect(qs(el, 'nav').getAttribute('aria-label')).to.equal('App menu');
          expect(qs(el, '[part="toggle"]').getAttribute('aria-label')).to.equal('Expand menu');
          expect(app(el, 'homework').title).to.equal('Homework, 4 unread');
        }
        if (lang === 'zh-HK') {
          expect(qs(el, '[part="lock"]').getAttribute('aria-label')).to.equal('鎖定選單');
          expect(qs(el, '[part="toggle"]').getAttribute('aria-label')).to.equal('展開選單');
        }
      });
    }
  });
});
