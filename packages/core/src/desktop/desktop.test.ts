import { expect } from '@open-wc/testing';
import { badgeText, headerIcons, headerPanelWidth, titleFontSize } from './header.ts';
import {
  canReorderIcons,
  desktopIcons,
  fromWireIcon,
  fromWireIconGroups,
  iconFallbackText,
  iconImage,
  iconLabel,
  isGroupedDesktop,
  isIconVisible,
  mergeGroupUnreadCounts,
  mergeUnreadCounts,
  parseUserTypes,
  visibleIcons,
  type AppIcon,
} from './icons.ts';
import {
  DEFAULT_LEFT_MENU,
  leftMenuKey,
  readLeftMenu,
  toggleLeftMenu,
  toggleLeftMenuLock,
  updateLeftMenu,
  writeLeftMenu,
} from './left-menu.ts';
import {
  mergeRecentApps,
  normalizeRecentApps,
  readRecentApps,
  recentAppsKey,
  recentIcons,
  recordRecentApp,
} from './recent.ts';
import { iconOrder, moveBy, moveIconInGroup, moveItem } from './reorder.ts';
import { appAccessRecord, iconEntryUrl } from './api.ts';

function wireIcon(code: string, extra: Record<string, unknown> = {}) {
  return {
    code,
    zname: `${code}名`,
    name: code,
    englishName: `${code} app`,
    shortName: `${code}短`,
    englishShortName: code,
    imgPath: `/img/${code}.svg`,
    imgGrayPath: `/img/${code}-gray.svg`,
    imgCartoonPath: `/img/${code}-cartoon.svg`,
    iconImg: `/img/${code}-glyph.svg`,
    updateStatus: 1,
    unReadCodeCount: 0,
    limitUserType: '2,3,4',
    ...extra,
  };
}

const wireGroups = [
  { code: 'teaching', name: '教学教务', iconVMs: [wireIcon('edu'), wireIcon('homework'), wireIcon('exam')] },
  {
    code: 'management',
    name: '学校管理',
    iconVMs: [wireIcon('base'), wireIcon('asset', { updateStatus: 0 }), wireIcon('desktop'), wireIcon('comment')],
  },
  { code: 'tools', name: '常用工具', iconVMs: [wireIcon('netdisk'), wireIcon('homework')] },
  { code: 'empty', iconVMs: [wireIcon('asset', { updateStatus: '0' })] },
];

const teacher = { userType: 2, unitType: 2 };
const staff = { userType: 4, unitType: 2 };
const parent = { userType: 3, unitType: 2 };
const area = { userType: 1, unitType: 1 };
const areaTeacher = { userType: 2, unitType: 1 };

describe('icons: wire mapping', () => {
  it('maps wire names and tolerates missing or odd fields', () => {
    const icon = fromWireIcon(wireIcon('edu', { unReadCodeCount: '7', limitUserType: '2, 3,x' }))!;
    expect(icon.displayName).to.equal('edu名');
    expect(icon.grayImagePath).to.equal('/img/edu-gray.svg');
    expect(icon.unreadCount).to.equal(7);
    expect(icon.limitUserTypes).to.deep.equal([2, 3]);
    const bare = fromWireIcon({ code: 'x', name: 'X' })!;
    expect(bare.displayName).to.equal('X');
    expect(bare.updateStatus).to.equal(1);
    expect(bare.appType).to.equal(1);
    expect(bare.unreadCount).to.equal(0);
    expect(fromWireIcon({ name: 'no code' })).to.equal(null);
    expect(fromWireIcon('x')).to.equal(null);
    expect(parseUserTypes([2, '3', 'a', 4.5])).to.deep.equal([2, 3]);
  });

  it('reads groups [{code, iconVMs}], a bare icon list as one group, and junk as nothing', () => {
    const groups = fromWireIconGroups(wireGroups);
    expect(groups.map((g) => g.code)).to.deep.equal(['teaching', 'management', 'tools', 'empty']);
    expect(groups[1]!.icons).to.have.length(4);
    const flat = fromWireIconGroups([wireIcon('a'), wireIcon('b')]);
    expect(flat).to.have.length(1);
    expect(flat[0]!.icons.map((i) => i.code)).to.deep.equal(['a', 'b']);
    expect(fromWireIconGroups(null)).to.deep.equal([]);
    expect(fromWireIconGroups([])).to.deep.equal([]);
    expect(fromWireIconGroups({ list: [] })).to.deep.equal([]);
  });
});

