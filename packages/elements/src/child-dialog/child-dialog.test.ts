import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { type Lang } from '@edu-portal/core/i18n/language.ts';
import type { Child } from '@edu-portal/core/session/types.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { EduEmpty } from '../empty/empty.ts';
import { defineElement } from '../internal/define-element.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import {
  describeNode,
  dialogOf,
  itInLocales,
  q,
  settle,
  showSettled,
  switchLanguage,
  tabTo,
} from '../internal/test-utils.ts';
import { EduChildDialog, type EduChildSelectEvent } from './child-dialog.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-empty', EduEmpty);
defineElement('edu-child-dialog', EduChildDialog);

const CHILDREN: readonly Child[] = [
  { id: 's1', realName: '李小明', gradeName: '三年级', className: '三(2)班' },
  { id: 's2', realName: '李小红', gradeName: '一年级', className: '一(5)班' },
  { id: 's 3', realName: 'amy Lee', gradeName: 'Grade 5', className: '5B' },
];

function closeButton(el: EduChildDialog): HTMLElement {
  return dialogOf(el).shadowRoot!.querySelector<HTMLElement>('[part="close"]')!;
}

function enterButton(el: EduChildDialog, id: string): HTMLButtonElement {
  return q<HTMLButtonElement>(el, `[part="enter"][data-id="${id}"]`)!;
}

function rows(el: EduChildDialog): HTMLTableRowElement[] {
  return Array.from(el.shadowRoot!.querySelectorAll<HTMLTableRowElement>('tbody tr'));
}

async function opened(
  { students = CHILDREN, currentId = 's1', required = false } = {} as {
    students?: readonly Child[];
    currentId?: string;
    required?: boolean;
  },
): Promise<EduChildDialog> {
  const el = await fixture<EduChildDialog>(
    html`<edu-child-dialog .students=${students} current-id=${currentId} ?required=${required}></edu-child-dialog>`,
  );
  return showSettled(el);
}

