/**
 * Identity, child and licence calls against the running reference server. What a test changes it puts back (the
 * identity, parent1's chosen child), so the rest of the run sees the seeded accounts.
 */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';
import type { SessionStore } from '../session/store.ts';
import { loginAs } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import {
  getChildren,
  getCurrentChild,
  getPairedIdentity,
  loadParentContext,
  selectChild,
  setCurrentChild,
  switchIdentity,
} from './api.ts';
import { readRememberedChild, shouldOpenChildSelection } from './children.ts';
import { checkModuleLicence } from './api.ts';
import { identityOptions } from './switch.ts';

describe('identity calls (reference server)', () => {
  let session: SessionStore;
  let client: Client;
  useReferenceServer(
    (parts) => {
      client = parts.client;
      session = parts.session!;
    },
    { session: true },
  );

  it('a teacher switches to the paired parent and back; choosing the current identity is ignored', async () => {
    session.login(await loginAs('teacher1'));
    const teacher = session.getSnapshot().user!;
    const pair = await getPairedIdentity(teacher, client);
    expect(pair).to.not.equal(null);
    expect(pair!.teacherId).to.equal(teacher.userId);
    const options = identityOptions(pair, teacher.userId);
    expect(options.map((o) => [o.userType, o.current])).to.deep.equal([
      [2, true],
      [3, false],
    ]);
    expect(await switchIdentity(options, teacher.userId, { client, session })).to.deep.equal({ kind: 'ignored' });
    const toParent = await switchIdentity(options, pair!.parentId, { client, session });
    expect(toParent.kind).to.equal('switched');
    expect(session.getSnapshot().user).to.include({ userId: pair!.parentId, userType: 3 });
    // The new session is the parent's: the pair seen from there, and the way back.
    const parent = session.getSnapshot().user!;
    const back = identityOptions(await getPairedIdentity(parent, client), parent.userId);
    expect(back.find((o) => o.current)?.userType).to.equal(3);
    await switchIdentity(back, teacher.userId, { client, session });
    expect(session.getSnapshot().user).to.include({ userId: teacher.userId, userType: 2 });
  });

  it('a parent without a teacher identity has nothing to switch to', async () => {
    session.login(await loginAs('parent1'));
    const user = session.getSnapshot().user!;
    const pair = await getPairedIdentity(user, client);
    expect(identityOptions(pair, user.userId)).to.deep.equal([]);
  });

  it('a parent loads only children at school, picks another, and it is remembered and saved', async () => {
    session.login(await loginAs('parent1'));
    const user = session.getSnapshot().user!;
    const all = await getChildren(user.userId, client);
    expect(all.length).to.equal(2); // the graduated child is left out
    const original = await getCurrentChild(user.userId, client);
    expect(original).to.not.equal(null);
    await loadParentContext(user, { client, session });
    const { parent } = session.getSnapshot();
    expect(parent.children.map((c) => c.id)).to.deep.equal(all.map((c) => c.id));
    expect(parent.childId).to.equal(original!.id);
    // Nothing remembered on this device yet, two children: the selection opens by itself.
    expect(
      shouldOpenChildSelection({
        userType: user.userType,
        children: parent.children,
        currentChildId: parent.childId,
        rememberedChildId: readRememberedChild(user.userId),
      }),
    ).to.equal(true);
    const other = all.find((c) => c.id !== original!.id)!;
    expect(await selectChild(original!.id, { client, session })).to.deep.equal({ kind: 'ignored' });
    expect(await selectChild(other.id, { client, session })).to.deep.equal({ kind: 'selected', child: other });
    expect((await getCurrentChild(user.userId, client))?.id).to.equal(other.id);
    expect(readRememberedChild(user.userId)).to.equal(other.id);
    expect(
      shouldOpenChildSelection({
        userType: user.userType,
        children: session.getSnapshot().parent.children,
        currentChildId: session.getSnapshot().parent.childId,
        rememberedChildId: readRememberedChild(user.userId),
      }),
    ).to.equal(false);
    await setCurrentChild(user.userId, original!, client); // put the seeded choice back
  });

  it("a child that is not the parent's is refused (403)", async () => {
    const data = await loginAs('parent1');
    let error: unknown;
    try {
      await setCurrentChild(
        String(data['userId']),
        { id: '20004', realName: '', gradeName: '', className: '' },
        client,
      );
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(RequestError);
    expect((error as RequestError).status).to.equal(403);
  });

  it('the licence check: the portal licence holds, an expired module blocks, a refused call hides', async () => {
    const data = await loginAs('teacher1');
    const unitId = String(data['unitId']);
    expect(await checkModuleLicence({ unitId, development: false, client })).to.equal('valid');
    expect(await checkModuleLicence({ unitId, serverId: 'homework', development: false, client })).to.equal('valid');
    expect(await checkModuleLicence({ unitId, serverId: 'asset', development: false, client })).to.equal('expired');
    expect(await checkModuleLicence({ unitId, serverId: 'asset', development: true, client })).to.equal('unchecked');
    // Another unit's licence is refused (403): the dialog stays hidden.
    expect(await checkModuleLicence({ unitId: '330108', development: false, client })).to.equal('unchecked');
  });
});