describe('icons: visibility and grouping', () => {
  const groups = fromWireIconGroups(wireGroups);

  it('updateStatus 0 hides; desktop and comment never show', () => {
    const icon = (code: string, updateStatus = 1) => ({ code, updateStatus });
    expect(isIconVisible(icon('homework'), 2)).to.equal(true);
    expect(isIconVisible(icon('homework', 0), 2)).to.equal(false);
    expect(isIconVisible(icon('desktop'), 2)).to.equal(false);
    expect(isIconVisible(icon('comment'), 1)).to.equal(false);
  });

  it('base and edu show only in school units (unit type 2)', () => {
    for (const code of ['base', 'edu']) {
      expect(isIconVisible({ code, updateStatus: 1 }, 2)).to.equal(true);
      expect(isIconVisible({ code, updateStatus: 1 }, 1)).to.equal(false);
      expect(isIconVisible({ code, updateStatus: 1 }, 3)).to.equal(false);
    }
  });

  it('school teachers and type 4 get groups; parents, area users and area teachers a flat list', () => {
    expect(isGroupedDesktop(teacher)).to.equal(true);
    expect(isGroupedDesktop(staff)).to.equal(true);
    expect(isGroupedDesktop(parent)).to.equal(false);
    expect(isGroupedDesktop(area)).to.equal(false);
    expect(isGroupedDesktop(areaTeacher)).to.equal(false);
    expect(isGroupedDesktop({ userType: 5, unitType: 2 })).to.equal(false);
  });

  it('grouped: visible icons per group, empty groups dropped', () => {
    const shown = desktopIcons(groups, teacher);
    expect(shown.grouped).to.equal(true);
    if (!shown.grouped) return;
    expect(shown.groups.map((g) => g.code)).to.deep.equal(['teaching', 'management', 'tools']);
    expect(shown.groups[1]!.icons.map((i) => i.code)).to.deep.equal(['base']);
  });

  it('flat: each visible app once, in group order; base and edu gone outside schools', () => {
    const shown = desktopIcons(groups, parent);
    expect(shown.grouped).to.equal(false);
    if (shown.grouped) return;
    expect(shown.icons.map((i) => i.code)).to.deep.equal(['edu', 'homework', 'exam', 'base', 'netdisk']);
    expect(visibleIcons(groups, 1).map((i) => i.code)).to.deep.equal(['homework', 'exam', 'netdisk']);
    expect(visibleIcons([], 2)).to.deep.equal([]);
  });

  it('reordering is for user types 2 and 4 only', () => {
    expect(canReorderIcons(2)).to.equal(true);
    expect(canReorderIcons(4)).to.equal(true);
    for (const type of [0, 1, 3, 5]) expect(canReorderIcons(type)).to.equal(false);
  });
});

