// The portal desktop (spec part 1 §2 "/desktop/home", the landing pages): a welcome line with the day's counts and
// the user's apps — grouped by category for school teachers and type 4, a flat list for everyone else, with the
// recent apps above; teachers and type 4 reorder them by drag or keyboard, saved on the server.
import { useMemo } from 'react';
import { desktopIcons, canReorderIcons } from '@edu-portal/core/desktop/icons.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { EduDesktop } from '@edu-portal/react/wrappers/edu-desktop.ts';
import { PortalCounts } from './counts.tsx';
import { PortalShell, type PortalContext } from './portal-shell.tsx';
import { openApp } from './navigation.ts';
import { RequireUser } from './require-user.tsx';
import { fill } from '../texts.ts';
import { groupNames, usePortalTexts } from './texts.ts';

function greeting(t: ReturnType<typeof usePortalTexts>, hour: number): string {
  if (hour < 12) return t.greetingMorning;
  if (hour < 18) return t.greetingAfternoon;
  return t.greetingEvening;
}

function DesktopContent({ user, context }: { user: SessionUser; context: PortalContext }) {
  const t = usePortalTexts();
  const lang = useLanguage();
  const { parent } = useSession();
  const { data, theme, reorderIcons } = context;
  const view = useMemo(() => (data.groups ? desktopIcons(data.groups, user) : null), [data.groups, user]);
  const names = useMemo(() => {
    const local = groupNames(t);
    const fromServer = Object.fromEntries(
      (data.groups ?? []).map((group) => [group.code, serverText(group.name, group.englishName, lang)]),
    );
    return { ...fromServer, ...local };
  }, [data.groups, lang, t]);
  const today = new Intl.DateTimeFormat(lang, { dateStyle: 'full' }).format(new Date());

  return (
    <>
      <section className="portal-welcome" aria-labelledby="portal-welcome-title">
        <div>
          <h1 id="portal-welcome-title">
            {fill(t.greetingLine, { greeting: greeting(t, new Date().getHours()), name: user.realName })}
          </h1>
          <p className="portal-welcome-line">
            {t.todayIs} {today}
            {user.year && user.term && ` · ${fill(t.termLine, { year: user.year, term: user.term })}`}
            {parent.childName && (
              <>
                {' · '}
                {t.childLine} {parent.childName}
              </>
            )}
          </p>
        </div>
        <PortalCounts counts={data.counts} />
      </section>
      <EduDesktop
        className="portal-desktop"
        view={view}
        theme={theme}
        reorderable={canReorderIcons(user.userType)}
        recent={data.recent}
        groupNames={names}
        loading={data.groups === null && !data.iconsFailed}
        error={data.iconsFailed ? t.loadFailed : ''}
        onEduOpenApp={(event) => openApp(event.detail.icon, user)}
        onEduReorder={(event) => reorderIcons(event.detail.codes)}
        onEduDesktopReload={data.reloadIcons}
      />
    </>
  );
}

/** `reminders`: the landing desktop shows the pop-up to-dos; `/desktop/home` does not show user messages. */
export function DesktopPage({ reminders }: { reminders: boolean }) {
  return (
    <RequireUser>
      {(user) => (
        <PortalShell user={user} onDesktop reminders={reminders}>
          {(context) => <DesktopContent user={user} context={context} />}
        </PortalShell>
      )}
    </RequireUser>
  );
}

/** The landing desktops (`desktop`, `areaDesktop`): with the pop-up to-dos. */
export function LandingDesktop() {
  return <DesktopPage reminders />;
}

/** `desktop/home`, `areaDesktop/home`: no user messages pop up. */
export function HomeDesktop() {
  return <DesktopPage reminders={false} />;
}
