// The mobile desktop (spec part 1 §2 "Mobile: /mobile_desktop_all.html", production
// `/{rootPath}/base/mobile_desktop_all/index.html`): a compact bar with the unit, the message count and the
// language, then every app in one flat list. The responsive class (pc / ipad / mobile by width) is on the root.
import { useMemo, useState } from 'react';
import { visibleIcons } from '@edu-portal/core/desktop/icons.ts';
import { badgeText } from '@edu-portal/core/desktop/header.ts';
import { LANGS, isLang } from '@edu-portal/core/i18n/language.ts';
import { chooseLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { LANGUAGE_NAMES } from '@edu-portal/core/i18n/options.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { EduDesktop } from '@edu-portal/react/wrappers/edu-desktop.ts';
import { MessageCenter } from './message-center.tsx';
import { openApp } from './navigation.ts';
import { usePortalTexts } from './texts.ts';
import { usePortalData } from './use-portal-data.ts';
import { RequireUser } from './require-user.tsx';
import './portal.css';

function MobileDesktop({ user }: { user: SessionUser }) {
  const t = usePortalTexts();
  const lang = useLanguage();
  const { theme } = useSession();
  const data = usePortalData(user);
  const [messagesOpen, setMessagesOpen] = useState(false);
  const icons = useMemo(() => (data.groups ? visibleIcons(data.groups, user.unitType) : []), [data.groups, user]);
  const view = useMemo(
    // One flat list on a phone, whoever the user is.
    () => (data.groups ? { grouped: false as const, icons } : null),
    [data.groups, icons],
  );
  const count = badgeText(data.counts.message);
  return (
    <div className="portal-mobile">
      <header className="portal-mobile-bar">
        <h1>{user.unitName}</h1>
        <button type="button" className="portal-header-button" onClick={() => setMessagesOpen(true)}>
          {t.mobileMessages}
          {count && ` (${count})`}
        </button>
        <select
          className="portal-header-button"
          aria-label={t.language}
          value={lang}
          onChange={(event) => {
            if (isLang(event.target.value)) chooseLanguage(event.target.value);
          }}
        >
          {LANGS.map((value) => (
            <option key={value} value={value}>
              {LANGUAGE_NAMES[value]}
            </option>
          ))}
        </select>
      </header>
      <main>
        <EduDesktop
          view={view}
          theme={theme}
          recent={data.recent}
          groupNames={{}}
          loading={data.groups === null && !data.iconsFailed}
          error={data.iconsFailed ? t.loadFailed : ''}
          onEduOpenApp={(event) => openApp(event.detail.icon, user)}
          onEduDesktopReload={data.reloadIcons}
        />
      </main>
      <MessageCenter
        open={messagesOpen}
        onClose={() => setMessagesOpen(false)}
        user={user}
        icons={icons}
        onRead={data.messagesRead}
      />
    </div>
  );
}

export function MobileDesktopPage() {
  return <RequireUser>{(user) => <MobileDesktop user={user} />}</RequireUser>;
}
