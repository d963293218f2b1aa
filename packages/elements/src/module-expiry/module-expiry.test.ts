import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { parseModuleExpiry, type ModuleExpiry } from '@edu-portal/core/messages/expiry.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { EduEmpty } from '../empty/empty.ts';
import { defineElement } from '../internal/define-element.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import { describeNode, dialogOf, itInLocales, q, settle, showSettled, switchLanguage } from '../internal/test-utils.ts';
import { EduModuleExpiryDialog } from './module-expiry.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-empty', EduEmpty);
defineElement('edu-module-expiry-dialog', EduModuleExpiryDialog);

const DAY = 86_400_000;
const now = new Date(2026, 4, 20, 12, 0, 0).getTime();

// Built by core, as the host does from a message's content; given in the wrong order on purpose below.
const parsed = parseModuleExpiry(
  JSON.stringify([
    { code: 'edu', endTime: now + 200 * DAY },
    { code: 'oa', endTime: now - 3 * DAY },
    { code: 'res', endTime: now + 30 * DAY },
    { code: 'lib', endTime: now + 10 * DAY },
  ]),
  { now, names: { edu: '教务管理', oa: '协同办公', res: '资源中心', lib: '图书馆' } },
);
const shuffled: readonly ModuleExpiry[] = [...parsed].reverse();

async function opened(entries: readonly ModuleExpiry[] = shuffled): Promise<EduModuleExpiryDialog> {
  const el = await fixture<EduModuleExpiryDialog>(
    html`<edu-module-expiry-dialog .entries=${entries}></edu-module-expiry-dialog>`,
  );
  return showSettled(el);
}

function rows(el: EduModuleExpiryDialog): string[][] {
  return Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) =>
    Array.from(tr.children).map((cell) => cell.textContent!.trim()),
  );
}

function ymd(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('<edu-module-expiry-dialog>', () => {
  runOverlaySuite({
    fixture: () =>
      fixture<EduModuleExpiryDialog>(html`<edu-module-expiry-dialog .entries=${shuffled}></edu-module-expiry-dialog>`),
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('shows a real table: expired, expiring (earliest first), in use, with yyyy-MM-dd dates', async () => {
    const el = await opened();
    const table = q<HTMLTableElement>(el, 'table')!;
    expect(table.caption!.textContent!.trim()).to.equal('模块到期情况');
    const headers = Array.from(table.tHead!.querySelectorAll('th')).map((th) => th.textContent!.trim());
    expect(headers).to.deep.equal(['模块名称', '到期时间', '状态']);
    expect(Array.from(table.tHead!.querySelectorAll('th')).every((th) => th.scope === 'col')).to.equal(true);
    expect(rows(el)).to.deep.equal([
      ['协同办公', ymd(now - 3 * DAY), '已过期'],
      ['图书馆', ymd(now + 10 * DAY), '即将到期'],
      ['资源中心', ymd(now + 30 * DAY), '即将到期'],
      ['教务管理', ymd(now + 200 * DAY), '使用中'],
    ]);
    expect(rows(el)[0]![1]).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(q(el, 'tbody time')!.getAttribute('datetime')).to.equal(ymd(now - 3 * DAY));
    expect(q(el, '[part="note"]')!.textContent).to.contain('请联系管理员');
    expect(dialogOf(el).title).to.equal('模块到期提醒');
  });

  it('colours each status differently, with its text', async () => {
    const el = await opened();
    const tags = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[part="status"]'));
    const colour = (i: number) => getComputedStyle(tags[i]!).color;
    expect(tags.map((t) => t.className)).to.deep.equal([
      'status expired',
      'status expiring',
      'status expiring',
      'status in-use',
    ]);
    expect(colour(0)).to.equal('rgb(179, 16, 12)');
    expect(colour(1)).to.equal('rgb(138, 75, 0)');
    expect(colour(3)).to.equal('rgb(43, 108, 14)');
  });

  it('shows the empty block without entries', async () => {
    const el = await opened([]);
    expect(q(el, 'table')).to.equal(null);
    expect(q(el, 'edu-empty')).to.not.equal(null);
    expect(q(el, '[part="note"]')).to.not.equal(null);
    el.entries = parsed;
    await settle(el);
    expect(q(el, 'edu-empty')).to.equal(null);
    expect(rows(el)).to.have.length(4);
  });

  it('closes by its close button through edu-request-close, which may veto', async () => {
    const el = await opened();
    el.addEventListener('edu-request-close', (e) => e.preventDefault(), { once: true });
    setTimeout(() => q(el, '[part="close"]')!.click());
    await oneEvent(el, 'edu-request-close');
    await settle(el);
    expect(el.open).to.equal(true);
    setTimeout(() => q(el, '[part="close"]')!.click());
    await oneEvent(el, 'edu-close');
    await settle(el);
    expect(el.open).to.equal(false);
  });

  it('works by keyboard: Tab reaches the close button, Enter closes; Escape closes too', async () => {
    const el = await opened();
    // Move handle, header close button, footer close button.
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'Tab' });
    expect(describeNode(deepActiveElement())).to.equal(describeNode(q(el, '[part="close"]')));
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(el.open).to.equal(false);
    await el.show();
    await settle(el);
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.open).to.equal(false);
  });

  itInLocales('passes axe', async () => {
    const el = await opened();
    await expect(el).to.be.accessible();
    el.entries = [];
    await settle(el);
    await expect(el).to.be.accessible();
  });

  it('follows the language in force', async () => {
    const el = await opened();
    await switchLanguage('en');
    await settle(el);
    expect(rows(el).map((r) => r[2])).to.deep.equal(['Expired', 'Expiring soon', 'Expiring soon', 'In use']);
    await switchLanguage('zh-HK');
    await settle(el);
    expect(rows(el)[0]![2]).to.equal('已過期');
  });
});