describe('icons: unread counts, pictures, labels', () => {
  const icons = fromWireIconGroups(wireGroups)[0]!.icons;

  it('merges unReadCodeCount onto the icons; codes it does not name have nothing unread', () => {
    const withOld = icons.map((i) => (i.code === 'exam' ? { ...i, unreadCount: 4 } : i));
    const merged = mergeUnreadCounts(withOld, [
      { code: 'homework', num: 3 },
      { code: 'homework', num: '2' },
      { code: 'unknown', num: 9 },
      { code: 'edu', num: -1 },
      { num: 5 },
      'junk',
    ]);
    expect(merged.map((i) => i.unreadCount)).to.deep.equal([0, 5, 0]);
    expect(merged[0]).to.equal(withOld[0]); // unchanged icons keep their identity
    expect(mergeUnreadCounts(withOld, null).map((i) => i.unreadCount)).to.deep.equal([0, 0, 0]);
    const groups = mergeGroupUnreadCounts(fromWireIconGroups(wireGroups), [{ code: 'netdisk', num: 1 }]);
    expect(groups[2]!.icons[0]!.unreadCount).to.equal(1);
  });

  it('chooses the picture per theme with fallbacks', () => {
    const icon = icons[0]!;
    expect(iconImage(icon, 'ink')).to.equal('/img/edu-gray.svg');
    expect(iconImage(icon, 'cartoon')).to.equal('/img/edu-cartoon.svg');
    expect(iconImage(icon, 'lotus')).to.equal('/img/edu.svg');
    expect(iconImage(icon, '#457CD6')).to.equal('/img/edu.svg');
    expect(iconImage(icon, 'ink', { header: true })).to.equal('/img/edu-glyph.svg');
    const plain = { imagePath: '/a.svg', grayImagePath: '', cartoonImagePath: '', iconImage: '' };
    expect(iconImage(plain, 'ink')).to.equal('/a.svg');
    expect(iconImage(plain, 'cartoon', { header: true })).to.equal('/a.svg');
    expect(iconImage({ ...plain, imagePath: '', iconImage: '/g.svg' }, 'lotus')).to.equal('/g.svg');
    expect(iconImage({ ...plain, imagePath: '' }, 'lotus')).to.equal('');
    // Pictures from data pass the safe-URL rule: a script or HTML data address counts as none.
    expect(iconImage({ ...plain, imagePath: 'javascript:alert(1)//' }, 'lotus')).to.equal('');
    expect(iconImage({ ...plain, imagePath: 'data:text/html;base64,PHN2Zz4=' }, 'lotus')).to.equal('');
    expect(iconImage({ ...plain, imagePath: 'https://evil@cdn.example/a.svg' }, 'lotus')).to.equal('');
    expect(iconImage({ ...plain, imagePath: 'data:image/png;base64,iVBORw0KGgo=' }, 'lotus')).to.equal(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('falls back to the first character of the name', () => {
    expect(iconFallbackText('教务管理')).to.equal('教');
    expect(iconFallbackText('  homework')).to.equal('H');
    expect(iconFallbackText('𠮷野家')).to.equal('𠮷');
    expect(iconFallbackText('')).to.equal('');
  });

  it('labels by language, short in the header, with fallbacks', () => {
    const icon = icons[0]!;
    expect(iconLabel(icon, 'zh-CN')).to.equal('edu名');
    expect(iconLabel(icon, 'zh-HK')).to.equal('edu名');
    expect(iconLabel(icon, 'en')).to.equal('edu app');
    expect(iconLabel(icon, 'zh-CN', { short: true })).to.equal('edu短');
    expect(iconLabel({ ...icon, englishName: '', englishShortName: '' }, 'en')).to.equal('edu名');
    const nameless = { ...icon, displayName: '', name: '', englishName: '', shortName: '', englishShortName: '' };
    expect(iconLabel(nameless, 'en')).to.equal('edu');
  });
});

describe('header', () => {
  it('title font: 26 from 1920 px, 22 from 1366 px, else 18', () => {
    expect(titleFontSize(2560, '实验中学')).to.equal(26);
    expect(titleFontSize(1920, '实验中学')).to.equal(26);
    expect(titleFontSize(1919, '实验中学')).to.equal(22);
    expect(titleFontSize(1366, '实验中学')).to.equal(22);
    expect(titleFontSize(1365, '实验中学')).to.equal(18);
    expect(titleFontSize(320, '实验中学')).to.equal(18);
    expect(titleFontSize(Number.NaN, '实验中学')).to.equal(18);
  });

  it('a title over 15 characters takes one size smaller, never below 18', () => {
    const fifteen = '一二三四五六七八九十一二三四五';
    const sixteen = `${fifteen}六`;
    expect(titleFontSize(1920, fifteen)).to.equal(26);
    expect(titleFontSize(1920, sixteen)).to.equal(22);
    expect(titleFontSize(1366, sixteen)).to.equal(18);
    expect(titleFontSize(1000, sixteen)).to.equal(18);
    expect(titleFontSize(1920, ` ${fifteen} `)).to.equal(26); // surrounding blanks do not count
    expect(titleFontSize(1920, 'Binjiang Experimental Middle School')).to.equal(22);
  });

  it('badge text caps at 99+', () => {
    expect(badgeText(0)).to.equal('');
    expect(badgeText(-3)).to.equal('');
    expect(badgeText('x')).to.equal('');
    expect(badgeText(undefined)).to.equal('');
    expect(badgeText(1)).to.equal('1');
    expect(badgeText(99)).to.equal('99');
    expect(badgeText('99')).to.equal('99');
    expect(badgeText(100)).to.equal('99+');
    expect(badgeText(12345)).to.equal('99+');
  });

  it('at most 10 icons in the header', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i);
    expect(headerIcons(twelve)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(headerIcons([1, 2])).to.deep.equal([1, 2]);
    expect(headerIcons([])).to.deep.equal([]);
  });

  it('panel 780 px for school teachers and type 4, else 672 px', () => {
    expect(headerPanelWidth(teacher)).to.equal(780);
    expect(headerPanelWidth(staff)).to.equal(780);
    expect(headerPanelWidth(parent)).to.equal(672);
    expect(headerPanelWidth(area)).to.equal(672);
    expect(headerPanelWidth(areaTeacher)).to.equal(672);
  });
});

describe('reorder', () => {
  it('moves an item and clamps the target', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 0, 2)).to.deep.equal(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 0)).to.deep.equal(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 1, 99)).to.deep.equal(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 1, -5)).to.deep.equal(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 2, 2)).to.deep.equal(list);
    expect(list).to.deep.equal(['a', 'b', 'c', 'd']); // not mutated
  });

  it('leaves the order alone for an index outside the list', () => {
    expect(moveItem(['a', 'b'], 5, 0)).to.deep.equal(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 0)).to.deep.equal(['a', 'b']);
    expect(moveItem(['a', 'b'], 0.5, 1)).to.deep.equal(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, Number.NaN)).to.deep.equal(['a', 'b']);
    expect(moveItem([], 0, 0)).to.deep.equal([]);
  });

  it('moves by keyboard steps and stops at the ends', () => {
    expect(moveBy(['a', 'b', 'c'], 0, 1)).to.deep.equal(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 0, -1)).to.deep.equal(['a', 'b', 'c']);
    expect(moveBy(['a', 'b', 'c'], 2, 1)).to.deep.equal(['a', 'b', 'c']);
  });

  it('moves within the icon group and gives the order to save', () => {
    const groups = fromWireIconGroups(wireGroups);
    const moved = moveIconInGroup(groups, 'exam', 0);
    expect(moved[0]!.icons.map((i) => i.code)).to.deep.equal(['exam', 'edu', 'homework']);
    expect(moved[1]).to.equal(groups[1]);
    expect(iconOrder(moved)).to.deep.equal([
      'exam',
      'edu',
      'homework',
      'base',
      'asset',
      'desktop',
      'comment',
      'netdisk',
    ]);
    expect(iconOrder([{ code: 'b' }, { code: 'a' }, { code: 'b' }])).to.deep.equal(['b', 'a']);
    expect(iconOrder([])).to.deep.equal([]);
  });
});

