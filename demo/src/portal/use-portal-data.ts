// What the portal shell loads for the signed-in user (spec part 1 §4, §6, §7): the server's theme setting, the app
// icons with their unread counts, the bell's counts, the admin check, the paired identity, a parent's children and
// the recent apps. Everything reloads when the user changes (an identity switch is another user).
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  getAppIconGroups,
  getRecentApps,
  getUnhandledCounts,
  getUnreadCodeCounts,
  type UnhandledCounts,
  type UnreadCodeCount,
} from '@edu-portal/core/desktop/api.ts';
import {
  mergeGroupUnreadCounts,
  mergeUnreadCounts,
  visibleIcons,
  type AppIcon,
  type IconGroup,
} from '@edu-portal/core/desktop/icons.ts';
import { mergeRecentApps, readRecentApps, recentIcons } from '@edu-portal/core/desktop/recent.ts';
import { getPairedIdentity, loadParentContext } from '@edu-portal/core/identity/api.ts';
import { hasIdentitySwitch, identityOptions, type IdentityOption } from '@edu-portal/core/identity/switch.ts';
import { isAdmin } from '@edu-portal/core/permissions/api.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { getThemeSetting } from '@edu-portal/core/theme/api.ts';
import { adoptThemeSetting } from '@edu-portal/core/theme/setting.ts';

export interface PortalData {
  /** null while loading. */
  groups: IconGroup[] | null;
  iconsFailed: boolean;
  counts: UnhandledCounts;
  admin: boolean;
  identities: IdentityOption[];
  /** The parent's children are in the session store once this is true. */
  parentReady: boolean;
  recent: AppIcon[];
  reloadIcons(): void;
  /** Asks the server again for the bell's counts and the per-app unread counts (badges on chips, tiles, menu). */
  reloadCounts(): void;
  /**
   * One message was marked read, or all of them (`all`): the bell's count follows at once, then the bell and every
   * app badge take the server's counts.
   */
  messagesRead(all: boolean): void;
}

const NO_COUNTS: UnhandledCounts = { todo: 0, message: 0 };

// The server's theme setting is put in force once per user and page: later changes are the user's own.
const adoptedFor = new Set<string>();

export function usePortalData(user: SessionUser | null): PortalData {
  const [rawGroups, setGroups] = useState<IconGroup[] | null>(null);
  /** The per-app unread counts (`unReadCodeCount`), loaded with the bell's counts; null before the first answer. */
  const [codeCounts, setCodeCounts] = useState<UnreadCodeCount[] | null>(null);
  const [iconsFailed, setIconsFailed] = useState(false);
  const [counts, setCounts] = useState<UnhandledCounts>(NO_COUNTS);
  const [admin, setAdmin] = useState(false);
  const [identities, setIdentities] = useState<IdentityOption[]>([]);
  const [parentReady, setParentReady] = useState(false);
  const [rawRecent, setRecent] = useState<AppIcon[]>([]);
  const [iconsVersion, setIconsVersion] = useState(0);
  const [countsVersion, setCountsVersion] = useState(0);
  const userId = user?.userId ?? '';

  useEffect(() => {
    if (!user) return;
    let live = true;
    if (!adoptedFor.has(user.userId)) {
      adoptedFor.add(user.userId);
      getThemeSetting().then(
        (setting) => live && adoptThemeSetting(setting),
        () => undefined,
      );
    }
    isAdmin(user.userId).then(
      (yes) => live && setAdmin(yes),
      () => live && setAdmin(false),
    );
    setIdentities([]);
    if (hasIdentitySwitch(user.userType)) {
      getPairedIdentity(user).then(
        (pair) => live && setIdentities(identityOptions(pair, user.userId)),
        () => undefined,
      );
    }
    setParentReady(false);
    loadParentContext(user).then(
      () => live && setParentReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Keyed on the user id: the same user's session object may be replaced without anything changing here.
  }, [userId]);

  useEffect(() => {
    if (!user) return;
    let live = true;
    setIconsFailed(false);
    getAppIconGroups(user).then(
      (loaded) => {
        if (!live) return;
        setGroups(loaded);
        const icons = visibleIcons(loaded, user.unitType);
        setRecent(recentIcons(readRecentApps(user.userId), icons));
        getRecentApps().then(
          (remote) => live && setRecent(recentIcons(mergeRecentApps(readRecentApps(user.userId), remote), icons)),
          () => undefined,
        );
      },
      () => live && setIconsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [userId, iconsVersion]);

  useEffect(() => {
    if (!user) return;
    let live = true;
    getUnhandledCounts().then(
      (loaded) => live && setCounts(loaded),
      () => undefined,
    );
    // The badges follow the server: asked again with the bell's counts after every read, ignore-all and
    // handled to-do. Counts are a nicety: without a first answer the badges show nothing; a later failure keeps them.
    getUnreadCodeCounts().then(
      (loaded) => live && setCodeCounts(loaded),
      () => live && setCodeCounts((known) => known ?? []),
    );
    return () => {
      live = false;
    };
  }, [userId, countsVersion]);

  const groups = useMemo(
    () => (rawGroups && codeCounts ? mergeGroupUnreadCounts(rawGroups, codeCounts) : rawGroups),
    [rawGroups, codeCounts],
  );
  const recent = useMemo(
    () => (codeCounts ? mergeUnreadCounts(rawRecent, codeCounts) : rawRecent),
    [rawRecent, codeCounts],
  );

  return {
    groups,
    iconsFailed,
    counts,
    admin,
    identities,
    parentReady,
    recent,
    reloadIcons: useCallback(() => setIconsVersion((v) => v + 1), []),
    reloadCounts: useCallback(() => setCountsVersion((v) => v + 1), []),
    messagesRead: useCallback((all: boolean) => {
      setCounts((counts) => ({ ...counts, message: all ? 0 : Math.max(0, counts.message - 1) }));
      setCountsVersion((v) => v + 1);
    }, []),
  };
}
