// The portal header (spec part 1 §2 "Header", "Top layout") with sample data: a school teacher, 12 app icons, 120
// unread messages (shown 99+) and two identities. Every event of the header is logged on the page; the theme button
// opens the theme dialog, whose choice is applied live (not saved: saving needs a session, the portal desktop does it).
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import {
  applyTheme,
  chooseLanguage,
  fromWireIcon,
  getAppIconGroups,
  visibleIcons,
  type AppIcon,
} from '@edu-portal/core';
import type { IdentityOption } from '@edu-portal/core/identity/switch.ts';
import type { Layout } from '@edu-portal/core/theme/constants.ts';
import type { HeaderUser } from '@edu-portal/elements/header/header.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { EduHeader } from '@edu-portal/react/wrappers/edu-header.ts';
import { EduThemeDialog } from '@edu-portal/react/wrappers/edu-theme-dialog.ts';
import { defineTexts, fill } from '../../texts.ts';

const useHeaderTexts = defineTexts({
  'zh-CN': {
    title: '页头与主题设置',
    intro:
      '页头不保存数据：宿主设置属性并处理事件。下面用示例数据（学校教师、12 个应用、120 条未读消息、两个身份）展示，每个事件都记录在下方。',
    realName: '王老师',
    unitName: '示例实验学校',
    teacher: '王老师（教师）',
    parent: '王老师（家长）',
    apps: '教务管理|成绩分析|课程表|作业布置|考勤统计|家校通知|校园资讯|电子班牌|资源中心|德育评价|图书借阅|校园安全',
    sourceServer: '应用图标来自参考服务器（my_app_icon）。',
    sourceSample: '未登录：示例应用没有图片，显示名称的首字。登录后图标来自参考服务器。',
    layout: '布局',
    layoutTop: '上下布局',
    layoutLeft: '左右布局',
    themeNote: '主题确认后立即应用到本页，但不保存：保存需要登录会话，由门户桌面完成。',
    theme: '当前主题：{theme}，布局：{layout}',
    log: '事件记录',
    empty: '还没有事件。',
    clear: '清空',
  },
  en: {
    title: 'Header and theme settings',
    intro:
      'The header holds no data: the host sets its properties and acts on its events. Shown here with sample data (a school teacher, 12 apps, 120 unread messages, two identities); every event is logged below.',
    realName: 'Ms Wang',
    unitName: 'Sample Experimental School',
    teacher: 'Ms Wang (teacher)',
    parent: 'Ms Wang (parent)',
    apps: 'Academic affairs|Score analysis|Timetable|Homework|Attendance|Home-school notices|Campus news|Class board|Resources|Moral education|Library|Campus safety',
    sourceServer: 'App icons come from the reference server (my_app_icon).',
    sourceSample:
      'Not signed in: the sample apps have no pictures, so the first character of their names shows. Sign in for icons from the reference server.',
    layout: 'Layout',
    layoutTop: 'Top layout',
    layoutLeft: 'Left layout',
    themeNote:
      'A confirmed theme is applied to this page at once but not saved: saving needs a session, which the portal desktop does.',
    theme: 'Theme in force: {theme}, layout: {layout}',
    log: 'Event log',
    empty: 'No events yet.',
    clear: 'Clear',
  },
  'zh-HK': {
    title: '頁頭與主題設置',
    intro:
      '頁頭不保存數據：宿主設置屬性並處理事件。下面用示例數據（學校教師、12 個應用、120 條未讀消息、兩個身份）展示，每個事件都記錄在下方。',
    realName: '王老師',
    unitName: '示例實驗學校',
    teacher: '王老師（教師）',
    parent: '王老師（家長）',
    apps: '教務管理|成績分析|課程表|作業佈置|考勤統計|家校通知|校園資訊|電子班牌|資源中心|德育評價|圖書借閱|校園安全',
    sourceServer: '應用圖標來自參考伺服器（my_app_icon）。',
    sourceSample: '未登入：示例應用沒有圖片，顯示名稱的首字。登入後圖標來自參考伺服器。',
    layout: '佈局',
    layoutTop: '上下佈局',
    layoutLeft: '左右佈局',
    themeNote: '主題確認後立即應用到本頁，但不保存：保存需要登入會話，由門戶桌面完成。',
    theme: '當前主題：{theme}，佈局：{layout}',
    log: '事件記錄',
    empty: '還沒有事件。',
    clear: '清空',
  },
});

/** The nav entry of this page, in the language in force. */

const SAMPLE_CODES = [
  'jwgl',
  'cjfx',
  'kcb',
  'zybz',
  'kqtj',
  'jxtz',
  'xyzx',
  'dzbp',
  'zyzx',
  'dypj',
  'tsjy',
  'xyaq',
] as const;