describe('recent apps', () => {
  beforeEach(() => localStorage.clear());

  it('records per user, most recent first, each app once', () => {
    recordRecentApp('u1', 'homework', 1_700_000_000_000);
    recordRecentApp('u1', 'exam', 1_700_000_001_000);
    recordRecentApp('u1', 'homework', 1_700_000_002_000);
    recordRecentApp('u2', 'netdisk', 1_700_000_003_000);
    expect(readRecentApps('u1').map((r) => r.code)).to.deep.equal(['homework', 'exam']);
    expect(readRecentApps('u1')[0]!.openedAt).to.equal(1_700_000_002_000);
    expect(readRecentApps('u2').map((r) => r.code)).to.deep.equal(['netdisk']);
    expect(localStorage.getItem(recentAppsKey('u1'))).to.contain('homework');
  });

  it('keeps at most 10: the 11th pushes the oldest out', () => {
    for (let i = 0; i < 11; i++) recordRecentApp('u1', `app${i}`, 1_700_000_000_000 + i * 1000);
    const list = readRecentApps('u1');
    expect(list).to.have.length(10);
    expect(list[0]!.code).to.equal('app10');
    expect(list.map((r) => r.code)).to.not.include('app0');
  });

  it('ignores empty users and codes, and corrupt storage', () => {
    expect(recordRecentApp('', 'x')).to.deep.equal([]);
    expect(recordRecentApp('u1', '  ')).to.deep.equal([]);
    localStorage.setItem(recentAppsKey('u1'), '{broken');
    expect(readRecentApps('u1')).to.deep.equal([]);
    localStorage.setItem(recentAppsKey('u1'), JSON.stringify([{ code: 'a', openedAt: 'x' }, 7, null, 'b']));
    expect(readRecentApps('u1').map((r) => r.code)).to.deep.equal(['a', 'b']);
  });

  it("merges the local list with the server list at each app's latest opening", () => {
    const local = normalizeRecentApps([
      { code: 'a', openedAt: 1_700_000_005_000 },
      { code: 'b', openedAt: 1_700_000_001_000 },
    ]);
    const remote = normalizeRecentApps([
      { code: 'b', accessTime: 1_700_000_009_000 },
      { code: 'c', accessTime: '1700000003000' },
    ]);
    expect(mergeRecentApps(local, remote).map((r) => r.code)).to.deep.equal(['b', 'a', 'c']);
  });

  it('resolves to icons the user still has, in recent order', () => {
    const icons = [{ code: 'a' }, { code: 'b' }];
    const recent = normalizeRecentApps([
      { code: 'b', openedAt: 1_700_000_002_000 },
      { code: 'gone', openedAt: 1_700_000_003_000 },
      { code: 'a', openedAt: 1_700_000_001_000 },
    ]);
    expect(recentIcons(recent, icons)).to.deep.equal([{ code: 'b' }, { code: 'a' }]);
  });
});

