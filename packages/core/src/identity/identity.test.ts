import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';
import { getLanguage, setLanguage } from '../i18n/language.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { loadParentContext, selectChild, switchIdentity } from './api.ts';
import {
  canSelectChild,
  childToSelect,
  readRememberedChild,
  rememberChild,
  shouldOpenChildSelection,
} from './children.ts';
import { changeLanguage, languageFromSetting, languageOptions } from './language.ts';
import { checkModuleLicence, licenceExpiredText, readLicenceAnswer } from './licence.ts';
import {
  canSwitchIdentity,
  fromWirePairedIdentity,
  identityOptions,
  identitySwitchTarget,
  type PairedIdentity,
} from './switch.ts';
import {
  THEME_GROUPS,
  THEME_STYLESHEET_ID,
  adoptThemeSetting,
  applyThemeStylesheet,
  chooseDraftLayout,
  chooseDraftTheme,
  currentThemeChoice,
  draftLayout,
  initialThemeDraft,
  isValidCustomColor,
  saveThemeChoice,
  showsLayoutChoice,
  themeGroupOf,
  themeStylesheetUrl,
} from './theme.ts';

interface Call {
  method: 'get' | 'post';
  url: string;
  payload: unknown;
  options: unknown;
}

/** A client that records calls and answers from a table; a function answer may throw. */
function fakeClient(answers: Record<string, unknown | ((payload: unknown) => unknown)> = {}) {
  const calls: Call[] = [];
  const answer = async (method: 'get' | 'post', url: string, payload: unknown, options: unknown) => {
    calls.push({ method, url, payload, options });
    const entry = answers[url];
    const data = typeof entry === 'function' ? (entry as (p: unknown) => unknown)(payload) : entry;
    return { status: 200, code: 'ok', message: '', fieldErrors: [], data: data ?? null };
  };
  const client = {
    get: (url: string, params?: unknown, options?: unknown) => answer('get', url, params, options),
    post: (url: string, body?: unknown, options?: unknown) => answer('post', url, body, options),
  } as unknown as Client;
  return { client, calls };
}

const refuse = () => {
  throw new RequestError({ kind: 'business', status: 403, code: 'forbidden', message: 'forbidden' });
};

const pair: PairedIdentity = { parentId: '10002', parentName: '李明华', teacherId: '10001', teacherName: '李明华' };

describe('identity switch', () => {
  it('reads the pair and needs both ids', () => {
    expect(
      fromWirePairedIdentity({ parentId: 10002, parentName: 'P', teacherId: 10001, teacherName: 'T' }),
    ).to.deep.equal({ parentId: '10002', parentName: 'P', teacherId: '10001', teacherName: 'T' });
    expect(fromWirePairedIdentity({ parentId: '', teacherId: '10001' })).to.equal(null);
    expect(fromWirePairedIdentity(null)).to.equal(null);
  });

  it('offers the teacher and the parent identity with the current one marked', () => {
    expect(identityOptions(pair, '10001')).to.deep.equal([
      { id: '10001', name: '李明华', userType: 2, current: true },
      { id: '10002', name: '李明华', userType: 3, current: false },
    ]);
    expect(identityOptions(pair, '10002').map((o) => o.current)).to.deep.equal([false, true]);
    expect(identityOptions(pair, '99999')).to.deep.equal([]);
    expect(identityOptions(null, '10001')).to.deep.equal([]);
    expect(identityOptions({ ...pair, parentId: '10001' }, '10001')).to.deep.equal([]);
  });

  it('is allowed on the desktop, or when the app allows both types 2 and 3', () => {
    expect(canSwitchIdentity({ userType: 2, limitUserTypes: [], onDesktop: true })).to.equal(true);
    expect(canSwitchIdentity({ userType: 3, limitUserTypes: [2, 3, 4], onDesktop: false })).to.equal(true);
    expect(canSwitchIdentity({ userType: 4, limitUserTypes: [3, 2], onDesktop: false })).to.equal(true);
    expect(canSwitchIdentity({ userType: 2, limitUserTypes: [2, 4], onDesktop: false })).to.equal(false);
    expect(canSwitchIdentity({ userType: 3, limitUserTypes: [3], onDesktop: false })).to.equal(false);
    expect(canSwitchIdentity({ userType: 2, limitUserTypes: [], onDesktop: false })).to.equal(false);
    expect(canSwitchIdentity({ userType: 1, limitUserTypes: [2, 3], onDesktop: true })).to.equal(false);
    expect(canSwitchIdentity({ userType: 5, limitUserTypes: [2, 3], onDesktop: true })).to.equal(false);
  });

  it('is ignored when the chosen identity is the current one', () => {
    const options = identityOptions(pair, '10001');
    expect(identitySwitchTarget(options, '10002')).to.equal('10002');
    expect(identitySwitchTarget(options, '10001')).to.equal(null);
    expect(identitySwitchTarget(options, 'other')).to.equal(null);
    expect(identitySwitchTarget([], '10002')).to.equal(null);
  });

  it('switchIdentity calls switch/login only for another identity and stores the new user', async () => {
    localStorage.clear();
    const session = createSessionStore();
    session.login({ userId: '10001', userType: 2, realName: '李明华' });
    const { client, calls } = fakeClient({
      '/api/uaa/switch/login': { userId: '10002', userType: 3, realName: '李明华' },
    });
    const options = identityOptions(pair, '10001');
    expect(await switchIdentity(options, '10001', { client, session })).to.deep.equal({ kind: 'ignored' });
    expect(calls).to.deep.equal([]);
    const result = await switchIdentity(options, '10002', { client, session });
    expect(result.kind).to.equal('switched');
    expect(calls[0]).to.deep.include({ method: 'get', url: '/api/uaa/switch/login', payload: { userId: '10002' } });
    expect(session.getSnapshot().user?.userType).to.equal(3);
    session.dispose();
  });
});

