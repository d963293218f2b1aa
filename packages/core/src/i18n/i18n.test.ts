import { expect } from '@open-wc/testing';
import { STORAGE_KEYS } from '../constants.ts';
import { fakeClient, refuse } from '../test-support/fake-client.ts';
import { saveLanguage } from './api.ts';
import { pickBilingual } from './bilingual.ts';
import { clearDictionary, getDictionary, mergeDictionary, subscribeDictionary, t } from './dictionary.ts';
import { getLanguage, setLanguage, subscribeLanguage } from './language.ts';
import { coreText } from './messages.ts';
import { languageOptions } from './options.ts';
import { chooseLanguage, initLanguage, languageFromSetting, readChosenLanguage, resolveLanguage } from './resolve.ts';

describe('language resolution', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    setLanguage('zh-CN');
  });

  it('the stored choice wins, then the login-config default, then zh-CN', () => {
    expect(resolveLanguage({ stored: 'en', loginConfigDefault: 'zh-HK' })).to.equal('en');
    expect(resolveLanguage({ stored: null, loginConfigDefault: 'zh-HK' })).to.equal('zh-HK');
    expect(resolveLanguage({})).to.equal('zh-CN');
    expect(resolveLanguage()).to.equal('zh-CN');
  });

  it('skips unknown values at every level', () => {
    expect(resolveLanguage({ stored: 'fr', loginConfigDefault: 'en' })).to.equal('en');
    expect(resolveLanguage({ stored: 'fr', loginConfigDefault: 'de' })).to.equal('zh-CN');
  });

  it('initLanguage reads PH_MY_SET_LANG, puts the language in force and mirrors it to lang', () => {
    localStorage.setItem(STORAGE_KEYS.chosenLanguage, 'zh-HK');
    expect(initLanguage('en')).to.equal('zh-HK');
    expect(getLanguage()).to.equal('zh-HK');
    expect(localStorage.getItem('lang')).to.equal('zh-HK');
  });

  it('initLanguage uses the login-config default without recording it as the user choice', () => {
    expect(initLanguage('en')).to.equal('en');
    expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal(null);
    expect(readChosenLanguage()).to.equal(null);
  });

  it('ignores a corrupt stored choice', () => {
    localStorage.setItem('PH_MY_SET_LANG', '{"broken');
    expect(readChosenLanguage()).to.equal(null);
    expect(initLanguage(null)).to.equal('zh-CN');
  });

  it('chooseLanguage persists the choice and tells subscribers; choosing the current one is ignored', () => {
    const heard: string[] = [];
    const stop = subscribeLanguage((lang) => heard.push(lang));
    expect(chooseLanguage('en')).to.equal(true);
    expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal('en');
    expect(localStorage.getItem('lang')).to.equal('en');
    expect(chooseLanguage('en')).to.equal(false);
    stop();
    expect(heard).to.deep.equal(['en']);
    // The choice now beats a login-config default.
    expect(resolveLanguage({ stored: readChosenLanguage(), loginConfigDefault: 'zh-HK' })).to.equal('en');
  });
});

describe('pickBilingual', () => {
  it('takes the second part for en and the first for zh-CN and zh-HK', () => {
    expect(pickBilingual('用户名或密码错误|||Incorrect user name or password', 'en')).to.equal(
      'Incorrect user name or password',
    );
    expect(pickBilingual('用户名或密码错误|||Incorrect user name or password', 'zh-CN')).to.equal('用户名或密码错误');
    expect(pickBilingual('用户名或密码错误|||Incorrect user name or password', 'zh-HK')).to.equal('用户名或密码错误');
  });

  it('returns a text without separator unchanged and falls back when a part is empty', () => {
    expect(pickBilingual('plain', 'en')).to.equal('plain');
    expect(pickBilingual('只有中文|||', 'en')).to.equal('只有中文');
    expect(pickBilingual('|||English only', 'zh-CN')).to.equal('English only');
  });

  it('defaults to the language in force', () => {
    setLanguage('en');
    expect(pickBilingual('中|||En')).to.equal('En');
    setLanguage('zh-CN');
    expect(pickBilingual('中|||En')).to.equal('中');
  });
});