describe('left menu', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to expanded and unlocked, and is saved per user', () => {
    expect(readLeftMenu('u1')).to.deep.equal(DEFAULT_LEFT_MENU);
    writeLeftMenu('u1', { collapsed: true, locked: true });
    expect(readLeftMenu('u1')).to.deep.equal({ collapsed: true, locked: true });
    expect(readLeftMenu('u2')).to.deep.equal(DEFAULT_LEFT_MENU);
    localStorage.setItem(leftMenuKey('u2'), 'nonsense');
    expect(readLeftMenu('u2')).to.deep.equal(DEFAULT_LEFT_MENU);
    expect(readLeftMenu('')).to.deep.equal(DEFAULT_LEFT_MENU);
  });

  it('toggles unless locked; the lock toggles either way', () => {
    const open = { collapsed: false, locked: false };
    expect(toggleLeftMenu(open)).to.deep.equal({ collapsed: true, locked: false });
    const locked = toggleLeftMenuLock(open);
    expect(locked).to.deep.equal({ collapsed: false, locked: true });
    expect(toggleLeftMenu(locked)).to.equal(locked);
    expect(toggleLeftMenuLock(locked)).to.deep.equal(open);
  });

  it('updateLeftMenu reads, changes and saves', () => {
    expect(updateLeftMenu('u1', toggleLeftMenu)).to.deep.equal({ collapsed: true, locked: false });
    expect(updateLeftMenu('u1', toggleLeftMenuLock)).to.deep.equal({ collapsed: true, locked: true });
    expect(updateLeftMenu('u1', toggleLeftMenu)).to.deep.equal({ collapsed: true, locked: true });
    expect(readLeftMenu('u1')).to.deep.equal({ collapsed: true, locked: true });
  });
});

describe('desktop call helpers', () => {
  const user = { userId: '10001', userType: 2, unitId: '330108001', unitType: 2 };

  it('builds the access record and the entry URL of an icon', () => {
    const icon = fromWireIcon(wireIcon('homework', { serverId: 'homework', deployPath: '' })) as AppIcon;
    expect(appAccessRecord(icon, user)).to.deep.equal({
      userId: '10001',
      userType: 2,
      unitId: '330108001',
      resId: 'homework',
      resName: 'homework名',
      type: 1,
    });
    expect(iconEntryUrl(icon, user, false)).to.equal('/pages/homework/pc_homework_tm/index.html');
    expect(iconEntryUrl(icon, { userType: 3, unitType: 2 }, true)).to.equal('/pc_homework_spm.html');
    expect(iconEntryUrl({ ...icon, code: '../x' }, user, false)).to.equal(null);
  });
});