describe('child selection', () => {
  const children = [
    { id: 's1', realName: '王小明', gradeName: '七年级', className: '七年级(1)班' },
    { id: 's2', realName: '王小红', gradeName: '九年级', className: '九年级(2)班' },
  ];

  beforeEach(() => localStorage.clear());

  it('is for parents (type 3) only', () => {
    expect(canSelectChild(3)).to.equal(true);
    for (const type of [1, 2, 4, 5]) expect(canSelectChild(type)).to.equal(false);
  });

  it('opens by itself for a parent of several children when the remembered child differs', () => {
    const base = { userType: 3, children, currentChildId: 's1' };
    expect(shouldOpenChildSelection({ ...base, rememberedChildId: 's2' })).to.equal(true);
    expect(shouldOpenChildSelection({ ...base, rememberedChildId: null })).to.equal(true);
    expect(shouldOpenChildSelection({ ...base, rememberedChildId: 's1' })).to.equal(false);
    expect(shouldOpenChildSelection({ ...base, children: [children[0]!], rememberedChildId: null })).to.equal(false);
    expect(shouldOpenChildSelection({ ...base, children: [], rememberedChildId: null })).to.equal(false);
    expect(shouldOpenChildSelection({ ...base, userType: 2, rememberedChildId: 's2' })).to.equal(false);
  });

  it('remembers the chosen child per parent on this device', () => {
    expect(readRememberedChild('p1')).to.equal(null);
    rememberChild('p1', 's2');
    expect(readRememberedChild('p1')).to.equal('s2');
    expect(readRememberedChild('p2')).to.equal(null);
    rememberChild('', 's1');
    expect(readRememberedChild('')).to.equal(null);
  });

  it('a choice equal to the current child, or not one of the children, is ignored', () => {
    expect(childToSelect(children, 's1', 's2')).to.equal(children[1]);
    expect(childToSelect(children, 's1', 's1')).to.equal(null);
    expect(childToSelect(children, 's1', 'nobody')).to.equal(null);
    expect(childToSelect(children, null, 's1')).to.equal(children[0]);
  });

  describe('calls', () => {
    let session: SessionStore;
    beforeEach(() => {
      session = createSessionStore();
      session.login({ userId: '10003', userType: 3, realName: '王丽' });
    });
    afterEach(() => session.dispose());

    it('loads children (status 1 only) and the current child for parents, nothing for others', async () => {
      const { client, calls } = fakeClient({
        '/api/base/student/find_all_student_by_parent_id': [
          { ...children[0], status: 1 },
          { ...children[1], status: '1' },
          { id: 's3', realName: '王小刚', status: 0 },
        ],
        '/api/base/student/find_stu_by_parent_id': { ...children[1], status: 1 },
      });
      await loadParentContext({ userId: '10003', userType: 3 }, { client, session });
      const { parent } = session.getSnapshot();
      expect(parent.children.map((c) => c.id)).to.deep.equal(['s1', 's2']);
      expect(parent.childId).to.equal('s2');
      expect(calls.map((c) => c.payload)).to.deep.equal([{ parentId: '10003' }, { parentId: '10003' }]);
      const teacher = fakeClient();
      await loadParentContext({ userId: '10001', userType: 2 }, { client: teacher.client, session });
      expect(teacher.calls).to.deep.equal([]);
    });

    it('sends the chosen child to the server, then remembers it and stores it; unchanged is ignored', async () => {
      session.setChildren(children);
      session.selectChild(children[0]!);
      const { client, calls } = fakeClient();
      expect(await selectChild('s1', { client, session })).to.deep.equal({ kind: 'ignored' });
      expect(calls).to.deep.equal([]);
      const result = await selectChild('s2', { client, session });
      expect(result).to.deep.equal({ kind: 'selected', child: children[1] });
      expect(calls[0]).to.deep.include({
        method: 'post',
        url: '/api/base/student/set/parentChildren',
        payload: children[1],
        options: { params: { parentId: '10003' } },
      });
      expect(readRememberedChild('10003')).to.equal('s2');
      expect(session.getSnapshot().parent.childId).to.equal('s2');
    });

    it('a refused selection changes nothing', async () => {
      session.setChildren(children);
      session.selectChild(children[0]!);
      const { client } = fakeClient({ '/api/base/student/set/parentChildren': refuse });
      let error: unknown;
      try {
        await selectChild('s2', { client, session });
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(RequestError);
      expect(readRememberedChild('10003')).to.equal(null);
      expect(session.getSnapshot().parent.childId).to.equal('s1');
    });
  });
});

describe('module licence', () => {
  it('only an explicit false is expired', () => {
    expect(readLicenceAnswer(false)).to.equal('expired');
    expect(readLicenceAnswer('false')).to.equal('expired');
    expect(readLicenceAnswer(true)).to.equal('valid');
    expect(readLicenceAnswer(null)).to.equal('valid');
    expect(readLicenceAnswer(0)).to.equal('valid');
  });

  it('checks the portal licence, or the module licence with a server id', async () => {
    const { client, calls } = fakeClient({ '/api/base/license/unit_oam': false, '/api/base/license/unit': true });
    expect(await checkModuleLicence({ unitId: 'u1', development: false, client })).to.equal('expired');
    expect(await checkModuleLicence({ unitId: 'u1', serverId: 'homework', development: false, client })).to.equal(
      'valid',
    );
    expect(calls.map((c) => [c.url, c.payload])).to.deep.equal([
      ['/api/base/license/unit_oam', { unitId: 'u1' }],
      ['/api/base/license/unit', { unitId: 'u1', serverId: 'homework' }],
    ]);
  });

  it('is not checked in development, and a failing call hides the dialog', async () => {
    const { client, calls } = fakeClient({ '/api/base/license/unit_oam': refuse });
    expect(await checkModuleLicence({ unitId: 'u1', development: true, client })).to.equal('unchecked');
    expect(calls).to.deep.equal([]);
    expect(await checkModuleLicence({ unitId: 'u1', development: false, client })).to.equal('unchecked');
    expect(await checkModuleLicence({ unitId: '', development: false, client })).to.equal('unchecked');
  });

  it("has the spec's text in each language", () => {
    expect(licenceExpiredText('en')).to.equal('This module has expired, please contact the administrator!');
    expect(licenceExpiredText('zh-CN')).to.equal('该模块已过期，请联系管理员！');
    expect(licenceExpiredText('zh-HK')).to.equal('該模組已過期，請聯絡管理員！');
  });
});

describe('language dropdown', () => {
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
    expect(await changeLanguage('zh-CN', { saveWith: { theme: 'ink' }, client })).to.equal(false);
    expect(calls).to.deep.equal([]);
    expect(getLanguage()).to.equal('zh-CN');
  });

  it('puts another language in force, stores it, and saves {theme, lang} when asked', async () => {
    const { client, calls } = fakeClient({ '/api/base/desktop/settheme': 'success' });
    expect(await changeLanguage('en', { saveWith: { theme: '#457CD6', layout: 'left' }, client })).to.equal(true);
    expect(getLanguage()).to.equal('en');
    expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal('en');
    expect(calls[0]!.payload).to.deep.equal({
      type: 'color',
      theme: '{"theme":"#457CD6","lang":"en","layout":"left"}',
    });
    const failing = fakeClient({ '/api/base/desktop/settheme': refuse });
    expect(await changeLanguage('zh-HK', { saveWith: { theme: 'ink' }, client: failing.client })).to.equal(true);
    expect(getLanguage()).to.equal('zh-HK');
    expect(await changeLanguage('en')).to.equal(true); // no save asked: no call at all
  });

  it("a saved setting's language applies only without a choice on this device", () => {
    expect(languageFromSetting('en')).to.equal('en');
    expect(languageFromSetting('zh-CN')).to.equal(null); // already in force
    expect(languageFromSetting(null)).to.equal(null);
    localStorage.setItem('PH_MY_SET_LANG', 'zh-HK');
    expect(languageFromSetting('en')).to.equal(null);
  });
});

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
    expect(draft).to.deep.equal({ theme: '#457CD6', layout: 'left', syncToAll: false });
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

    it('saves type color, applies theme and layout', async () => {
      const { client, calls } = fakeClient({ '/api/base/desktop/settheme': 'success' });
      const applied: string[] = [];
      const draft = { theme: '#e31d1a', layout: 'left' as const, syncToAll: true };
      const result = await saveThemeChoice(draft, {
        admin: false,
        lang: 'en',
        client,
        session,
        apply: (t) => applied.push(t),
      });
      expect(result).to.deep.equal({ saved: true, synced: false });
      expect(calls.map((c) => c.payload)).to.deep.equal([
        { type: 'color', theme: '{"theme":"#e31d1a","lang":"en","layout":"left"}' },
      ]);
      expect(session.getSnapshot()).to.include({ theme: '#e31d1a', layout: 'left' });
      expect(applied).to.deep.equal(['#e31d1a']);
    });

    it('an admin who ticked sync also saves default_color', async () => {
      const { client, calls } = fakeClient({ '/api/base/desktop/settheme': 'success' });
      const draft = { theme: 'ink', layout: 'left' as const, syncToAll: true };
      const result = await saveThemeChoice(draft, { admin: true, lang: 'zh-CN', client, session, apply: null });
      expect(result).to.deep.equal({ saved: true, synced: true });
      expect(calls.map((c) => (c.payload as { type: string }).type)).to.deep.equal(['color', 'default_color']);
      expect(session.getSnapshot()).to.include({ theme: 'ink', layout: 'top' });
      const noSync = fakeClient({ '/api/base/desktop/settheme': 'success' });
      await saveThemeChoice(
        { ...draft, syncToAll: false },
        { admin: true, client: noSync.client, session, apply: null },
      );
      expect(noSync.calls).to.have.length(1);
    });

    it("adopts the server's setting: theme and layout, and its language only without a device choice", () => {
      setLanguage('zh-CN');
      const applied: string[] = [];
      const lang = adoptThemeSetting(
        { theme: 'lotus', lang: 'en', layout: 'left' },
        { session, apply: (t) => applied.push(t) },
      );
      expect(lang).to.equal('en');
      expect(getLanguage()).to.equal('en');
      expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal(null); // not this device's choice
      expect(session.getSnapshot()).to.include({ theme: 'lotus', layout: 'top' });
      expect(applied).to.deep.equal(['lotus']);
      // The hidden layout is kept for the next save.
      expect(currentThemeChoice(session.getSnapshot())).to.deep.equal({ theme: 'lotus', layout: 'left' });
      localStorage.setItem('PH_MY_SET_LANG', 'zh-HK');
      expect(adoptThemeSetting({ theme: '#4DB021', lang: 'zh-CN', layout: null }, { session, apply: null })).to.equal(
        null,
      );
      expect(getLanguage()).to.equal('en');
      expect(session.getSnapshot()).to.include({ theme: '#4DB021', layout: 'left' });
      adoptThemeSetting({ theme: null, lang: null, layout: null }, { session, apply: null });
      expect(session.getSnapshot().theme).to.equal('#4DB021');
      setLanguage('zh-CN');
    });

    it('a refused save rejects and changes nothing; a refused sync keeps the own save', async () => {
      const { client } = fakeClient({ '/api/base/desktop/settheme': refuse });
      let error: unknown;
      try {
        await saveThemeChoice(
          { theme: 'lotus', layout: 'top', syncToAll: false },
          { admin: false, client, session, apply: null },
        );
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
        { theme: 'lotus', layout: 'top', syncToAll: true },
        { admin: true, client: syncRefused.client, session, apply: null },
      );
      expect(result).to.deep.equal({ saved: true, synced: false });
      expect(session.getSnapshot().theme).to.equal('lotus');
    });
  });
});
