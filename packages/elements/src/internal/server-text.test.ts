// Server texts in traditional characters: server texts (a Chinese and an English part only) show in traditional characters (Hong Kong) for
// zh-HK, through core's serverText, in every element that shows them; the converter is loaded only for zh-HK. This
// file runs in a page of its own, so the first test sees whether anything loaded the converter before zh-HK.
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { setLanguage } from '@edu-portal/core/i18n/language.ts';
import { pickBilingual } from '@edu-portal/core/i18n/bilingual.ts';
import { serverText, traditionalConverterReady } from '@edu-portal/core/i18n/server-text.ts';
import { iconLabel } from '@edu-portal/core/desktop/icons.ts';
import { EduHeader } from '../header/header.ts';
import { EduFooter } from '../footer/footer.ts';
import { EduChildDialog } from '../child-dialog/child-dialog.ts';
import { defineElement } from './define-element.ts';
import { localeReady } from './localize.ts';
import { testIcon, waitUntil } from './test-utils.ts';

defineElement('edu-header', EduHeader);
defineElement('edu-footer', EduFooter);
defineElement('edu-child-dialog', EduChildDialog);

const user = {
  realName: '王老师',
  userType: 2,
  unitType: 2,
  unitName: '滨江区实验学校',
  unitEnName: 'Binjiang School',
};
const apps = [testIcon('notice', '学校通知'), testIcon('edu', '教务管理')];

function converterRequests(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /opencc/i.test(name));
}

async function renderHeader(): Promise<EduHeader> {
  const el = await fixture<EduHeader>(html`<edu-header .user=${user} .icons=${apps}></edu-header>`);
  await el.updateComplete;
  return el;
}

const title = (el: EduHeader) => el.shadowRoot!.querySelector('span[part="title"]')!.textContent!.trim();
const labels = (el: EduHeader) =>
  Array.from(el.shadowRoot!.querySelectorAll('[part="apps"] .label'), (label) => label.textContent!.trim());

describe('server texts in traditional Chinese for zh-HK', () => {
  before(() => setViewport({ width: 1400, height: 800 }));
  afterEach(() => fixtureCleanup());

  it('does not load the converter for zh-CN and en', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      setLanguage(lang);
      await localeReady();
      const el = await renderHeader();
      expect(title(el)).to.equal(lang === 'en' ? 'Binjiang School' : '滨江区实验学校');
      expect(serverText('学校', 'School')).to.equal(lang === 'en' ? 'School' : '学校');
      expect(pickBilingual('学校|||School')).to.equal(lang === 'en' ? 'School' : '学校');
      fixtureCleanup();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(traditionalConverterReady()).to.equal(false);
    expect(converterRequests()).to.deep.equal([]);
  });

  it('shows unit and app names, bilingual texts and footers in traditional characters once zh-HK is chosen', async () => {
    const el = await renderHeader();
    const footer = await fixture<EduFooter>(
      html`<edu-footer .footerMsg=${{ show: true, copyright: '版权所有 滨江区教育局' }}></edu-footer>`,
    );
    setLanguage('zh-HK');
    await localeReady();
    expect(traditionalConverterReady()).to.equal(true);
    expect(converterRequests().length).to.be.greaterThan(0);
    await waitUntil(() => title(el) === '濱江區實驗學校', 'the unit name in traditional characters');
    expect(labels(el)).to.deep.equal(['學校通知', '教務管理']);
    await waitUntil(() => footer.shadowRoot!.textContent!.includes('版權所有 濱江區教育局'), 'the footer converted');
    expect(serverText('学校', 'School')).to.equal('學校');
    expect(pickBilingual('请求失败|||Request failed')).to.equal('請求失敗');
    expect(iconLabel(testIcon('x', '课程表'), 'zh-HK')).to.equal('課程表');
    // The interface's words, not only its characters: one term throughout.
    expect(serverText('用户名或密码错误')).to.equal('用戶名或密碼錯誤');
    expect(serverText('登录已过期，请重新登录')).to.equal('登入已過期，請重新登入');
    expect(serverText('账号默认设置')).to.equal('帳號預設設定');
    // People's names, grades and classes too (the child table, the welcome).
    await waitUntil(() => el.shadowRoot!.textContent!.includes('歡迎您，王老師'), 'the welcome converted');
    const children = await fixture<EduChildDialog>(
      html`<edu-child-dialog
        open
        .students=${[{ id: 's1', realName: '李明华', gradeName: '七年级', className: '七年级(2)班' }]}
      ></edu-child-dialog>`,
    );
    await waitUntil(() => children.shadowRoot!.textContent!.includes('七年級(2)班'), 'the child table converted');
    expect(children.shadowRoot!.textContent).to.include('李明華');
    // English and simplified Chinese stay as the server sent them.
    expect(serverText('学校', 'School', 'en')).to.equal('School');
    expect(serverText('学校', 'School', 'zh-CN')).to.equal('学校');
    setLanguage('zh-CN');
    await localeReady();
    await waitUntil(() => title(el) === '滨江区实验学校', 'back to simplified');
  });
});
