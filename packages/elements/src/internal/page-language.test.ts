import { expect } from '@open-wc/testing';

interface FrameWindow extends Window {
  shown?: Promise<string>;
}

const emptyModule = new URL('../empty/empty.ts', import.meta.url).pathname;
const localizeModule = new URL('./localize.ts', import.meta.url).pathname;

/**
 * A fresh page (its own modules, as a school's page embedding the kit) with this `<html lang>` and nothing else set
 * up: the text `<edu-empty>` shows once its language is in force.
 */
async function emptyTextOn(htmlLang: string): Promise<string> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="${htmlLang}"><body><script type="module">
    window.shown = (async () => {
      const { EduEmpty } = await import(${JSON.stringify(emptyModule)});
      const { localeReady } = await import(${JSON.stringify(localizeModule)});
      customElements.define('edu-empty', EduEmpty);
      const el = document.createElement('edu-empty');
      document.body.append(el);
      await el.updateComplete;
      await localeReady();
      await el.updateComplete;
      return el.shadowRoot.querySelector('slot[name="description"]').textContent.trim();
    })();
  </script></body></html>`;
  const ready = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  try {
    await ready;
    return await (frame.contentWindow as FrameWindow).shown!;
  } finally {
    frame.remove();
  }
}

describe('the elements on a page with no stored language choice', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('speak the language of <html lang>: English, traditional or simplified Chinese', async () => {
    expect(await emptyTextOn('en')).to.equal('No data');
    expect(await emptyTextOn('zh-HK')).to.equal('暫無數據');
    expect(await emptyTextOn('zh-CN')).to.equal('暂无数据');
  });

  it("keep the user's stored choice over the page's language", async () => {
    localStorage.setItem('PH_MY_SET_LANG', 'zh-CN');
    expect(await emptyTextOn('en')).to.equal('暂无数据');
  });
});
