// The portal shell around the desktop and every app page (spec part 1 §2 "Header", "Top layout", "Left layout",
// "Footer", "Background canvas"): the header with its buttons, the app icons in the header (top layout) or in the
// collapsible side menu (left layout), the theme, message, child, download dialogs, the pop-up to-dos and the
// footer. Theme and layout come from the session store, so a confirmed theme applies without a reload.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getHelpKey, saveIconOrder } from '@edu-portal/core/desktop/api.ts';
import { getUnitConfig } from '@edu-portal/core/auth/api.ts';
import { visibleIcons, type AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { readLeftMenu, writeLeftMenu, type LeftMenuState } from '@edu-portal/core/desktop/left-menu.ts';
import { switchIdentity } from '@edu-portal/core/identity/api.ts';
import { saveLanguage } from '@edu-portal/core/i18n/api.ts';
import { canSwitchIdentity } from '@edu-portal/core/identity/switch.ts';
import { currentThemeChoice, saveThemeChoice } from '@edu-portal/core/theme/setting.ts';
import { logoutAndLeave } from '@edu-portal/core/auth/logout.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { EduHeader } from '@edu-portal/react/wrappers/edu-header.ts';
import { EduFooter } from '@edu-portal/react/wrappers/edu-footer.ts';
import { EduThemeBackground } from '@edu-portal/react/wrappers/edu-theme-background.ts';
import type { FooterMessage } from '@edu-portal/elements/footer/footer.ts';
import { notice } from '@edu-portal/elements/notice/notice.ts';
import { LOGIN_PAGE, loadLoginConfig } from '../host/site.ts';
import { ChildChooser } from './child-chooser.tsx';
import { MessageCenter, TodoReminder } from './message-center.tsx';
import { appAddress, desktopHome, helpLink, openApp, openHelp, settingsAddress } from './navigation.ts';
import { DOWNLOADS } from './settings.ts';
import { COPYRIGHT_START, PRODUCT_LOGO, useProductTexts, versionService } from '../about.ts';
import { usePortalTexts } from './texts.ts';
import { usePortalData, type PortalData } from './use-portal-data.ts';
import { useResponsiveClass } from './responsive.ts';
import { lazyDialog } from '../lazy-dialog.tsx';
import './portal.css';

const EduThemeDialog = lazyDialog(() =>
  import('@edu-portal/react/wrappers/edu-theme-dialog.ts').then((m) => m.EduThemeDialog),
);
// Only the left layout has a side menu: the top layout (the default) never loads it. It shows the icons, which arrive
// from the server at the same time.
const EduSideMenu = lazy(() =>
  import('@edu-portal/react/wrappers/edu-side-menu.ts').then((m) => ({ default: m.EduSideMenu })),
);
const EduDownloadDialog = lazyDialog(() =>
  import('@edu-portal/react/wrappers/edu-download-dialog.ts').then((m) => m.EduDownloadDialog),
);

export interface PortalShellProps {
  user: SessionUser;
  /** On the desktop itself (identity switching is always offered there). */
  onDesktop: boolean;
  /**
   * The app this page belongs to: its icon is marked current in the side menu, and its `limitUserType` decides
   * whether the identity switch is offered here (both 2 and 3).
   */
  appCode?: string;
  /** The pop-up to-do panel opens on this page (not on `/desktop/home`, where user messages are not shown). */
  reminders: boolean;
  /** The mobile desktop: the top layout whatever the theme says (a side menu has no room on a phone). */
  mobile?: boolean;
  children: (context: PortalContext) => ReactNode;
}

export interface PortalContext {
  data: PortalData;
  icons: AppIcon[];
  theme: string;
  reorderIcons(codes: string[]): void;
  /** Opens the header's theme dialog (the settings page's "change theme"). */
  openTheme(): void;
}

/**
 * The footer of the user's own unit (an area officer signed in on a school's host sees the area's), else that of
 * the host's login configuration when the unit has none or the call fails.
 */
async function footerOf(unitId: string | undefined): Promise<FooterMessage | null> {
  const own = unitId
    ? await getUnitConfig(unitId).then(
        ({ envelope, decorationSet }) => (envelope.status === 200 ? decorationSet.footerMsg : null),
        () => null,
      )
    : null;
  const footer = own ?? (await loadLoginConfig())?.decorationSet.footerMsg ?? null;
  return footer as FooterMessage | null;
}

export function PortalShell({ user, onDesktop, appCode, reminders, mobile = false, children }: PortalShellProps) {
  const t = usePortalTexts();
  const lang = useLanguage();
  const snapshot = useSession();
  const { theme } = snapshot;
  // On a phone (the mobile desktop, or any page under 400 px) the side menu has no room: the header's "more apps"
  // panel lists the apps instead.
  const phone = useResponsiveClass() === 'mobile';
  const layout = mobile || phone ? 'top' : snapshot.layout;
  const data = usePortalData(user);
  const [messagesOpen, setMessagesOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const [childOpen, setChildOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [menu, setMenu] = useState<LeftMenuState>(() => readLeftMenu(user.userId));

  const icons = useMemo(() => (data.groups ? visibleIcons(data.groups, user.unitType) : []), [data.groups, user]);
  const appIcon = appCode ? icons.find((icon) => icon.code === appCode) : undefined;
  const limitUserTypes = appIcon?.limitUserTypes ?? [];
  const identities = canSwitchIdentity({ userType: user.userType, limitUserTypes, onDesktop }) ? data.identities : [];

  useEffect(() => setMenu(readLeftMenu(user.userId)), [user.userId]);
  // A voice skill's desktop url asks for a dialog (`?open=messages`, `?open=theme`): opened once, the request removed.
  useEffect(() => {
    if (!onDesktop) return;
    const url = new URL(location.href);
    const request = url.searchParams.get('open');
    if (request !== 'messages' && request !== 'theme') return;
    if (request === 'messages') setMessagesOpen(true);
    else setThemeOpen(true);
    url.searchParams.delete('open');
    history.replaceState(history.state, '', url.href);
  }, [onDesktop]);
  const openIcon = (icon: AppIcon) => openApp(icon, user);
  const reorderIcons = (codes: string[]) => {
    saveIconOrder(codes).then(
      () => notice.success(t.orderSaved),
      // The client has said why; the server's order comes back.
      () => data.reloadIcons(),
    );
  };

  return (
    <div className="portal" data-layout={layout}>
      <EduThemeBackground theme={theme} />
      {/* The page's banner landmark: the header's logo, apps and welcome are inside it. */}
      <header className="portal-header">
        <EduHeader
          user={user}
          logo={user.unitImgPath}
          messageCount={data.counts.message}
          hideDesktop={onDesktop}
          childName={snapshot.parent.childName ?? ''}
          identities={identities}
          language={lang}
          layout={layout}
          theme={theme}
          icons={icons}
          onEduOpenMessages={() => setMessagesOpen(true)}
          onEduGoDesktop={() => location.assign(desktopHome(user))}
          onEduSwitchChild={() => setChildOpen(true)}
          onEduOpenTheme={() => setThemeOpen(true)}
          onEduOpenSettings={() => location.assign(settingsAddress(user))}
          onEduLogout={() => void logoutAndLeave({ loginPath: LOGIN_PAGE })}
          onEduSwitchIdentity={(event) => {
            switchIdentity(identities, event.detail.id).then(
              (result) => {
                if (result.kind !== 'switched') return;
                notice.success(`${t.identitySwitched}${result.user.realName}`);
                // In an app, the other identity has its own entry page (tm or spm).
                const address = appIcon && appAddress(appIcon, result.user);
                if (address && address !== location.pathname) location.assign(address);
              },
              () => undefined,
            );
          }}
          onEduChangeLanguage={(event) => {
            void saveLanguage(event.detail.language, { saveWith: currentThemeChoice(snapshot) });
          }}
          onEduOpenApp={(event) => openIcon(event.detail.icon)}
        >
          <button slot="extra" type="button" className="portal-header-button" onClick={() => setDownloadOpen(true)}>
            {t.download}
          </button>
        </EduHeader>
      </header>
      <div className="portal-body">
        {layout === 'left' && (
          <Suspense fallback={null}>
            <EduSideMenu
              className="portal-side-menu"
              icons={icons}
              theme={theme}
              collapsed={menu.collapsed}
              locked={menu.locked}
              activeCode={appCode ?? ''}
              onEduSideMenuChange={(event) => {
                const next = { collapsed: event.detail.collapsed, locked: event.detail.locked };
                writeLeftMenu(user.userId, next);
                setMenu(next);
              }}
              onEduOpenApp={(event) => openIcon(event.detail.icon)}
            />
          </Suspense>
        )}
        <main className="portal-main" id="portal-main">
          {children({ data, icons, theme, reorderIcons, openTheme: () => setThemeOpen(true) })}
        </main>
      </div>
      <PortalFooter user={user} />
      <MessageCenter
        open={messagesOpen}
        onClose={() => setMessagesOpen(false)}
        user={user}
        icons={icons}
        onRead={data.messagesRead}
      />
      {reminders && <TodoReminder user={user} icons={icons} onHandled={data.reloadCounts} />}
      <ChildChooser
        requested={childOpen}
        onDone={() => setChildOpen(false)}
        ready={data.parentReady}
        onSwitched={data.reloadCounts}
      />
      <ThemeChooser open={themeOpen} admin={data.admin} onClose={() => setThemeOpen(false)} />
      <EduDownloadDialog
        open={downloadOpen}
        installerUrl={DOWNLOADS.installerUrl}
        portableUrl={DOWNLOADS.portableUrl}
        version={DOWNLOADS.version}
        onEduClose={() => setDownloadOpen(false)}
      />
    </div>
  );
}

/** The footer: the unit's message (else the login configuration's), the help centre and the about dialog. */
function PortalFooter({ user }: { user: SessionUser }) {
  const [footerMsg, setFooterMsg] = useState<FooterMessage | null>(null);
  const [helpKey, setHelpKey] = useState('');
  const product = useProductTexts();
  // The about dialog reads the versions of this page's microservice (an app page's server id, the area desktop's).
  const service = versionService(location.pathname, location.hash.replace(/^#/, '').split('?')[0]);
  useEffect(() => {
    let live = true;
    void footerOf(user.unitId).then((footer) => live && setFooterMsg(footer));
    getHelpKey().then(
      (key) => live && setHelpKey(key),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user.unitId]);
  const help = helpLink(user, helpKey);
  return (
    <EduFooter
      className="portal-footer"
      footerMsg={footerMsg}
      helpCenter={help !== null}
      helpHref={help?.url ?? ''}
      helpTarget={help?.target ?? '_blank'}
      onEduHelp={(event) => openHelp(event, user, helpKey)}
      version="2.0.0"
      code={service.code}
      root={service.root}
      product={product.product}
      company={product.company}
      logo={PRODUCT_LOGO}
      copyrightStart={COPYRIGHT_START}
    />
  );
}

/** The theme dialog: kept open until the save answers, closed on success; the page follows the session's theme. */
function ThemeChooser({ open, admin, onClose }: { open: boolean; admin: boolean; onClose: () => void }) {
  const t = usePortalTexts();
  const snapshot = useSession();
  return (
    <EduThemeDialog
      open={open}
      theme={snapshot.theme}
      layout={currentThemeChoice(snapshot).layout}
      admin={admin}
      onEduThemeConfirm={(event) => {
        event.preventDefault();
        const { syncAll } = event.detail;
        saveThemeChoice(event.detail, { admin }).then(
          ({ synced }) => {
            onClose();
            notice.success(!syncAll ? t.themeSaved : synced ? t.themeSynced : t.themeSyncFailed);
          },
          () => undefined,
        );
      }}
      onEduClose={onClose}
    />
  );
}
