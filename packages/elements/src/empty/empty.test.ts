import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../index.ts';
import type { EduEmpty } from './empty.ts';
import { switchLanguage } from '../internal/test-utils.ts';

const text = (el: EduEmpty) => el.shadowRoot!.querySelector('[part="description"]')!.textContent!.trim();
const picture = (el: EduEmpty) => el.shadowRoot!.querySelector('[part="image"] svg');

describe('<edu-empty>', () => {
  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('says "暂无数据" by default, "No data" in en and "暫無數據" in zh-HK', async () => {
    const el = await fixture<EduEmpty>(html`<edu-empty></edu-empty>`);
    expect(text(el)).to.equal('暂无数据');
    await switchLanguage('en');
    await el.updateComplete;
    expect(text(el)).to.equal('No data');
    await switchLanguage('zh-HK');
    await el.updateComplete;
    expect(text(el)).to.equal('暫無數據');
  });

  it('shows custom text as text, never as markup', async () => {
    const el = await fixture<EduEmpty>(html`<edu-empty .description=${'<b>还没有作业</b>'}></edu-empty>`);
    expect(text(el)).to.equal('<b>还没有作业</b>');
    expect(el.shadowRoot!.querySelector('b')).to.equal(null);
  });

  it('draws a different, decorative picture for default, desktop and dashboard; unknown types fall back', async () => {
    const drawings: string[] = [];
    for (const type of ['default', 'desktop', 'dashboard', 'nonsense']) {
      const el = await fixture<EduEmpty>(html`<edu-empty type=${type}></edu-empty>`);
      const svg = picture(el)!;
      expect(svg.getAttribute('aria-hidden')).to.equal('true');
      drawings.push(svg.innerHTML.replace(/<!--.*?-->/g, ''));
      fixtureCleanup();
    }
    expect(new Set(drawings.slice(0, 3)).size).to.equal(3);
    expect(drawings[3]).to.equal(drawings[0]);
  });

  it('sizes the picture, takes a picture and extra content from slots, and hides the empty extra box', async () => {
    const el = await fixture<EduEmpty>(html`<edu-empty image-size="80"></edu-empty>`);
    expect(el.shadowRoot!.querySelector<HTMLElement>('[part="image"]')!.getBoundingClientRect().width).to.equal(80);
    expect(el.shadowRoot!.querySelector<HTMLElement>('[part="extra"]')!.hidden).to.equal(true);
    fixtureCleanup();
    const slotted = await fixture<EduEmpty>(html`
      <edu-empty><img slot="image" alt="" src="data:," /><button>添加第一条</button></edu-empty>
    `);
    await slotted.updateComplete;
    expect(slotted.shadowRoot!.querySelector<HTMLElement>('[part="extra"]')!.hidden).to.equal(false);
    const imageSlot = slotted.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="image"]')!;
    expect(imageSlot.assignedElements()[0]!.localName).to.equal('img');
  });

  for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
    it(`passes axe in ${lang}`, async () => {
      await switchLanguage(lang);
      const el = await fixture<EduEmpty>(html`<edu-empty type="desktop"><button>添加</button></edu-empty>`);
      await expect(el).to.be.accessible();
    });
  }
});
