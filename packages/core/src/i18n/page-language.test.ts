import { expect } from '@open-wc/testing';
import { STORAGE_KEYS } from '../constants.ts';
import { langOfTag, pageLanguage } from './language.ts';
import { resolveLanguage } from './resolve.ts';

interface LanguageWindow extends Window {
  loaded?: Promise<{ getLanguage(): string }>;
}

const languageModule = new URL('./language.ts', import.meta.url).pathname;

/** The language core puts in force when it loads, untouched, in a fresh page with this `<html lang>`. */
async function languageAtLoad(htmlLang: string | null): Promise<string> {
  const frame = document.createElement('iframe');
  const langAttribute = htmlLang === null ? '' : ` lang="${htmlLang}"`;
  frame.srcdoc = `<!doctype html><html${langAttribute}><body><script type="module">
    window.loaded = import(${JSON.stringify(languageModule)});
  </script></body></html>`;
  const ready = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  try {
    await ready;
    const module = await (frame.contentWindow as LanguageWindow).loaded!;
    return module.getLanguage();
  } finally {
    frame.remove();
  }
}

/** What the browser's own languages give (headless Chromium says en-US; another browser may say otherwise). */
const browserLang = navigator.languages.map(langOfTag).find((lang) => lang !== null) ?? 'zh-CN';

describe('the page language', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('reads a language tag as a kit language: any English, traditional or simplified Chinese; null otherwise', () => {
    expect(['en', 'en-US', 'EN-gb', 'en-AU'].map(langOfTag)).to.deep.equal(['en', 'en', 'en', 'en']);
    expect(['zh-HK', 'zh-TW', 'zh-MO', 'zh-Hant', 'zh-Hant-CN', 'zh-hk'].map(langOfTag)).to.deep.equal(
      Array(6).fill('zh-HK'),
    );
    expect(['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK'].map(langOfTag)).to.deep.equal(Array(5).fill('zh-CN'));
    expect(['fr', 'de-DE', '', 'english', 'yue-HK', null, undefined, 42].map(langOfTag)).to.deep.equal(
      Array(8).fill(null),
    );
  });

  it('is the <html lang> of this page when that is a kit language', () => {
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'en-GB';
      expect(pageLanguage()).to.equal('en');
      document.documentElement.lang = 'zh-TW';
      expect(pageLanguage()).to.equal('zh-HK');
      document.documentElement.lang = 'fr';
      expect(pageLanguage()).to.equal(navigator.languages.map(langOfTag).find((l) => l !== null));
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('stands in for the final zh-CN only: the stored choice and the login-config default come first', () => {
    expect(resolveLanguage({ page: 'en' })).to.equal('en');
    expect(resolveLanguage({ loginConfigDefault: 'zh-HK', page: 'en' })).to.equal('zh-HK');
    expect(resolveLanguage({ stored: 'zh-CN', loginConfigDefault: 'zh-HK', page: 'en' })).to.equal('zh-CN');
    expect(resolveLanguage({ page: 'fr' })).to.equal('zh-CN');
  });

  it('with no stored choice, core loads in the language of <html lang>, else of the browser', async () => {
    expect(await languageAtLoad('en')).to.equal('en');
    expect(await languageAtLoad('en-US')).to.equal('en');
    expect(await languageAtLoad('zh-Hant-TW')).to.equal('zh-HK');
    expect(await languageAtLoad('zh-CN')).to.equal('zh-CN');
    expect(await languageAtLoad('fr')).to.equal(browserLang);
    expect(await languageAtLoad(null)).to.equal(browserLang);
  });

  it('a stored choice wins over the page at load; an unknown stored value does not', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenLanguage, 'zh-HK');
    expect(await languageAtLoad('en')).to.equal('zh-HK');
    localStorage.setItem(STORAGE_KEYS.chosenLanguage, 'klingon');
    expect(await languageAtLoad('en')).to.equal('en');
  });
});