describe('core texts', () => {
  it('has every client error in the three languages, English exactly as the spec', () => {
    expect(coreText('timeout', { ms: 1200000 }, 'en')).to.equal('Timeout of 1200000ms exceeded');
    expect(coreText('network', {}, 'en')).to.equal('Network Error');
    expect(coreText('aborted', {}, 'en')).to.equal('Request aborted');
    expect(coreText('serverError', {}, 'en')).to.equal('Server internal error!');
    expect(coreText('timeout', { ms: 5 }, 'zh-CN')).to.contain('5');
    expect(coreText('network', {}, 'zh-CN')).to.equal('网络错误');
    expect(coreText('network', {}, 'zh-HK')).to.equal('網絡錯誤');
    expect(coreText('serverError', {}, 'zh-HK')).to.equal('伺服器內部錯誤！');
  });
});

describe('dictionary', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setLanguage('en');
    clearDictionary('en');
  });

  it('merges packs of the language in force and looks keys up, with fallback', () => {
    mergeDictionary('en', { hello: 'Hello', bye: 'Bye' });
    mergeDictionary('en', { bye: 'Goodbye', count: 3 });
    expect(t('hello')).to.equal('Hello');
    expect(t('bye')).to.equal('Goodbye');
    expect(t('count', 'n')).to.equal('n'); // non-string entries are dropped
    expect(t('missing', 'Fallback')).to.equal('Fallback');
    expect(t('missing')).to.equal('missing');
    expect(JSON.parse(sessionStorage.getItem('lange_') ?? 'null')).to.deep.equal({
      lang: 'en',
      dict: { hello: 'Hello', bye: 'Goodbye' },
    });
  });

  it('never answers with another language', () => {
    mergeDictionary('en', { hello: 'Hello' });
    setLanguage('zh-HK');
    expect(t('hello', '你好')).to.equal('你好');
    mergeDictionary('zh-HK', { other: '其他' });
    expect(getDictionary().entries).to.deep.equal({ other: '其他' });
  });

  it('notifies subscribers on merge', () => {
    let calls = 0;
    const stop = subscribeDictionary(() => calls++);
    mergeDictionary('en', { a: 'A' });
    stop();
    mergeDictionary('en', { b: 'B' });
    expect(calls).to.equal(1);
  });
});

describe('language switch', () => {
  beforeEach(() => {
    localStorage.clear();
    setLanguage('zh-CN');
  });
  afterEach(() => setLanguage('zh-CN'));

  it('offers the three languages, each named in itself, the current one marked', () => {
    expect(languageOptions('en')).to.deep.equal([
      { value: 'zh-CN', name: '简体中文', current: false },
      { value: 'en', name: 'English', current: true },
      { value: 'zh-HK', name: '繁體中文', current: false },
    ]);
  });

  it('ignores the current language: no change, no call', async () => {
    const { client, calls } = fakeClient();
    expect(await saveLanguage('zh-CN', { saveWith: { theme: 'ink' }, client })).to.equal(false);
    expect(calls).to.deep.equal([]);
    expect(getLanguage()).to.equal('zh-CN');
  });

  it('puts another language in force, stores it, and saves {theme, lang} when asked', async () => {
    const { client, calls } = fakeClient({ '/api/base/desktop/settheme': 'success' });
    expect(await saveLanguage('en', { saveWith: { theme: '#457CD6', layout: 'left' }, client })).to.equal(true);
    expect(getLanguage()).to.equal('en');
    expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal('en');
    expect(calls[0]!.payload).to.deep.equal({
      type: 'color',
      theme: '{"theme":"#457CD6","lang":"en","layout":"left"}',
    });
    const failing = fakeClient({ '/api/base/desktop/settheme': refuse });
    expect(await saveLanguage('zh-HK', { saveWith: { theme: 'ink' }, client: failing.client })).to.equal(true);
    expect(getLanguage()).to.equal('zh-HK');
    expect(await saveLanguage('en')).to.equal(true); // no save asked: no call at all
  });

  it("a saved setting's language applies only without a choice on this device", () => {
    expect(languageFromSetting('en')).to.equal('en');
    expect(languageFromSetting('zh-CN')).to.equal(null); // already in force
    expect(languageFromSetting(null)).to.equal(null);
    localStorage.setItem('PH_MY_SET_LANG', 'zh-HK');
    expect(languageFromSetting('en')).to.equal(null);
  });
});