describe('<edu-child-dialog>', () => {
  runOverlaySuite({
    fixture: () =>
      fixture<EduChildDialog>(html`<edu-child-dialog .students=${CHILDREN} current-id="s1"></edu-child-dialog>`),
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('shows a table of name, grade, class and an enter button, with a caption', async () => {
    const el = await opened();
    expect(dialogOf(el).title).to.equal('选择孩子');
    const table = q<HTMLTableElement>(el, 'table')!;
    expect(table.caption!.textContent!.trim()).to.equal('请选择要查看的孩子');
    const heads = Array.from(table.tHead!.querySelectorAll('th')).map((th) => th.textContent!.trim());
    expect(heads).to.deep.equal(['姓名', '年级', '班级', '操作']);
    const cells = rows(el).map((row) =>
      Array.from(row.cells).map((cell) => cell.querySelector('.name')?.textContent ?? cell.textContent!.trim()),
    );
    expect(cells).to.deep.equal([
      ['李小明', '三年级', '三(2)班', '已进入'],
      ['李小红', '一年级', '一(5)班', '进入'],
      ['amy Lee', 'Grade 5', '5B', '进入'],
    ]);
    // The name is each row's header.
    const firstCells = rows(el).map(
      (row) => `${row.cells[0]!.localName}[scope=${row.cells[0]!.getAttribute('scope')}]`,
    );
    expect(firstCells).to.deep.equal(['th[scope=row]', 'th[scope=row]', 'th[scope=row]']);
  });

  it('draws each avatar as the first character of the name (upper-cased for Latin names)', async () => {
    const el = await opened();
    const avatars = Array.from(el.shadowRoot!.querySelectorAll('[part="avatar"]'));
    expect(avatars.map((a) => a.textContent)).to.deep.equal(['李', '李', 'A']);
    expect(avatars.every((a) => a.getAttribute('aria-hidden') === 'true')).to.equal(true);
    const box = avatars[0]!.getBoundingClientRect();
    expect(box.width).to.equal(box.height);
    expect(getComputedStyle(avatars[0]!).borderRadius).to.equal('50%');
  });

  it('marks the current child: the 当前 tag, aria-current, and a disabled 已进入 button', async () => {
    const el = await opened({ currentId: 's2' });
    const [first, second] = rows(el);
    expect(first!.hasAttribute('aria-current')).to.equal(false);
    expect(first!.querySelector('[part="current"]')).to.equal(null);
    expect(second!.getAttribute('aria-current')).to.equal('true');
    expect(second!.querySelector('[part="current"]')!.textContent).to.equal('当前');
    expect(enterButton(el, 's2').disabled).to.equal(true);
    expect(enterButton(el, 's2').textContent!.trim()).to.equal('已进入');
    expect(enterButton(el, 's1').disabled).to.equal(false);
    expect(el.shadowRoot!.querySelectorAll('[part="current"]').length).to.equal(1);
  });

  it('names each enter button by its child', async () => {
    const el = await opened();
    const button = enterButton(el, 's 3');
    const described = el.shadowRoot!.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(described.textContent).to.equal('amy Lee');
  });

  it('entering a child fires a cancelable edu-child-select and closes', async () => {
    const el = await opened();
    setTimeout(() => enterButton(el, 's2').click());
    const event = (await oneEvent(el, 'edu-child-select')) as EduChildSelectEvent;
    expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
    expect(event.detail).to.deep.equal({ child: CHILDREN[1], current: false });
    await settle(el);
    expect(el.open).to.equal(false);
  });

  it('ignores the current child: no event', async () => {
    const el = await opened({ currentId: 's1' });
    let selects = 0;
    el.addEventListener('edu-child-select', () => selects++);
    enterButton(el, 's1').click();
    await settle(el);
    expect(selects).to.equal(0);
    expect(el.open).to.equal(true);
  });

  it('a vetoed choice stays open; while busy the buttons are disabled and the chosen one spins', async () => {
    const el = await opened();
    const selected: string[] = [];
    el.addEventListener('edu-child-select', (e) => {
      selected.push(e.detail.child.id);
      e.preventDefault();
      el.busy = true;
    });
    enterButton(el, 's 3').click();
    await settle(el);
    expect(el.open).to.equal(true);
    expect(selected).to.deep.equal(['s 3']);
    expect(enterButton(el, 's 3').querySelector('.spinner')).to.not.equal(null);
    expect(enterButton(el, 's2').querySelector('.spinner')).to.equal(null);
    expect(enterButton(el, 's2').getAttribute('aria-disabled')).to.equal('true');
    expect(enterButton(el, 's 3').getAttribute('aria-disabled')).to.equal('true');
    expect(q(el, 'table')!.getAttribute('aria-busy')).to.equal('true');
    enterButton(el, 's2').click();
    await settle(el);
    expect(selected).to.deep.equal(['s 3']);
    el.busy = false;
    await settle(el);
    expect(el.shadowRoot!.querySelector('.spinner')).to.equal(null);
    expect(enterButton(el, 's2').hasAttribute('aria-disabled')).to.equal(false);
    enterButton(el, 's2').click();
    expect(selected).to.deep.equal(['s 3', 's2']);
  });

  it('shows the empty block without children', async () => {
    const el = await opened({ students: [] });
    expect(q(el, 'table')).to.equal(null);
    const empty = q<EduEmpty>(el, 'edu-empty')!;
    expect(empty.description).to.equal('没有可选择的孩子');
  });

  it('closes normally when not required: close button and Escape', async () => {
    const el = await opened();
    expect(getComputedStyle(closeButton(el)).display).to.not.equal('none');
    const request = oneEvent(el, 'edu-request-close');
    await sendKeys({ press: 'Escape' });
    const event = await request;
    expect(event.detail.source).to.equal('escape');
    expect(event.cancelable).to.equal(true);
    await settle(el);
    expect(el.open).to.equal(false);
    await el.show();
    await settle(el);
    const closed = oneEvent(el, 'edu-close');
    closeButton(el).click();
    expect((await closed).detail.source).to.equal('close-button');
  });

  it('required: no close button, Escape does nothing, the current child may be confirmed', async () => {
    const el = await opened({ required: true, currentId: 's1' });
    let requests = 0;
    el.addEventListener('edu-request-close', () => requests++);
    expect(getComputedStyle(closeButton(el)).display).to.equal('none');
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.open).to.equal(true);
    expect(requests).to.equal(0);
    expect(await dialogOf(el).requestClose()).to.equal(false);
    expect(el.open).to.equal(true);
    const current = enterButton(el, 's1');
    expect(current.disabled).to.equal(false);
    expect(current.textContent!.trim()).to.equal('进入');
    expect(rows(el)[0]!.querySelector('[part="current"]')).to.not.equal(null);
    setTimeout(() => current.click());
    const event = (await oneEvent(el, 'edu-child-select')) as EduChildSelectEvent;
    expect(event.detail).to.deep.equal({ child: CHILDREN[0], current: true });
    await settle(el);
    expect(el.open).to.equal(false);
  });

  it('required without children closes normally (nothing to choose)', async () => {
    const el = await opened({ required: true, students: [] });
    expect(getComputedStyle(closeButton(el)).display).to.not.equal('none');
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.open).to.equal(false);
  });

  it('works by keyboard: Tab reaches the enter buttons, Enter and Space choose', async () => {
    const el = await opened({ currentId: 's1' });
    const selected: string[] = [];
    el.addEventListener('edu-child-select', (e) => {
      selected.push(e.detail.child.id);
      e.preventDefault();
    });
    const second = enterButton(el, 's2');
    const third = enterButton(el, 's 3');
    expect(await tabTo(second)).to.equal(describeNode(second));
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Tab' });
    expect(describeNode(deepActiveElement())).to.equal(describeNode(third));
    await sendKeys({ press: 'Space' });
    expect(selected).to.deep.equal(['s2', 's 3']);
    // The disabled current child's button is no tab stop.
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    expect(describeNode(deepActiveElement())).to.not.equal(describeNode(enterButton(el, 's1')));
  });

  const titles: Record<Lang, string> = { 'zh-CN': '选择孩子', en: 'Choose a child', 'zh-HK': '選擇子女' };
  itInLocales('passes axe', async (lang) => {
    const el = await opened({ currentId: 's2' });
    expect(dialogOf(el).title).to.equal(titles[lang]);
    await expect(el).to.be.accessible();
    el.busy = true;
    enterButton(el, 's1').click();
    await settle(el);
    await expect(el).to.be.accessible();
  });

  itInLocales('passes axe when empty', async () => {
    const el = await opened({ students: [], required: true });
    await expect(el).to.be.accessible();
  });
});
