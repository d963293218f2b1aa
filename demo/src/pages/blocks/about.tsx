// The about dialog and the footer (spec part 1 §2, part 2 §2, §3, §7, §8) against the reference server: the
// desktop's versions, a front end that needs a newer server, a server that needs a newer front end, a service with
// no version notes, and one with no version call at all (the 404 notice). The footer shows the login
// configuration's footerMsg of this site.
import { useEffect, useState } from 'react';
import { getLoginConfig } from '@edu-portal/core/auth/api.ts';
import { getHelpKey } from '@edu-portal/core/desktop/api.ts';
import { useSession } from '@edu-portal/react/hooks.ts';
import { EduAboutDialog } from '@edu-portal/react/wrappers/edu-about-dialog.ts';
import { EduFooter } from '@edu-portal/react/wrappers/edu-footer.ts';
import type { FooterMessage } from '@edu-portal/elements/footer/footer.ts';
import { defineTexts } from '../../texts.ts';
import { COPYRIGHT_START, PRODUCT_LOGO, useProductTexts } from '../../about.ts';
import { HELP_CENTRE_PATH, helpLink, openHelp } from '../../portal/navigation.ts';

const useAboutTexts = defineTexts({
  'zh-CN': {
    title: '关于对话框与页脚',
    intro:
      '关于对话框每次打开都会读取三个版本接口：前端 package.json、服务端版本和版本说明。版本号按每段补足 4 位后比较。',
    services: '选择服务',
    base: '桌面（base，版本一致）',
    edu: '教务（edu，前端需要更新的后端）',
    homework: '作业（homework，后端需要更新的前端）',
    areaBase: '区域桌面（areaBase，暂无版本说明）',
    payroll: '薪资（payroll，没有版本接口）',
    open: '查看版本信息',
    footer: '页脚',
    footerIntro: '页脚内容来自登录配置的 footerMsg：版权、备案信息、帮助中心和版本。点击版本号打开关于对话框。',
  },
  en: {
    title: 'About dialog and footer',
    intro:
      'Each time the about dialog opens it reads the three version calls: the front end’s package.json, the server version and the release notes. Versions compare with every segment padded to 4 digits.',
    services: 'Service',
    base: 'Desktop (base, versions fit)',
    edu: 'Academics (edu, front end needs a newer server)',
    homework: 'Homework (homework, server needs a newer front end)',
    areaBase: 'Area desktop (areaBase, no release notes)',
    payroll: 'Payroll (payroll, no version call)',
    open: 'Show version information',
    footer: 'Footer',
    footerIntro:
      'The footer shows the login configuration’s footerMsg: copyright, record filing, help centre and version. The version opens the about dialog.',
  },
  'zh-HK': {
    title: '關於對話框與頁腳',
    intro:
      '關於對話框每次打開都會讀取三個版本介面：前端 package.json、伺服器端版本和版本說明。版本號按每段補足 4 位後比較。',
    services: '選擇服務',
    base: '桌面（base，版本一致）',
    edu: '教務（edu，前端需要更新的後端）',
    homework: '作業（homework，後端需要更新的前端）',
    areaBase: '區域桌面（areaBase，暫無版本說明）',
    payroll: '薪資（payroll，沒有版本介面）',
    open: '查看版本資訊',
    footer: '頁腳',
    footerIntro: '頁腳內容來自登入配置的 footerMsg：版權、備案資訊、幫助中心和版本。點擊版本號打開關於對話框。',
  },
});

/** The nav entry of this page, in the language in force. */

const SERVICES = [
  { code: 'base', root: 'pages' },
  { code: 'edu', root: 'pages' },
  { code: 'homework', root: 'pages' },
  { code: 'areaBase', root: 'area' },
  // Not a seeded app: every app the demo deploys answers its version calls.
  { code: 'payroll', root: 'pages' },
] as const;

type ServiceCode = (typeof SERVICES)[number]['code'];

export function AboutPage() {
  const t = useAboutTexts();
  const brand = useProductTexts();
  const [code, setCode] = useState<ServiceCode>('base');
  const [open, setOpen] = useState(false);
  const [footerMsg, setFooterMsg] = useState<FooterMessage | null>(null);
  const service = SERVICES.find((s) => s.code === code)!;
  const { user } = useSession();
  const [helpKey, setHelpKey] = useState('');
  // The help centre of this host, as the portal's footer opens it: with redUrl, accessToken, unitId and the unit's
  // help key when signed in, with the way back only when not.
  const help = user
    ? helpLink(user, helpKey)
    : { url: `${HELP_CENTRE_PATH}?${new URLSearchParams({ redUrl: location.href })}`, target: '_blank' as const };

  useEffect(() => {
    if (!user) return;
    let live = true;
    getHelpKey().then(
      (key) => live && setHelpKey(key),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user]);

  useEffect(() => {
    let live = true;
    getLoginConfig()
      .then(({ decorationSet }) => {
        if (live) setFooterMsg(decorationSet.footerMsg as FooterMessage | null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  return (
    <section aria-labelledby="about-title">
      <h1 id="about-title">{t.title}</h1>
      <p>{t.intro}</p>
      <div className="demo-row">
        <label>
          {t.services}{' '}
          <select value={code} onChange={(e) => setCode(e.target.value as ServiceCode)}>
            {SERVICES.map((s) => (
              <option key={s.code} value={s.code}>
                {t[s.code]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="primary" onClick={() => setOpen(true)}>
          {t.open}
        </button>
      </div>

      <EduAboutDialog
        open={open}
        code={service.code}
        root={service.root}
        product={brand.product}
        company={brand.company}
        logo={PRODUCT_LOGO}
        copyrightStart={COPYRIGHT_START}
        onEduClose={() => setOpen(false)}
      />

      <h2>{t.footer}</h2>
      <p>{t.footerIntro}</p>
      <div
        style={{ background: 'var(--demo-white)', border: '1px solid var(--edu-color-border-light)', borderRadius: 6 }}
      >
        <EduFooter
          footerMsg={footerMsg}
          version="2.0.0"
          code="base"
          root="pages"
          product={brand.product}
          company={brand.company}
          logo={PRODUCT_LOGO}
          copyrightStart={COPYRIGHT_START}
          helpHref={help?.url ?? ''}
          helpTarget={help?.target ?? '_blank'}
          onEduHelp={(event) => {
            if (user) openHelp(event, user, helpKey);
          }}
        />
      </div>
    </section>
  );
}
