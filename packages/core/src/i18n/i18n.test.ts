import { expect } from '@open-wc/testing';
import { STORAGE_KEYS } from '../constants.ts';
import { pickBilingual } from './bilingual.ts';
import { clearDictionary, getDictionary, mergeDictionary, subscribeDictionary, t } from './dictionary.ts';
import { getLanguage, setLanguage, subscribeLanguage } from './language.ts';
import { coreText } from './messages.ts';
import { chooseLanguage, initLanguage, readChosenLanguage, resolveLanguage } from './resolve.ts';

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
    expect(coreText('timeout', { ms: 1200000 }, 'en')).to.equal('timeout of 1200000ms exceeded');
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