/** A sample icon without pictures (the header shows the name's first character); a few carry unread counts. */
function sampleIcon(code: string, name: string, index: number): AppIcon {
  const names = { englishName: name, shortName: name, englishShortName: name };
  const icon = fromWireIcon({ code, name, ...names, frontUserType: '2' })!;
  return { ...icon, unreadCount: index === 0 ? 3 : index === 5 ? 150 : 0 };
}

// The bar follows the theme applied to its section (core's `--edu-color-primary-dark`), the page's before.
const headerStyle = { '--edu-header-background': 'var(--edu-color-primary-dark)' } as CSSProperties;

export function HeaderPage() {
  const t = useHeaderTexts();
  const lang = useLanguage();
  const { status, user: sessionUser } = useSession();
  const signedIn = status === 'logged-in' && sessionUser !== null;
  const [serverIcons, setServerIcons] = useState<AppIcon[] | null>(null);
  const [theme, setTheme] = useState('#2B5797');
  const [layout, setLayout] = useState<Layout>('top');
  const [themeOpen, setThemeOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  // A confirmed theme colours this section only: the page itself follows the session's theme.
  const sectionRef = useRef<HTMLElement>(null);

  const user: HeaderUser = { realName: t.realName, userType: 2, unitType: 2, unitName: t.unitName };
  const identities: IdentityOption[] = [
    { id: 'demo-teacher', name: t.teacher, userType: 2, current: true },
    { id: 'demo-parent', name: t.parent, userType: 3, current: false },
  ];
  const sampleIcons = t.apps.split('|').map((name, i) => sampleIcon(SAMPLE_CODES[i] ?? `app${i}`, name, i));
  const icons = signedIn && serverIcons?.length ? serverIcons : sampleIcons;

  useEffect(() => {
    if (!signedIn) {
      setServerIcons(null);
      return;
    }
    let live = true;
    getAppIconGroups(sessionUser)
      .then((groups) => {
        if (live) setServerIcons(visibleIcons(groups, sessionUser.unitType).slice(0, 12));
      })
      .catch(() => {
        // Shown by the client; the sample icons stay.
      });
    return () => {
      live = false;
    };
  }, [signedIn, sessionUser]);

  const record = (name: string, detail?: unknown) => {
    const time = new Date().toLocaleTimeString();
    const text = detail === undefined || detail === null ? '' : ` ${JSON.stringify(detail)}`;
    setLog((lines) => [`${time} ${name}${text}`, ...lines].slice(0, 50));
  };

  return (
    <section aria-labelledby="header-title" ref={sectionRef}>
      <h1 id="header-title">{t.title}</h1>
      <p>{t.intro}</p>
      <p data-testid="icon-source">{signedIn && serverIcons?.length ? t.sourceServer : t.sourceSample}</p>
      <div className="demo-row">
        <label>
          {t.layout}{' '}
          <select value={layout} onChange={(e) => setLayout(e.target.value as Layout)}>
            <option value="top">{t.layoutTop}</option>
            <option value="left">{t.layoutLeft}</option>
          </select>
        </label>
        <span data-testid="theme-in-force">
          {fill(t.theme, { theme, layout: layout === 'top' ? t.layoutTop : t.layoutLeft })}
        </span>
      </div>
      <EduHeader
        style={headerStyle}
        user={user}
        messageCount={120}
        identities={identities}
        language={lang}
        layout={layout}
        theme={theme}
        icons={icons}
        onEduOpenMessages={() => record('edu-open-messages')}
        onEduGoDesktop={() => record('edu-go-desktop')}
        onEduSwitchChild={() => record('edu-switch-child')}
        onEduOpenTheme={() => {
          record('edu-open-theme');
          setThemeOpen(true);
        }}
        onEduLogout={(event) => {
          record('edu-logout');
          // A demo has nothing to log out of: refuse, so the header knows.
          event.preventDefault();
        }}
        onEduSwitchIdentity={(event) => record('edu-switch-identity', event.detail)}
        onEduChangeLanguage={(event) => {
          record('edu-change-language', event.detail);
          chooseLanguage(event.detail.language);
        }}
        onEduOpenApp={(event) => record('edu-open-app', { code: event.detail.icon.code })}
      />
      <p>{t.themeNote}</p>
      <EduThemeDialog
        open={themeOpen}
        theme={theme}
        layout={layout}
        onEduThemeConfirm={(event) => {
          record('edu-theme-confirm', event.detail);
          if (sectionRef.current) applyTheme(event.detail.theme, sectionRef.current);
          setTheme(event.detail.theme);
          setLayout(event.detail.layout);
        }}
        onEduClose={() => setThemeOpen(false)}
      />
      <h2>{t.log}</h2>
      <div className="demo-row">
        <button type="button" onClick={() => setLog([])}>
          {t.clear}
        </button>
      </div>
      <ol data-testid="header-log" aria-live="polite" style={{ fontFamily: 'monospace', fontSize: 13 }}>
        {log.length ? log.map((line, i) => <li key={`${log.length - i}`}>{line}</li>) : <li>{t.empty}</li>}
      </ol>
    </section>
  );
}
