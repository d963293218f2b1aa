/**
 * The desktop calls against the running reference server. Calls that change data use staff4 and restore what
 * they change where the server allows it (icon order), so other tests of the run see the seeded desktop.
 */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { loginAs, logoutServer, rejection } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import {
  getAppIconGroups,
  getHelpKey,
  getRecentApps,
  getUnhandledCounts,
  getUnreadCodeCounts,
  recordAppAccess,
  saveIconOrder,
} from './api.ts';
import { desktopIcons, isIconVisible, mergeGroupUnreadCounts, visibleIcons } from './icons.ts';
import { iconOrder, moveIconInGroup } from './reorder.ts';

/** The seeded school's help key (packages/server/src/db/seed-data.ts). */
const SCHOOL_HELP_KEY = 'school-handbook';

function wireUser(data: Record<string, unknown>) {
  return {
    userId: String(data['userId']),
    unitId: String(data['unitId']),
    userType: Number(data['userType']),
    unitType: Number(data['unitType']),
  };
}

describe('desktop calls (reference server)', () => {
  let client: Client;
  useReferenceServer((parts) => (client = parts.client));

  it('a school teacher gets grouped icons with unread counts', async () => {
    const user = wireUser(await loginAs('teacher1'));
    const groups = await getAppIconGroups(user, client);
    expect(groups.length).to.be.greaterThan(1);
    expect(groups.every((g) => g.code && g.icons.length > 0)).to.equal(true);
    const shown = desktopIcons(groups, user);
    expect(shown.grouped).to.equal(true);
    const counts = await getUnreadCodeCounts(client);
    expect(counts.every((c) => c.code && c.num >= 0)).to.equal(true);
    const merged = mergeGroupUnreadCounts(groups, counts).flatMap((g) => g.icons);
    for (const { code, num } of counts) {
      const icon = merged.find((i) => i.code === code);
      if (icon) expect(icon.unreadCount).to.equal(num);
    }
  });

  it('an area officer gets a flat list without base and edu, though the unit owns them', async () => {
    const user = wireUser(await loginAs('area1'));
    const groups = await getAppIconGroups(user, client);
    const all = groups.flatMap((g) => g.icons.map((i) => i.code));
    expect(all).to.include.members(['base', 'edu']);
    const shown = desktopIcons(groups, user);
    expect(shown.grouped).to.equal(false);
    const codes = visibleIcons(groups, user.unitType).map((i) => i.code);
    expect(codes).to.not.include('base');
    expect(codes).to.not.include('edu');
    expect(codes.length).to.be.greaterThan(0);
  });

  it('the bell counts: {todo, message}', async () => {
    await loginAs('teacher1');
    const counts = await getUnhandledCounts(client);
    expect(counts.todo).to.be.a('number');
    expect(counts.message).to.be.a('number');
    expect(counts.message).to.be.greaterThan(0);
  });

  it('a type 4 user saves an icon order, and an empty order goes back to the default', async () => {
    const user = wireUser(await loginAs('staff4'));
    const before = await getAppIconGroups(user, client);
    const group = before.find((g) => g.icons.length > 1)!;
    const last = group.icons.at(-1)!.code;
    const moved = moveIconInGroup(before, last, 0);
    await saveIconOrder(iconOrder(moved), client);
    const after = await getAppIconGroups(user, client);
    expect(after.find((g) => g.code === group.code)!.icons.map((i) => i.code)).to.deep.equal(
      moved.find((g) => g.code === group.code)!.icons.map((i) => i.code),
    );
    expect(after.find((g) => g.code === group.code)!.icons[0]!.code).to.equal(last);
    await saveIconOrder([], client);
    expect(iconOrder(await getAppIconGroups(user, client))).to.deep.equal(iconOrder(before));
  });

  it('a parent may not reorder (403), and unknown codes are refused (400)', async () => {
    await loginAs('parent1');
    expect((await rejection(saveIconOrder(['notice'], client))).status).to.equal(403);
    await logoutServer();
    await loginAs('staff4');
    expect((await rejection(saveIconOrder(['no_such_app'], client))).status).to.equal(400);
  });

  it('records an app opening and lists it first among the recent apps', async () => {
    const data = await loginAs('staff4');
    const user = { ...wireUser(data), userType: Number(data['userType']) };
    const icons = visibleIcons(await getAppIconGroups(user, client), user.unitType);
    const icon = icons.find((i) => isIconVisible(i, user.unitType))!;
    expect(await recordAppAccess(icon, user, client)).to.equal(true);
    const recent = await getRecentApps(client);
    expect(recent[0]!.code).to.equal(icon.code);
    expect(recent[0]!.openedAt).to.be.greaterThan(0);
    expect(recent.length).to.be.at.most(10);
    // A record naming someone else is refused; recording stays quiet and says false.
    expect(await recordAppAccess(icon, { ...user, userId: '10001' }, client)).to.equal(false);
  });

  it("reads the unit's help-centre key", async () => {
    await loginAs('teacher1');
    expect(await getHelpKey(client)).to.equal(SCHOOL_HELP_KEY);
  });
});
