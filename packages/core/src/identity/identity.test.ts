import { expect } from '@open-wc/testing';
import { RequestError } from '../http/errors.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { fakeClient, refuse } from '../test-support/fake-client.ts';
import { loadParentContext, selectChild, switchIdentity } from './api.ts';
import {
  canSelectChild,
  childToSelect,
  readRememberedChild,
  rememberChild,
  shouldOpenChildSelection,
} from './children.ts';
import { checkModuleLicence } from './api.ts';
import { licenceExpiredText, readLicenceAnswer } from './licence.ts';
import {
  canSwitchIdentity,
  fromWirePairedIdentity,
  identityOptions,
  identitySwitchTarget,
  type PairedIdentity,
} from './switch.ts';

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
