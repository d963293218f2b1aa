// The personal settings pages `desktop/setting` and `areaDesktop/setting` (spec part 1 §2: exempt from the login
// redirect): the user's own theme, layout and language, through the same verbs as the header — the
// header's theme dialog (core's dialog model and `saveThemeChoice`), the layout kept with the theme setting, and
// `saveLanguage`. A signed-out visitor stays (the exemption) and may choose the language of this device; theme and
// layout belong to an account, so they ask to sign in.
//
// Passkeys (`passkey-section.tsx`: add, name, remove; docs/decisions.md "Passkeys") and face enrolment (spec part 2
// §2 collect mode, `<edu-face mode="collect">`) are the last sections, for the signed-in user, loaded lazily so the
// portal's first load carries neither.
import { lazy, Suspense, useId } from 'react';
import { loginPageUrl } from '@edu-portal/core/auth/navigation.ts';
import { saveLanguage } from '@edu-portal/core/i18n/api.ts';
import { chooseLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { isLang, type Lang } from '@edu-portal/core/i18n/language.ts';
import { languageOptions } from '@edu-portal/core/i18n/options.ts';
import { showsLayoutChoice } from '@edu-portal/core/theme/dialog.ts';
import { currentThemeChoice, saveThemeChoice } from '@edu-portal/core/theme/setting.ts';
import type { Layout } from '@edu-portal/core/theme/constants.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { notice } from '@edu-portal/elements/notice/notice.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { LOGIN_PATH } from '../host/site.ts';
import { defineTexts } from '../texts.ts';
import { PortalShell, type PortalContext } from './portal-shell.tsx';

const FaceSection = lazy(() => import('./face-section.tsx'));
const PasskeySection = lazy(() => import('./passkey-section.tsx'));

const useSettingsTexts = defineTexts({
  'zh-CN': {
    title: '个人设置',
    intro: '这里的设置只属于你自己，保存后在你登录的每台设备上生效。',
    theme: '主题',
    currentTheme: '当前主题：',
    themes: { ink: '水墨', lotus: '荷韵', cartoon: '卡通' } as Record<string, string>,
    customColour: '颜色 {colour}',
    changeTheme: '更换主题…',
    layout: '布局',
    layouts: { top: '上下布局（应用在页头）', left: '左右布局（应用在侧边菜单）' } as Record<Layout, string>,
    layoutFixed: '水墨、荷韵和卡通主题固定为上下布局；选择颜色主题后可更换布局。',
    layoutSaved: '布局已保存',
    language: '语言',
    languageHint: '界面文字的语言，也用于服务器发来的消息。',
    signInFirst: '主题和布局属于你的账号：登录后即可设置。语言可在本设备上直接选择。',
    signIn: '去登录',
  },
  en: {
    title: 'Personal settings',
    intro: 'These settings are yours alone and apply on every device you sign in on.',
    theme: 'Theme',
    currentTheme: 'Current theme: ',
    themes: { ink: 'Ink', lotus: 'Lotus', cartoon: 'Cartoon' },
    customColour: 'Colour {colour}',
    changeTheme: 'Change theme…',
    layout: 'Layout',
    layouts: { top: 'Top (apps in the header)', left: 'Left (apps in a side menu)' },
    layoutFixed: 'The ink, lotus and cartoon themes always use the top layout; choose a colour theme to change it.',
    layoutSaved: 'Layout saved',
    language: 'Language',
    languageHint: 'The language of the interface, also used for messages from the server.',
    signInFirst: 'Theme and layout belong to your account: sign in to set them. The language can be chosen here.',
    signIn: 'Sign in',
  },
  'zh-HK': {
    title: '個人設定',
    intro: '這裏的設定只屬於你自己，儲存後在你登入的每部裝置上生效。',
    theme: '主題',
    currentTheme: '目前主題：',
    themes: { ink: '水墨', lotus: '荷韻', cartoon: '卡通' },
    customColour: '顏色 {colour}',
    changeTheme: '更換主題…',
    layout: '版面',
    layouts: { top: '上下版面（應用程式在頁首）', left: '左右版面（應用程式在側邊選單）' },
    layoutFixed: '水墨、荷韻和卡通主題固定為上下版面；選擇顏色主題後可更換版面。',
    layoutSaved: '版面已儲存',
    language: '語言',
    languageHint: '介面文字的語言，也用於伺服器發來的訊息。',
    signInFirst: '主題和版面屬於你的帳戶：登入後即可設定。語言可在本裝置上直接選擇。',
    signIn: '去登入',
  },
});

function LanguageChoice({ onChoose }: { onChoose(lang: Lang): void }) {
  const t = useSettingsTexts();
  const lang = useLanguage();
  const id = useId();
  return (
    <section className="portal-settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.language}</h2>
      <p id={`${id}-hint`}>{t.languageHint}</p>
      <select
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-hint`}
        value={lang}
        onChange={(event) => {
          if (isLang(event.target.value)) onChoose(event.target.value);
        }}
      >
        {languageOptions(lang).map((option) => (
          <option key={option.value} value={option.value} lang={option.value}>
            {option.name}
          </option>
        ))}
      </select>
    </section>
  );
}

function SettingsContent({ context }: { context: PortalContext }) {
  const t = useSettingsTexts();
  const snapshot = useSession();
  const choice = currentThemeChoice(snapshot);
  const layoutId = useId();
  const themeName = t.themes[choice.theme] ?? t.customColour.replace('{colour}', choice.theme.toUpperCase());
  const layoutFree = showsLayoutChoice(choice.theme);

  const chooseLayout = (layout: Layout) => {
    saveThemeChoice({ theme: choice.theme, layout, syncAll: false }, { admin: false }).then(
      ({ saved }) => saved && notice.success(t.layoutSaved),
      // The client has said why.
      () => undefined,
    );
  };

  return (
    <section className="portal-card portal-settings" aria-labelledby="portal-settings-title">
      <h1 id="portal-settings-title">{t.title}</h1>
      <p>{t.intro}</p>
      <section className="portal-settings-section" aria-labelledby="portal-settings-theme">
        <h2 id="portal-settings-theme">{t.theme}</h2>
        <p>
          {t.currentTheme}
          <span className="portal-settings-swatch" aria-hidden="true" style={{ background: context.theme }} />
          <strong data-testid="current-theme">{themeName}</strong>
        </p>
        <button type="button" onClick={context.openTheme}>
          {t.changeTheme}
        </button>
      </section>
      <section className="portal-settings-section" aria-labelledby={`${layoutId}-title`}>
        <h2 id={`${layoutId}-title`}>{t.layout}</h2>
        <div role="radiogroup" aria-labelledby={`${layoutId}-title`} aria-describedby={`${layoutId}-hint`}>
          {(['top', 'left'] as const).map((layout) => (
            <label key={layout} className="portal-settings-option">
              <input
                type="radio"
                name="portal-layout"
                value={layout}
                checked={snapshot.layout === layout}
                disabled={!layoutFree}
                onChange={() => chooseLayout(layout)}
              />
              {t.layouts[layout]}
            </label>
          ))}
        </div>
        {!layoutFree && <p id={`${layoutId}-hint`}>{t.layoutFixed}</p>}
      </section>
      <LanguageChoice onChoose={(lang) => void saveLanguage(lang, { saveWith: choice })} />
      {snapshot.user && (
        <Suspense fallback={null}>
          <PasskeySection />
          <FaceSection userId={snapshot.user.userId} />
        </Suspense>
      )}
    </section>
  );
}

function SignedOutSettings() {
  const t = useSettingsTexts();
  return (
    <main className="portal-settings-public">
      <section className="portal-card portal-settings" aria-labelledby="portal-settings-title">
        <h1 id="portal-settings-title">{t.title}</h1>
        <p>{t.signInFirst}</p>
        <a className="portal-link" href={loginPageUrl(LOGIN_PATH, location.href)}>
          {t.signIn}
        </a>
        <LanguageChoice onChoose={(lang) => chooseLanguage(lang)} />
      </section>
    </main>
  );
}

function SignedInSettings({ user }: { user: SessionUser }) {
  return (
    <PortalShell user={user} onDesktop={false} reminders={false}>
      {(context) => <SettingsContent context={context} />}
    </PortalShell>
  );
}

/** `desktop/setting` and `areaDesktop/setting`: the signed-in user's settings, or the public part without a user. */
export function SettingsPage() {
  const { user } = useSession();
  return user ? <SignedInSettings user={user} /> : <SignedOutSettings />;
}
