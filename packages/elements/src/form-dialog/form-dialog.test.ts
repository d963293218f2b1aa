import { aTimeout, expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { type Lang } from '@edu-portal/core/i18n/language.ts';
import '../index.ts';
import type { EduColorPicker } from '../color-picker/color-picker.ts';
import type { EduDialog } from '../dialog/dialog.ts';
import type { EduFormDialog, EduFormSubmitDetail } from './form-dialog.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { openOverlays } from '../internal/overlay-stack.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import { center, describeNode, nextFrame, switchLanguage, usePointerPage, waitUntil } from '../internal/test-utils.ts';

const W = 1000;
const H = 700;

function parts(el: EduFormDialog) {
  const root = el.shadowRoot!;
  const inner = root.querySelector<EduDialog>('edu-dialog')!;
  return {
    inner,
    native: inner.shadowRoot!.querySelector<HTMLDialogElement>('dialog')!,
    confirm: root.querySelector<HTMLButtonElement>('[part="confirm"]')!,
    cancel: root.querySelector<HTMLButtonElement>('[part="cancel"]')!,
    addNext: root.querySelector<HTMLInputElement>('[part="add-next"] input'),
    error: root.querySelector<HTMLElement>('[part="error"]'),
    discard: root.querySelector<HTMLElement>('[part="discard"]'),
    status: root.querySelector<HTMLElement>('[role="status"]')!,
  };
}

async function settle(el: EduFormDialog): Promise<void> {
  await el.updateComplete;
  await parts(el).inner.updateComplete;
  await nextFrame();
}

const input = (el: Element, name: string) => el.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

function studentForm(mode: 'add' | 'edit' = 'add') {
  return html`
    <edu-form-dialog title="学生" mode=${mode}>
      <form>
        <label>姓名 <input name="name" required /></label>
        <label>学号 <input name="code" pattern="[0-9]{4}" value="0001" /></label>
        <label
          >性别
          <select name="sex">
            <option value="1">男</option>
            <option value="2">女</option>
          </select>
        </label>
        <label><input type="checkbox" name="boarder" value="yes" /> 住校</label>
      </form>
    </edu-form-dialog>
  `;
}

/** Opens, and answers each `edu-submit` with the given function. */
async function openWith(
  template: ReturnType<typeof html>,
  onSubmit?: (detail: EduFormSubmitDetail) => void,
): Promise<{ el: EduFormDialog; submits: EduFormSubmitDetail[] }> {
  const el = await fixture<EduFormDialog>(template);
  const submits: EduFormSubmitDetail[] = [];
  el.addEventListener('edu-submit', (e) => {
    submits.push(e.detail);
    onSubmit?.(e.detail);
  });
  await el.show();
  await settle(el);
  return { el, submits };
}

describe('<edu-form-dialog>', () => {
  runOverlaySuite({
    fixture: () =>
      fixture<EduFormDialog>(html`<edu-form-dialog title="表单"><input name="a" aria-label="a" /></edu-form-dialog>`),
  });

  usePointerPage(W, H);

  describe('modes and texts', () => {
    it('add mode: "立即添加", the "submit then add next" box, and a modal dialog in the overlay stack', async () => {
      const { el } = await openWith(studentForm('add'));
      const p = parts(el);
      expect(p.native.open).to.equal(true);
      expect(p.native.matches(':modal')).to.equal(true);
      expect(openOverlays().some((o) => o.element === p.inner)).to.equal(true);
      expect(p.confirm.textContent!.trim()).to.equal('立即添加');
      expect(p.cancel.textContent!.trim()).to.equal('取消');
      expect(p.addNext).to.not.equal(null);
      expect(p.addNext!.closest('label')!.textContent!.trim()).to.equal('提交后继续添加');
    });

    it('edit mode: "立即修改" and no add-next box; confirm-text overrides; localised in en and zh-HK', async () => {
      const { el } = await openWith(studentForm('edit'));
      expect(parts(el).confirm.textContent!.trim()).to.equal('立即修改');
      expect(parts(el).addNext).to.equal(null);
      await switchLanguage('en');
      await el.updateComplete;
      expect(parts(el).confirm.textContent!.trim()).to.equal('Modify now');
      el.mode = 'add';
      await el.updateComplete;
      expect(parts(el).confirm.textContent!.trim()).to.equal('Add now');
      expect(parts(el).addNext!.closest('label')!.textContent!.trim()).to.equal('Submit then add next');
      await switchLanguage('zh-HK');
      await el.updateComplete;
      expect(parts(el).confirm.textContent!.trim()).to.equal('立即新增');
      el.confirmText = '保存';
      await el.updateComplete;
      expect(parts(el).confirm.textContent!.trim()).to.equal('保存');
      el.noAddNext = true;
      await el.updateComplete;
      expect(parts(el).addNext).to.equal(null);
    });

    it('titles itself "新增" or "修改" when no title is given', async () => {
      const el = await fixture<EduFormDialog>(html`<edu-form-dialog><input name="a" /></edu-form-dialog>`);
      await el.show('edit');
      await settle(el);
      expect(parts(el).inner.title).to.equal('修改');
      expect(parts(el).native.getAttribute('aria-labelledby')).to.equal('title');
    });
  });

  describe('reset', () => {
    it('opening in add mode resets the form; opening in edit mode keeps what the host filled', async () => {
      const el = await fixture<EduFormDialog>(studentForm('add'));
      input(el, 'name').value = '残留';
      input(el, 'boarder').checked = true;
      await el.show();
      await settle(el);
      expect(input(el, 'name').value).to.equal('');
      expect(input(el, 'boarder').checked).to.equal(false);
      expect(input(el, 'code').value).to.equal('0001');
      el.open = false;
      await settle(el);

      el.mode = 'edit';
      input(el, 'name').value = '王小明';
      await el.show();
      await settle(el);
      expect(input(el, 'name').value).to.equal('王小明');
      expect(el.dirty).to.equal(false);
    });

    it('closing resets the form in either mode and fires edu-close', async () => {
      const { el } = await openWith(studentForm('edit'));
      input(el, 'name').value = '李雷';
      input(el, 'code').value = '9999';
      const closed = oneEvent(el, 'edu-close');
      el.open = false;
      const event = await closed;
      expect(event.detail.source).to.equal('api');
      expect(event.target).to.equal(el);
      expect(input(el, 'name').value).to.equal('');
      expect(input(el, 'code').value).to.equal('0001');
      expect(el.open).to.equal(false);
    });
  });

  describe('submitting', () => {
    it('runs native validation first: an empty required field stops it and gets focus', async () => {
      const { el, submits } = await openWith(studentForm());
      await sendMouse({ type: 'click', position: center(parts(el).confirm) });
      await settle(el);
      expect(submits.length).to.equal(0);
      expect(input(el, 'name').validity.valueMissing).to.equal(true);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(input(el, 'name')));
      input(el, 'name').value = '韩梅梅';
      input(el, 'code').value = '12';
      expect(await el.submit()).to.equal(false);
      expect(submits.length).to.equal(0);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(input(el, 'code')));
    });

    it('then the validator: field messages mark controls, a string shows above the buttons', async () => {
      const { el, submits } = await openWith(studentForm());
      input(el, 'name').value = '韩梅梅';
      let answer: Record<string, string> | string | boolean = { name: '姓名已存在' };
      const seen: Array<[unknown, string]> = [];
      el.validator = async ({ values, mode }) => {
        seen.push([values['name'], mode]);
        await aTimeout(10);
        return answer;
      };
      expect(await el.submit()).to.equal(false);
      expect(seen).to.deep.equal([['韩梅梅', 'add']]);
      expect(input(el, 'name').validationMessage).to.equal('姓名已存在');
      expect(submits.length).to.equal(0);
      // Editing the field clears the message the validator set.
      input(el, 'name').focus();
      await sendKeys({ type: '甲' });
      expect(input(el, 'name').validationMessage).to.equal('');

      answer = '今天的名额已满';
      expect(await el.submit()).to.equal(false);
      await el.updateComplete;
      expect(parts(el).error!.textContent).to.equal('今天的名额已满');
      expect(parts(el).error!.getAttribute('role')).to.equal('alert');

      answer = { missingField: '没有这个字段' };
      expect(await el.submit()).to.equal(false);
      await el.updateComplete;
      expect(parts(el).error!.textContent).to.equal('没有这个字段');

      answer = true;
      const submitted = el.submit();
      await waitUntil(() => submits.length === 1, 'edu-submit');
      expect(parts(el).error).to.equal(null);
      submits[0]!.done(true);
      expect(await submitted).to.equal(true);
    });

    it('fires edu-submit with the values and shows loading until done(true), which closes', async () => {
      const { el, submits } = await openWith(studentForm());
      input(el, 'name').value = '韩梅梅';
      el.querySelector('select')!.value = '2';
      input(el, 'boarder').checked = true;
      await sendMouse({ type: 'click', position: center(parts(el).confirm) });
      await waitUntil(() => submits.length === 1, 'edu-submit');
      const detail = submits[0]!;
      expect(detail.mode).to.equal('add');
      expect(detail.addNext).to.equal(false);
      expect(detail.values).to.deep.equal({ name: '韩梅梅', code: '0001', sex: '2', boarder: 'yes' });
      expect(detail.formData.get('name')).to.equal('韩梅梅');
      await el.updateComplete;
      expect(el.submitting).to.equal(true);
      expect(parts(el).confirm.getAttribute('aria-busy')).to.equal('true');
      expect(parts(el).confirm.querySelector('.spinner')).to.not.equal(null);
      // A second press while saving sends nothing.
      await sendMouse({ type: 'click', position: center(parts(el).confirm) });
      expect(await el.submit()).to.equal(false);
      expect(submits.length).to.equal(1);

      const closed = oneEvent(el, 'edu-close');
      detail.done();
      await closed;
      expect(el.open).to.equal(false);
      expect(el.submitting).to.equal(false);
      expect(input(el, 'name').value).to.equal('');
    });

    it('done(false) keeps it open with the values; complete() ends a submission too', async () => {
      const { el, submits } = await openWith(studentForm('edit'));
      input(el, 'name').value = '李雷';
      const first = el.submit();
      await waitUntil(() => submits.length === 1, 'edu-submit');
      submits[0]!.done(false);
      expect(await first).to.equal(false);
      await el.updateComplete;
      expect(el.open).to.equal(true);
      expect(el.submitting).to.equal(false);
      expect(input(el, 'name').value).to.equal('李雷');
      expect(parts(el).confirm.getAttribute('aria-busy')).to.equal('false');

      const second = el.submit();
      await waitUntil(() => submits.length === 2, 'second edu-submit');
      el.complete(true);
      expect(await second).to.equal(true);
      await settle(el);
      expect(el.open).to.equal(false);
      // A late done() of the first submission changes nothing.
      submits[0]!.done(true);
      expect(el.open).to.equal(false);
    });

    it('a vetoed edu-submit ends the loading at once', async () => {
      const { el } = await openWith(studentForm(), () => undefined);
      el.addEventListener('edu-submit', (e) => e.preventDefault());
      input(el, 'name').value = '韩梅梅';
      expect(await el.submit()).to.equal(false);
      expect(el.submitting).to.equal(false);
      expect(el.open).to.equal(true);
    });

    it('"submit then add next": a successful save resets the form, keeps it open and focuses the first field', async () => {
      const { el, submits } = await openWith(studentForm(), (detail) => setTimeout(() => detail.done(true), 20));
      const box = parts(el).addNext!;
      await sendMouse({ type: 'click', position: center(box) });
      expect(el.addNext).to.equal(true);
      input(el, 'name').value = '第一位';
      expect(await el.submit()).to.equal(true);
      expect(submits[0]!.addNext).to.equal(true);
      await settle(el);
      expect(el.open).to.equal(true);
      expect(input(el, 'name').value).to.equal('');
      expect(describeNode(deepActiveElement())).to.equal(describeNode(input(el, 'name')));
      await waitUntil(() => parts(el).status.textContent!.includes('已保存'), 'the announcement');
      // The box stays ticked for the next record.
      expect(parts(el).addNext!.checked).to.equal(true);
      await sendKeys({ type: '第二位' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => submits.length === 2, 'the second edu-submit');
      expect(submits[1]!.values['name']).to.equal('第二位');
      await waitUntil(() => !el.submitting, 'the second save to finish');
      expect(el.open).to.equal(true);
      // In edit mode the box has no effect.
      el.mode = 'edit';
      await el.updateComplete;
      input(el, 'name').value = '改';
      expect(await el.submit()).to.equal(true);
      expect(submits[2]!.addNext).to.equal(false);
      await settle(el);
      expect(el.open).to.equal(false);
    });

    it('Enter in a field submits the slotted form', async () => {
      const { el, submits } = await openWith(studentForm());
      input(el, 'name').focus();
      await sendKeys({ type: '张三' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => submits.length === 1, 'edu-submit');
      expect(submits[0]!.values['name']).to.equal('张三');
    });
  });

  describe('controls without a <form>, and our own elements', () => {
    it('finds, reads, validates, resets the controls and submits on Enter', async () => {
      const { el, submits } = await openWith(html`
        <edu-form-dialog title="无表单">
          <input name="title" required value="默认" />
          <textarea name="body"></textarea>
          <input type="radio" name="level" value="1" checked /><input type="radio" name="level" value="2" />
          <select name="tags" multiple>
            <option value="a" selected>a</option>
            <option value="b">b</option>
          </select>
          <input name="off" disabled value="x" />
        </edu-form-dialog>
      `);
      expect(el.form).to.equal(null);
      expect(el.values).to.deep.equal({ title: '默认', body: '', level: '1', tags: 'a' });
      input(el, 'title').value = '';
      expect(await el.submit()).to.equal(false);
      expect(input(el, 'title').validity.valueMissing).to.equal(true);
      input(el, 'title').value = '通知';
      el.querySelector('textarea')!.value = '正文';
      input(el, 'level').checked = false;
      el.querySelector<HTMLInputElement>('[value="2"]')!.checked = true;
      for (const o of Array.from(el.querySelector('select')!.options)) o.selected = true;
      expect(el.dirty).to.equal(true);
      input(el, 'title').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => submits.length === 1, 'edu-submit');
      expect(submits[0]!.values).to.deep.equal({ title: '通知', body: '正文', level: '2', tags: ['a', 'b'] });
      submits[0]!.done(false);
      el.reset();
      expect(el.values).to.deep.equal({ title: '默认', body: '', level: '1', tags: 'a' });
      expect(el.dirty).to.equal(false);
    });

    it('takes form-associated values from <edu-color-picker> and resets it', async () => {
      const { el, submits } = await openWith(html`
        <edu-form-dialog>
          <form>
            <input name="name" value="标题" />
            <edu-color-picker name="color" value="#ff0000"></edu-color-picker>
          </form>
        </edu-form-dialog>
      `);
      const picker = el.querySelector<EduColorPicker>('edu-color-picker')!;
      expect(el.values['color']).to.equal('#ff0000');
      picker.value = '#00b050';
      await picker.updateComplete;
      expect(el.dirty).to.equal(true);
      void el.submit();
      await waitUntil(() => submits.length === 1, 'edu-submit');
      expect(submits[0]!.values['color']).to.equal('#00b050');
      submits[0]!.done(false);
      el.reset();
      await picker.updateComplete;
      expect(picker.value).to.equal('#ff0000');
      expect(el.dirty).to.equal(false);
    });
  });

  describe('closing', () => {
    it('edu-request-close tells whether the form is dirty, and a veto keeps it open', async () => {
      const { el } = await openWith(studentForm());
      const seen: Array<{ source: string; dirty: boolean }> = [];
      let veto = true;
      el.addEventListener('edu-request-close', (e) => {
        seen.push(e.detail as { source: string; dirty: boolean });
        if (veto) e.preventDefault();
      });
      input(el, 'name').focus();
      await sendKeys({ type: '未保存' });
      await sendKeys({ press: 'Escape' });
      await settle(el);
      expect(seen).to.deep.equal([{ source: 'escape', dirty: true }]);
      expect(el.open).to.equal(true);
      expect(parts(el).native.open).to.equal(true);
      expect(input(el, 'name').value).to.equal('未保存');
      veto = false;
      await sendMouse({ type: 'click', position: center(parts(el).cancel) });
      await settle(el);
      expect(seen[1]).to.deep.equal({ source: 'api', dirty: true });
      expect(el.open).to.equal(false);
    });

    it('the inner dialog events do not leak: one edu-open, one edu-close, from the element itself', async () => {
      const el = await fixture<EduFormDialog>(studentForm());
      const events: string[] = [];
      for (const type of ['edu-open', 'edu-close', 'edu-request-close']) {
        el.addEventListener(type, (e) => events.push(`${type}:${(e.target as Element).localName}`));
      }
      await el.show();
      await settle(el);
      await sendKeys({ press: 'Escape' });
      await settle(el);
      expect(events).to.deep.equal([
        'edu-open:edu-form-dialog',
        'edu-request-close:edu-form-dialog',
        'edu-close:edu-form-dialog',
      ]);
    });

    it('confirm-discard: a dirty form asks first; "keep editing" stays, "discard" closes; a clean form just closes', async () => {
      const { el } = await openWith(html`
        <edu-form-dialog confirm-discard
          ><form><input name="name" /></form
        ></edu-form-dialog>
      `);
      await sendKeys({ press: 'Escape' });
      await settle(el);
      expect(el.open).to.equal(false);

      await el.show();
      await settle(el);
      input(el, 'name').value = '草稿';
      await sendKeys({ press: 'Escape' });
      await settle(el);
      expect(el.open).to.equal(true);
      const bar = parts(el).discard!;
      expect(bar.getAttribute('role')).to.equal('alert');
      expect(bar.textContent).to.contain('确定放弃吗');
      expect(deepActiveElement()?.classList.contains('keep')).to.equal(true);
      await sendKeys({ press: 'Enter' });
      await settle(el);
      expect(parts(el).discard).to.equal(null);
      expect(el.open).to.equal(true);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(input(el, 'name')));

      await sendMouse({ type: 'click', position: center(parts(el).inner.shadowRoot!.querySelector('.close')!) });
      await settle(el);
      const discard = parts(el).discard!.querySelector<HTMLButtonElement>('button:not(.keep)')!;
      await sendMouse({ type: 'click', position: center(discard) });
      await settle(el);
      expect(el.open).to.equal(false);
      expect(input(el, 'name').value).to.equal('');
    });

    it('closing during a submission drops it: a late done() does not touch the next opening', async () => {
      const { el, submits } = await openWith(studentForm());
      input(el, 'name').value = '甲';
      const pending = el.submit();
      await waitUntil(() => submits.length === 1, 'edu-submit');
      el.open = false;
      expect(await pending).to.equal(false);
      await el.show();
      await settle(el);
      submits[0]!.done(true);
      await settle(el);
      expect(el.open).to.equal(true);
    });
  });

  describe('keyboard', () => {
    it('Tab cycles through the fields and the footer inside the dialog', async () => {
      await openWith(html`
        <edu-form-dialog title="T"
          ><form><input name="a" /><input name="b" /></form
        ></edu-form-dialog>
      `);
      // Opening focused the first field; Tab goes on from there and round.
      const seen: string[] = [];
      for (let i = 0; i < 8; i++) {
        await sendKeys({ press: 'Tab' });
        const active = deepActiveElement();
        seen.push(
          active instanceof HTMLInputElement && active.name
            ? active.name
            : (active?.getAttribute('part') ?? active?.className ?? ''),
        );
      }
      // b, add-next box, cancel, confirm, move handle, close, a, then b again.
      expect(seen.slice(0, 7)).to.deep.equal(['b', '', 'cancel', 'confirm', 'move', 'close', 'a']);
      expect(seen[7]).to.equal('b');
    });

    it('focuses the first field on opening, so typing starts at once', async () => {
      const { el } = await openWith(html`
        <edu-form-dialog title="T"
          ><form>
            <input type="hidden" name="id" value="1" />
            <input name="off" disabled />
            <input name="first" />
            <input name="second" /></form
        ></edu-form-dialog>
      `);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(input(el, 'first')));
      await sendKeys({ type: '张三' });
      expect(input(el, 'first').value).to.equal('张三');
      // In edit mode too, and an [autofocus] control still wins.
      fixtureCleanup();
      const edit = await openWith(html`
        <edu-form-dialog title="T" mode="edit"
          ><form><input name="first" /><input name="second" autofocus /></form
        ></edu-form-dialog>
      `);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(input(edit.el, 'second')));
    });
  });

  describe("validation messages in the portal's language (validation messages in the portal's language)", () => {
    function constraintForm() {
      return html`
        <edu-form-dialog title="T"
          ><form>
            <input name="req" required />
            <input name="mail" type="email" />
            <input name="code" pattern="[0-9]{4}" />
            <input name="coded" pattern="[0-9]{4}" title="4 位数字" />
            <input name="nick" minlength="3" />
            <input name="age" type="number" min="6" max="20" />
            <input name="site" type="url" />
            <select name="pick" required>
              <option value="">--</option>
              <option value="1">一</option>
            </select>
            <input name="agree" type="checkbox" required /></form
        ></edu-form-dialog>
      `;
    }

    const expected: Record<Lang, Record<string, string>> = {
      'zh-CN': {
        req: '此项为必填项',
        mail: '请输入正确的电子邮箱',
        code: '请按要求的格式填写',
        coded: '请按要求的格式填写：4 位数字',
        nick: '请至少输入 3 个字符（当前为 2 个）',
        ageLow: '不能小于 6',
        ageHigh: '不能大于 20',
        site: '请输入正确的网址',
        pick: '请选择一项',
        agree: '请勾选此项',
      },
      en: {
        req: 'This field is required',
        mail: 'Please enter a valid e-mail address',
        code: 'Please match the requested format',
        coded: 'Please match the requested format: 4 位数字',
        nick: 'Please enter at least 3 characters (you entered 2)',
        ageLow: 'The value must be 6 or more',
        ageHigh: 'The value must be 20 or less',
        site: 'Please enter a valid web address',
        pick: 'Please select an item',
        agree: 'Please tick this box',
      },
      'zh-HK': {
        req: '此項為必填項',
        mail: '請輸入正確的電郵地址',
        code: '請按要求的格式填寫',
        coded: '請按要求的格式填寫：4 位数字',
        nick: '請至少輸入 3 個字元（目前為 2 個）',
        ageLow: '不能小於 6',
        ageHigh: '不能大於 20',
        site: '請輸入正確的網址',
        pick: '請選擇一項',
        agree: '請勾選此項',
      },
    };

    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`words required, type, pattern, length and range in ${lang}`, async () => {
        await switchLanguage(lang);
        const { el, submits } = await openWith(constraintForm());
        input(el, 'mail').value = 'not-mail';
        input(el, 'code').value = '12';
        input(el, 'coded').value = 'ab';
        input(el, 'age').value = '3';
        input(el, 'site').value = 'no url';
        // minlength applies to what the user typed only.
        input(el, 'nick').focus();
        await sendKeys({ type: 'ab' });
        expect(await el.submit()).to.equal(false);
        expect(submits.length).to.equal(0);
        const want = expected[lang];
        const message = (name: string) =>
          el.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!.validationMessage;
        expect(message('req')).to.equal(want['req']);
        expect(message('mail')).to.equal(want['mail']);
        expect(message('code')).to.equal(want['code']);
        expect(message('coded')).to.equal(want['coded']);
        expect(message('nick')).to.equal(want['nick']);
        expect(message('age')).to.equal(want['ageLow']);
        expect(message('site')).to.equal(want['site']);
        expect(message('pick')).to.equal(want['pick']);
        expect(message('agree')).to.equal(want['agree']);
        input(el, 'age').value = '30';
        expect(await el.submit()).to.equal(false);
        expect(message('age')).to.equal(want['ageHigh']);
      });
    }

    it('a corrected field loses the message; a still-failing one is worded again on the next try', async () => {
      const { el, submits } = await openWith(html`
        <edu-form-dialog title="T"
          ><form><input name="name" required /><input name="code" pattern="[0-9]{4}" /></form
        ></edu-form-dialog>
      `);
      expect(await el.submit()).to.equal(false);
      expect(input(el, 'name').validationMessage).to.equal('此项为必填项');
      input(el, 'name').focus();
      await sendKeys({ type: '李' });
      expect(input(el, 'name').validity.valid).to.equal(true);
      input(el, 'code').value = 'x';
      expect(await el.submit()).to.equal(false);
      expect(input(el, 'name').validationMessage).to.equal('');
      expect(input(el, 'code').validationMessage).to.equal('请按要求的格式填写');
      input(el, 'code').value = '1234';
      el.addEventListener('edu-submit', (e) => e.detail.done(true));
      expect(await el.submit()).to.equal(true);
      expect(submits.length).to.equal(1);
    });

    it('leaves a custom message the host set itself', async () => {
      const { el } = await openWith(html`
        <edu-form-dialog title="T"
          ><form><input name="name" /></form
        ></edu-form-dialog>
      `);
      input(el, 'name').setCustomValidity('宿主的提示');
      expect(await el.submit()).to.equal(false);
      expect(input(el, 'name').validationMessage).to.equal('宿主的提示');
    });
  });

  describe('drawer', () => {
    it('is full height at the right edge (or the left), without a move handle', async () => {
      const { el } = await openWith(html`
        <edu-form-dialog variant="drawer" title="抽屉"
          ><form><input name="a" /></form
        ></edu-form-dialog>
      `);
      let r = parts(el).native.getBoundingClientRect();
      expect(Math.round(r.height)).to.equal(H);
      expect(Math.round(r.right)).to.equal(W);
      expect(Math.round(r.top)).to.equal(0);
      expect(r.width).to.be.within(359, 400);
      expect(parts(el).inner.shadowRoot!.querySelector('.move')).to.equal(null);
      // The footer sits at the bottom.
      const footer = parts(el).inner.shadowRoot!.querySelector('[part="footer"]')!.getBoundingClientRect();
      expect(Math.round(footer.bottom)).to.equal(H);
      el.position = 'left';
      el.width = '500px';
      await settle(el);
      r = parts(el).native.getBoundingClientRect();
      expect(Math.round(r.left)).to.equal(0);
      expect(Math.round(r.width)).to.equal(500);
    });
  });

  describe('accessibility', () => {
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}, in add mode, with an error and with the discard question`, async () => {
        await switchLanguage(lang);
        const { el } = await openWith(html`
          <edu-form-dialog title="学生" confirm-discard>
            <form>
              <label>姓名 <input name="name" /></label>
            </form>
          </edu-form-dialog>
        `);
        await expect(el).to.be.accessible();
        el.validator = () => '名额已满';
        await el.submit();
        input(el, 'name').value = 'x';
        await sendKeys({ press: 'Escape' });
        await settle(el);
        expect(parts(el).discard).to.not.equal(null);
        await expect(el).to.be.accessible();
      });
    }
  });
});
