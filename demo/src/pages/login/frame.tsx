// The frame of the login pages: the unit's logo and name (from the login configuration), a language menu, the
// page's content, and the unit's footer text. Server text is always rendered as text.
import { useEffect, useState, type ReactNode } from 'react';
import { pickBilingual } from '@edu-portal/core/i18n/bilingual.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';
import { isRecord } from '@edu-portal/core/platform/guards.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { loadLoginConfig, type LoginPageConfig } from '../../host/site.ts';
import { fill } from '../../texts.ts';
import { useLoginTexts } from './texts.ts';
import { LanguageMenu } from '../../language-menu.tsx';
import './login.css';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';

/** The login configuration: undefined while it loads, null when the server could not say. */
export function useLoginConfig(): LoginPageConfig | null | undefined {
  const [config, setConfig] = useState<LoginPageConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadLoginConfig().then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** The unit's name in the language in force (its English name in en, when it has one). */
export function useUnitName(config: LoginPageConfig | null | undefined): string {
  const lang = useLanguage();
  const t = useLoginTexts();
  if (!config) return t.productName;
  return serverText(config.unitName ?? '', config.unitEnName ?? '', lang) || t.productName;
}

function DefaultLogo({ label }: { label: string }) {
  return (
    <svg className="login-logo" viewBox="0 0 48 48" role="img" aria-label={label}>
      <rect width="48" height="48" rx="10" fill="#3763ab" />
      <path d="M24 9 6 18l18 9 14-7v10h4V18z" fill="#fff" />
      <path d="M13 25v8c0 3 5 6 11 6s11-3 11-6v-8l-11 5.5z" fill="#cfe0f7" />
    </svg>
  );
}

/** The unit logo, falling back to the default logo when it is missing or fails to load (spec part 1 §2). */
function UnitLogo({ config, name }: { config: LoginPageConfig | null | undefined; name: string }) {
  const t = useLoginTexts();
  const [failed, setFailed] = useState(false);
  const src = config?.unitImgPath;
  if (!src || failed) return <DefaultLogo label={t.defaultLogoAlt} />;
  return <img className="login-logo" src={src} alt={fill(t.unitLogoAlt, { name })} onError={() => setFailed(true)} />;
}

function FooterText({ config }: { config: LoginPageConfig | null | undefined }) {
  const lang = useLanguage();
  const footer = config?.decorationSet.footerMsg;
  if (!footer || footer['show'] === false) return null;
  const line = (key: string) => (typeof footer[key] === 'string' ? pickBilingual(footer[key] as string, lang) : '');
  const records = footer['showBaMsg'] && Array.isArray(footer['baList']) ? footer['baList'].filter(isRecord) : [];
  return (
    <footer className="login-footer">
      {line('copyright') && <p>{line('copyright')}</p>}
      {line('conectNZ') && <p>{line('conectNZ')}</p>}
      {records.length > 0 && (
        <ul className="login-records">
          {records.map((entry, i) => {
            // Addresses from the configuration pass core's one safe-URL rule (absolute web addresses only here).
            const url =
              typeof entry['baUrl'] === 'string' && /^https?:\/\//i.test(entry['baUrl']) && safeUrl(entry['baUrl'])
                ? entry['baUrl']
                : '';
            const content = typeof entry['baContent'] === 'string' ? entry['baContent'] : '';
            const img =
              entry['showImg'] && typeof entry['baImg'] === 'string' && safeUrl(entry['baImg'], { image: true })
                ? entry['baImg']
                : '';
            const body = (
              <>
                {img && <img src={img} alt="" />}
                {content}
              </>
            );
            return (
              <li key={i}>
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {body}
                  </a>
                ) : (
                  body
                )}
              </li>
            );
          })}
        </ul>
      )}
    </footer>
  );
}

export function LoginFrame({
  title,
  config,
  children,
}: {
  title: string;
  config: LoginPageConfig | null | undefined;
  children: ReactNode;
}) {
  const t = useLoginTexts();
  const name = useUnitName(config);
  useEffect(() => {
    document.title = `${title} · ${name}`;
  }, [title, name]);
  return (
    <div className="login-page">
      <header className="login-top">
        <div className="login-brand">
          <UnitLogo config={config} name={name} />
          <span className="login-unit">{name}</span>
        </div>
        <LanguageMenu label={t.language} className="login-lang" />
      </header>
      <main className="login-main">{children}</main>
      <FooterText config={config} />
    </div>
  );
}
