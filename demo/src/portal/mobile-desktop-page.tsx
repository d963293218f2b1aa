// The mobile desktop (spec part 1 §2 "Mobile: /mobile_desktop_all.html", production
// `/{rootPath}/base/mobile_desktop_all/index.html`): the portal shell (its header folds its tools into one menu on a
// phone: logout, child, identity, theme, language; the footer with the help centre) around the day's counts (to-dos,
// unread messages) and every app in one flat list; the to-do panel pops up as on the pc landing desktop. The
// responsive class (pc / ipad / mobile by width) is on the root.
import { useMemo } from 'react';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { EduDesktop } from '@edu-portal/react/wrappers/edu-desktop.ts';
import { openApp } from './navigation.ts';
import { PortalCounts } from './counts.tsx';
import { PortalShell, type PortalContext } from './portal-shell.tsx';
import { usePortalTexts } from './texts.ts';
import { RequireUser } from './require-user.tsx';
import './portal.css';

function MobileApps({ user, context }: { user: SessionUser; context: PortalContext }) {
  const t = usePortalTexts();
  const { data, icons, theme } = context;
  const view = useMemo(
    // One flat list on a phone, whoever the user is.
    () => (data.groups ? { grouped: false as const, icons } : null),
    [data.groups, icons],
  );
  return (
    <>
      <section className="portal-mobile-counts" aria-label={t.todayCounts}>
        <PortalCounts counts={data.counts} />
      </section>
      <EduDesktop
        className="portal-mobile-desktop"
        view={view}
        theme={theme}
        recent={data.recent}
        groupNames={{}}
        loading={data.groups === null && !data.iconsFailed}
        error={data.iconsFailed ? t.loadFailed : ''}
        onEduOpenApp={(event) => openApp(event.detail.icon, user)}
        onEduDesktopReload={data.reloadIcons}
      />
    </>
  );
}

export function MobileDesktopPage() {
  return (
    <RequireUser>
      {(user) => (
        <PortalShell user={user} onDesktop reminders mobile>
          {(context) => <MobileApps user={user} context={context} />}
        </PortalShell>
      )}
    </RequireUser>
  );
}
