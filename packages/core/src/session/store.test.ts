import { expect } from '@open-wc/testing';
import { fromWireUser, parseCampusUnits, WIRE_NAMES } from './wire.ts';
import { setLanguage } from '../i18n/language.ts';
import { createSessionStore, type SessionStore } from './store.ts';

const wireTeacher = {
  userId: 12,
  userType: '2',
  realName: '王老师',
  loginName: 'teacher1',
  avatar: '',
  unitId: 1,
  unitType: 2,
  unitName: '第一中学',
  unitEnName: 'No. 1 Middle School',
  unitImgPath: '/api/storage/show/unit/1',
  userImgPath: '',
  unitStatus: 1,
  userStatus: 1,
  unitShardingCode: 'sc1',
  parentId: 31,
  superman: 0,
  accessToken: 'abc',
  sex: 2,
  year: '2025',
  term: '1',
  campusUnits: JSON.stringify([
    { unitId: 1, unitName: 'Main campus' },
    { unitId: 5, unitName: 'East campus' },
  ]),
};

describe('session store', () => {
  let store: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    setLanguage('zh-CN');
    store = createSessionStore();
  });

  afterEach(() => store.dispose());

  it('starts unknown and empty on a fresh device', () => {
    const snap = store.getSnapshot();
    expect(snap.status).to.equal('unknown');
    expect(snap.user).to.equal(null);
    expect(snap.theme).to.equal('#457CD6');
    expect(snap.layout).to.equal('top');
    expect(snap.serverCode).to.equal('base');
    expect(snap.language).to.equal('zh-CN');
  });

  it('login maps wire names to English ones, parses campusUnits and persists under "user" in wire names', () => {
    const user = store.login(wireTeacher);
    expect(user).to.include({ userId: '12', userType: 2, unitType: 2, parentId: '31', superman: false, sex: 2 });
    expect(user!.campusUnits).to.deep.equal([
      { unitId: 1, unitName: 'Main campus' },
      { unitId: 5, unitName: 'East campus' },
    ]);
    expect(store.getSnapshot().status).to.equal('logged-in');
    const saved = JSON.parse(localStorage.getItem('user')!);
    expect(saved.userId).to.equal('12');
    expect(saved.campusUnits).to.be.a('string');
    expect(JSON.parse(saved.campusUnits)).to.have.length(2);
    expect(saved).to.have.property('prePath', 'base');
    expect(saved).to.have.property('chirdenList');
    expect(saved).to.have.property('iszx', false);
  });

  it('keeps the handover token once, in the user: not in the login message', () => {
    store.login(wireTeacher);
    expect(store.getSnapshot().user?.accessToken).to.equal('abc');
    expect(store.getSnapshot().loginMessage).to.include({ loginName: wireTeacher.loginName });
    expect(store.getSnapshot().loginMessage).not.to.have.property('accessToken');
    const saved = localStorage.getItem('user')!;
    expect(JSON.parse(saved).accessToken).to.equal('abc');
    expect(JSON.parse(saved).loginedMsg).not.to.have.property('accessToken');
    expect(saved.split('abc')).to.have.length(2, 'the token is stored once');
    // A record saved before keeps no second copy once read back.
    localStorage.setItem('user', JSON.stringify({ ...JSON.parse(saved), loginedMsg: { accessToken: 'abc' } }));
    const reloaded = createSessionStore();
    expect(reloaded.getSnapshot().loginMessage).to.deep.equal({});
    reloaded.dispose();
  });

  it('rejects data that holds no user', () => {
    expect(store.login(null)).to.equal(null);
    expect(store.login({ realName: 'no id' })).to.equal(null);
    expect(store.getSnapshot().status).to.equal('unknown');
  });

  it('parses bad campusUnits JSON to an empty list without throwing', () => {
    expect(parseCampusUnits('{not json')).to.deep.equal([]);
    expect(parseCampusUnits('{"a":1}')).to.deep.equal([]);
    expect(parseCampusUnits(undefined)).to.deep.equal([]);
    expect(fromWireUser({ ...wireTeacher, campusUnits: '[oops' })!.campusUnits).to.deep.equal([]);
  });

  it('defaults unitType to 2 when the server sends none', () => {
    expect(fromWireUser({ userId: 'u1' })!.unitType).to.equal(2);
  });

  it('hydrates from storage on creation', () => {
    store.login(wireTeacher);
    store.setChildren([
      { id: 7, realName: '小明', gradeName: '一年级', className: '1班', status: 1 },
      { id: 8, realName: '小红', gradeName: '三年级', className: '2班', status: 1 },
    ]);
    store.setUnitFlags({ vocational: true });
    store.setTheme({ theme: '#e31d1a', layout: 'left' });
    const again = createSessionStore();
    const snap = again.getSnapshot();
    expect(snap.status).to.equal('unknown'); // known only after the current-user check
    expect(snap.user?.realName).to.equal('王老师');
    expect(snap.parent.children.map((c) => c.id)).to.deep.equal(['7', '8']);
    expect(snap.unit.vocational).to.equal(true);
    expect(snap.theme).to.equal('#e31d1a');
    expect(snap.layout).to.equal('left');
    again.dispose();
  });

  it('tolerates corrupt storage', () => {
    localStorage.setItem('user', '{"userId": 1, broken');
    sessionStorage.setItem('theme', 'not json at all');
    const again = createSessionStore();
    expect(again.getSnapshot().user).to.equal(null);
    expect(again.getSnapshot().theme).to.equal('#457CD6');
    localStorage.setItem('user', JSON.stringify({ userId: 3, chirdenList: 'nope', currentChirden: 5, campusUnits: 7 }));
    const third = createSessionStore();
    expect(third.getSnapshot().user?.userId).to.equal('3');
    expect(third.getSnapshot().parent.children).to.deep.equal([]);
    expect(third.getSnapshot().user?.campusUnits).to.deep.equal([]);
    again.dispose();
    third.dispose();
  });

  it('keeps the parent context in wire names: chirdenId, chirdenName, chirdenList, currentChirden', () => {
    store.login({ ...wireTeacher, userType: 3 });
    store.setChildren([
      { id: 7, realName: '小明', gradeName: '一年级', className: '1班', status: 1 },
      { id: 9, realName: '离校', gradeName: '', className: '', status: 0 },
    ]);
    expect(store.getSnapshot().parent.children.map((c) => c.realName)).to.deep.equal(['小明']);
    expect(store.selectChild({ id: '7', realName: '小明', gradeName: '一年级', className: '1班' })).to.equal(true);
    expect(store.selectChild({ id: '7', realName: '小明', gradeName: '一年级', className: '1班' })).to.equal(false);
    const saved = JSON.parse(localStorage.getItem('user')!);
    expect(saved[WIRE_NAMES.childId]).to.equal('7');
    expect(saved.chirdenName).to.equal('小明');
    expect(saved.currentChirden).to.deep.equal({ id: '7', realName: '小明' });
    expect(saved.chirdenList).to.have.length(1);
    expect(store.getSnapshot().parent.currentChild).to.deep.equal({ id: '7', realName: '小明' });
  });

  it('gives immutable snapshots that change identity only on change', () => {
    const first = store.getSnapshot();
    expect(store.getSnapshot()).to.equal(first);
    expect(Object.isFrozen(first)).to.equal(true);
    store.login(wireTeacher);
    const second = store.getSnapshot();
    expect(second).to.not.equal(first);
    expect(Object.isFrozen(second.user)).to.equal(true);
    expect(() => {
      (second.user as { realName: string }).realName = 'x';
    }).to.throw();
    expect(first.user).to.equal(null);
  });

  it('subscribe reports changes until unsubscribed; a throwing listener does not stop others', () => {
    let calls = 0;
    const stopBad = store.subscribe(() => {
      throw new Error('bad listener');
    });
    const stop = store.subscribe(() => calls++);
    const originalError = console.error;
    console.error = () => {};
    try {
      store.login(wireTeacher);
      store.setServerCode('edu');
      stop();
      store.setServerCode('other');
    } finally {
      console.error = originalError;
      stopBad();
    }
    expect(calls).to.equal(2);
  });

  it('follows the language in force', () => {
    store.login(wireTeacher);
    setLanguage('en');
    expect(store.getSnapshot().language).to.equal('en');
    expect(JSON.parse(localStorage.getItem('user')!).langType).to.equal('en');
    setLanguage('zh-CN');
  });

  it('theme: named themes force top but remember the chosen layout for colour themes', () => {
    store.setTheme({ theme: '#49C1D9', layout: 'left' });
    expect(store.getSnapshot()).to.include({ theme: '#49C1D9', themeColor: '#49C1D9', layout: 'left' });
    store.setTheme({ theme: 'ink' });
    expect(store.getSnapshot()).to.include({
      theme: 'ink',
      themeColor: '#49C1D9',
      layout: 'top',
      layoutPreference: 'left',
    });
    store.setTheme({ theme: 'not a theme' });
    expect(store.getSnapshot().theme).to.equal('ink');
    store.setTheme({ theme: '#49C1D9' });
    expect(store.getSnapshot().layout).to.equal('left');
    expect(JSON.parse(sessionStorage.getItem('theme')!)).to.deep.equal({
      theme: '#49C1D9',
      themeColor: '#49C1D9',
      layout: 'left',
    });
  });

  it('the layout preference comes back with the stored theme and goes with logout', () => {
    store.setTheme({ theme: 'lotus', layout: 'left' });
    const reloaded = createSessionStore();
    expect(reloaded.getSnapshot()).to.include({ theme: 'lotus', layout: 'top', layoutPreference: 'left' });
    reloaded.logout();
    expect(reloaded.getSnapshot()).to.include({ layout: 'top', layoutPreference: null });
    reloaded.dispose();
  });

  it('applyRefresh stores the new handover token in the user and the rest in the login message', () => {
    store.login(wireTeacher);
    store.applyRefresh({ accessToken: 'new-token', expiresIn: 1800 });
    const snap = store.getSnapshot();
    expect(snap.user?.accessToken).to.equal('new-token');
    // Handover tokens: the token is kept once, in the user; the login message keeps the rest of the answer.
    expect(snap.loginMessage).to.include({ expiresIn: 1800 });
    expect(snap.loginMessage).not.to.have.property('accessToken');
  });

  it('logout clears exactly the stored user, session storage and the auto-login counter, and sets IS_LOGOUTED', () => {
    store.login(wireTeacher);
    localStorage.setItem('AUTO_LOGIN_NUM', '2');
    localStorage.setItem('PH_MY_SET_LANG', 'en');
    localStorage.setItem('lang', 'en');
    localStorage.setItem('SHIYUE_PRODUCTCODE', 'edu');
    localStorage.setItem('unrelated', 'keep');
    sessionStorage.setItem('lange_', '{}');
    sessionStorage.setItem('loginTime', '123');
    store.setTheme({ theme: 'lotus' });
    store.logout();
    expect(localStorage.getItem('user')).to.equal(null);
    expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal(null);
    expect(sessionStorage.length).to.equal(0);
    expect(localStorage.getItem('IS_LOGOUTED')).to.equal('1');
    expect(store.wasLoggedOut()).to.equal(true);
    // What logout does not own survives.
    expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal('en');
    expect(localStorage.getItem('lang')).to.equal('en');
    expect(localStorage.getItem('SHIYUE_PRODUCTCODE')).to.equal('edu');
    expect(localStorage.getItem('unrelated')).to.equal('keep');
    const snap = store.getSnapshot();
    expect(snap).to.include({ status: 'logged-out', user: null, theme: '#457CD6', layout: 'top' });
  });

  it('a new login clears IS_LOGOUTED; another user does not inherit the previous children', () => {
    store.login(wireTeacher);
    store.setChildren([{ id: 7, realName: '小明', gradeName: '', className: '', status: 1 }]);
    store.logout();
    store.login({ ...wireTeacher, userId: 99 });
    expect(localStorage.getItem('IS_LOGOUTED')).to.equal(null);
    expect(store.getSnapshot().parent.children).to.deep.equal([]);
  });

  it('forget drops the user without the logged-out flag', () => {
    store.login(wireTeacher);
    localStorage.setItem('AUTO_LOGIN_NUM', '1');
    store.forget();
    expect(localStorage.getItem('user')).to.equal(null);
    expect(localStorage.getItem('IS_LOGOUTED')).to.equal(null);
    expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal('1');
    expect(store.getSnapshot().status).to.equal('logged-out');
  });
});
