import { expect } from '@open-wc/testing';
import { RequestError } from '../http/errors.ts';
import { getLanguage, setLanguage } from '../i18n/language.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { fakeClient, refuse } from '../test-support/fake-client.ts';
import {
  THEME_GROUPS,
  chooseDraftLayout,
  chooseDraftTheme,
  draftLayout,
  initialThemeDraft,
  isValidCustomColor,
  showsLayoutChoice,
  themeGroupOf,
} from './dialog.ts';
import { applyThemeToPage, followSessionTheme } from './follow.ts';
import { adoptThemeSetting, currentThemeChoice, saveThemeChoice } from './setting.ts';
import { THEME_STYLESHEET_ID, applyThemeStylesheet, themeStylesheetUrl } from './stylesheet.ts';

describe('theme dialog', () => {
  it('groups: classic (ink, lotus), stage (cartoon), colour (red, blue, siro blue, green)', () => {
    expect(THEME_GROUPS.map((g) => [g.group, g.options.map((o) => o.value)])).to.deep.equal([
      ['classic', ['ink', 'lotus']],
      ['stage', ['cartoon']],
      ['color', ['#e31d1a', '#457CD6', '#49C1D9', '#4DB021']],
    ]);
    expect(THEME_GROUPS[2]!.options.map((o) => o.key)).to.deep.equal(['red', 'blue', 'siroBlue', 'green']);
    expect(themeGroupOf('lotus')).to.equal('classic');
    expect(themeGroupOf('cartoon')).to.equal('stage');
    expect(themeGroupOf('#457cd6')).to.equal('color');
    expect(themeGroupOf('#123456')).to.equal('custom');
  });

  it('offers the layout choice only for colour themes', () => {
    expect(showsLayoutChoice('#457CD6')).to.equal(true);
    expect(showsLayoutChoice('#123456')).to.equal(true);
    for (const theme of ['ink', 'lotus', 'cartoon']) expect(showsLayoutChoice(theme)).to.equal(false);
  });

  it('edits a draft: readable colours and named themes only; layout ignored for named themes', () => {
    const draft = initialThemeDraft({ theme: '#457CD6', layout: 'left' });
    expect(draft).to.deep.equal({ theme: '#457CD6', layout: 'left', syncAll: false });
    expect(chooseDraftTheme(draft, '#zzz')).to.equal(draft);
    expect(chooseDraftTheme(draft, 'purple')).to.equal(draft);
    expect(chooseDraftTheme(draft, '#457CD6')).to.equal(draft);
    const custom = chooseDraftTheme(draft, '#123');
    expect(custom.theme).to.equal('#123');
    const ink = chooseDraftTheme(custom, 'ink');
    expect(draftLayout(ink)).to.equal('top');
    expect(chooseDraftLayout(ink, 'left')).to.equal(ink);
    expect(chooseDraftLayout(custom, 'top').layout).to.equal('top');
    expect(draftLayout(chooseDraftTheme(ink, '#4DB021'))).to.equal('left'); // the colour's layout comes back
    expect(isValidCustomColor('#abcdef')).to.equal(true);
    expect(isValidCustomColor('#ABC')).to.equal(true);
    expect(isValidCustomColor('abcdef')).to.equal(false);
    expect(isValidCustomColor('#abcd')).to.equal(false); // alpha: tints are opaque, the server refuses it
    expect(isValidCustomColor('#abcdef80')).to.equal(false);
    expect(chooseDraftTheme(draft, '#12345678')).to.equal(draft);
    expect(isValidCustomColor(12)).to.equal(false);
  });

  it('puts the named theme stylesheet in the head and removes it for colours', () => {
    expect(themeStylesheetUrl('ink')).to.equal('/common/plugins/common-ph/2.0.0/css/ink.css');
    expect(themeStylesheetUrl('#457CD6')).to.equal(null);
    const link = applyThemeStylesheet('lotus')!;
    expect(link.getAttribute('href')).to.equal('/common/plugins/common-ph/2.0.0/css/lotus.css');
    const again = applyThemeStylesheet('cartoon')!;
    expect(again).to.equal(link);
    expect(document.querySelectorAll(`#${THEME_STYLESHEET_ID}`)).to.have.length(1);
    expect(again.getAttribute('href')).to.contain('cartoon.css');
    expect(applyThemeStylesheet('#e31d1a')).to.equal(null);
    expect(document.getElementById(THEME_STYLESHEET_ID)).to.equal(null);
  });

  describe('saving', () => {
    let session: SessionStore;
    beforeEach(() => {
      localStorage.clear();
      sessionStorage.clear();
      session = createSessionStore();
      session.login({ userId: '10006', userType: 2 });
    });
    afterEach(() => session.dispose());

    it('saves type color; theme and layout go into the store, which the page follows', async () => {
      const { client, calls } = fakeClient({ '/api/base/desktop/settheme': 'success' });
      const applied: string[] = [];
      const stop = followSessionTheme(session, (t) => applied.push(t));
      const draft = { theme: '#e31d1a', layout: 'left' as const, syncAll: true };
      const result = await saveThemeChoice(draft, { admin: false, lang: 'en', client, session });
      stop();
      expect(result).to.deep.equal({ saved: true, synced: false });
      expect(calls.map((c) => c.payload)).to.deep.equal([
        { type: 'color', theme: '{"theme":"#e31d1a","lang":"en","layout":"left"}' },
      ]);
      expect(session.getSnapshot()).to.include({ theme: '#e31d1a', layout: 'left' });
      expect(applied).to.deep.equal(['#457CD6', '#e31d1a']);
    });

    it('the page follows the store: the kept theme at once, each change once, the default again after logout', () => {
      session.setTheme({ theme: 'lotus' });
      const applied: string[] = [];
      const stop = followSessionTheme(session, (t) => applied.push(t));
      session.setTheme({ theme: 'lotus', layout: 'left' }); // same theme: nothing to apply
      session.setTheme({ theme: '#4DB021' });
      session.logout();
      stop();
      session.setTheme({ theme: 'ink' });
      expect(applied).to.deep.equal(['lotus', '#4DB021', '#457CD6']);
    });

    it('applies a theme to the page: custom properties, data-edu-theme and the named theme stylesheet', () => {
      applyThemeToPage('lotus');
      expect(document.documentElement.dataset['eduTheme']).to.equal('lotus');
      expect(document.getElementById(THEME_STYLESHEET_ID)?.getAttribute('href')).to.match(/lotus\.css$/);
      applyThemeToPage('#e31d1a');
      expect(document.documentElement.dataset['eduTheme']).to.equal('color');
      expect(document.documentElement.style.getPropertyValue('--edu-color-primary')).to.equal('#e31d1a');
      expect(document.getElementById(THEME_STYLESHEET_ID)).to.equal(null);
    });

    it('an admin who ticked sync also saves default_color', async () => {
      const { client, calls } = fakeClient({ '/api/base/desktop/settheme': 'success' });
      const draft = { theme: 'ink', layout: 'left' as const, syncAll: true };
      const result = await saveThemeChoice(draft, { admin: true, lang: 'zh-CN', client, session });
      expect(result).to.deep.equal({ saved: true, synced: true });
      expect(calls.map((c) => (c.payload as { type: string }).type)).to.deep.equal(['color', 'default_color']);
      expect(session.getSnapshot()).to.include({ theme: 'ink', layout: 'top' });
      const noSync = fakeClient({ '/api/base/desktop/settheme': 'success' });
      await saveThemeChoice({ ...draft, syncAll: false }, { admin: true, client: noSync.client, session });
      expect(noSync.calls).to.have.length(1);
    });

    it("adopts the server's setting: theme and layout, and its language only without a device choice", () => {
      setLanguage('zh-CN');
      const applied: string[] = [];
      const stop = followSessionTheme(session, (t) => applied.push(t));
      const lang = adoptThemeSetting({ theme: 'lotus', lang: 'en', layout: 'left' }, session);
      stop();
      expect(lang).to.equal('en');
      expect(getLanguage()).to.equal('en');
      expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal(null); // not this device's choice
      expect(session.getSnapshot()).to.include({ theme: 'lotus', layout: 'top' });
      expect(applied).to.deep.equal(['#457CD6', 'lotus']);
      // The hidden layout is kept for the next save.
      expect(currentThemeChoice(session.getSnapshot())).to.deep.equal({ theme: 'lotus', layout: 'left' });
      localStorage.setItem('PH_MY_SET_LANG', 'zh-HK');
      expect(adoptThemeSetting({ theme: '#4DB021', lang: 'zh-CN', layout: null }, session)).to.equal(null);
      expect(getLanguage()).to.equal('en');
      expect(session.getSnapshot()).to.include({ theme: '#4DB021', layout: 'left' });
      adoptThemeSetting({ theme: null, lang: null, layout: null }, session);
      expect(session.getSnapshot().theme).to.equal('#4DB021');
      setLanguage('zh-CN');
    });

    it('the choice saved with a language keeps the layout from the session snapshot, not from storage', () => {
      session.setTheme({ theme: '#49C1D9', layout: 'left' });
      session.setTheme({ theme: 'ink' });
      sessionStorage.clear(); // what the page stored is not what the store knows
      expect(currentThemeChoice(session.getSnapshot())).to.deep.equal({ theme: 'ink', layout: 'left' });
      expect(currentThemeChoice({ theme: '#4DB021', layout: 'top', layoutPreference: null })).to.deep.equal({
        theme: '#4DB021',
        layout: 'top',
      });
    });

    it('a refused save rejects and changes nothing; a refused sync keeps the own save', async () => {
      const { client } = fakeClient({ '/api/base/desktop/settheme': refuse });
      let error: unknown;
      try {
        await saveThemeChoice({ theme: 'lotus', layout: 'top', syncAll: false }, { admin: false, client, session });
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(RequestError);
      expect(session.getSnapshot().theme).to.equal('#457CD6');
      const syncRefused = fakeClient({
        '/api/base/desktop/settheme': (payload: unknown) =>
          (payload as { type: string }).type === 'color' ? 'success' : refuse(),
      });
      const result = await saveThemeChoice(
        { theme: 'lotus', layout: 'top', syncAll: true },
        { admin: true, client: syncRefused.client, session },
      );
      expect(result).to.deep.equal({ saved: true, synced: false });
      expect(session.getSnapshot().theme).to.equal('lotus');
    });
  });
});
