// /forgetPassword (spec part 1 §2), opened in a new window from the login box: how a password is reset in a school
// portal (by an administrator), the unit's contact line and web site from its configuration, and the password rule.
import { useEffect, useState } from 'react';
import { SESSION_PATHS } from '@edu-portal/core/auth/api.ts';
import { client } from '@edu-portal/core/http/client.ts';
import { pickBilingual } from '@edu-portal/core/i18n/bilingual.ts';
import { isRecord } from '@edu-portal/core/platform/guards.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { LoginFrame, useLoginConfig } from './frame.tsx';
import { LOGIN_PATH } from '../../host/site.ts';
import { useLoginTexts } from './texts.ts';

interface UnitContact {
  footer: string;
  link: string;
}

/** `GET /api/uaa/oauth/login/unit_config?unitId=`: the unit's footer text and web site. */
function useUnitContact(unitId: string | undefined): UnitContact | null {
  const [contact, setContact] = useState<UnitContact | null>(null);
  useEffect(() => {
    if (!unitId) return;
    let live = true;
    client.get(SESSION_PATHS.unitConfig, { unitId }, { noIntercept: true }).then(
      (envelope) => {
        if (!live || envelope.status !== 200 || !isRecord(envelope.data)) return;
        const { footer, link } = envelope.data;
        setContact({
          footer: typeof footer === 'string' ? footer : '',
          link: typeof link === 'string' && /^https?:\/\//.test(link) ? link : '',
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [unitId]);
  return contact;
}

export function ForgetPasswordPage() {
  const t = useLoginTexts();
  const lang = useLanguage();
  const config = useLoginConfig();
  const contact = useUnitContact(config?.unitId || undefined);
  const footer = config?.decorationSet.footerMsg;
  const support = typeof footer?.['conectNZ'] === 'string' ? pickBilingual(footer['conectNZ'], lang) : '';
  return (
    <LoginFrame title={t.forgotTitle} config={config}>
      <article className="login-card login-article" aria-labelledby="forgot-title">
        <h1 id="forgot-title">{t.forgotTitle}</h1>
        <p>{t.forgotIntro}</p>
        <h2>{t.forgotStepsTitle}</h2>
        <ol>
          <li>{t.forgotStep1}</li>
          <li>{t.forgotStep2}</li>
          <li>{t.forgotStep3}</li>
        </ol>
        <p className="login-note">{t.forgotPolicy}</p>
        {(support || contact?.footer || contact?.link) && (
          <dl className="login-contact">
            {(support || contact?.footer) && (
              <>
                <dt>{t.forgotContact}</dt>
                {contact?.footer && <dd>{pickBilingual(contact.footer, lang)}</dd>}
                {support && <dd>{support}</dd>}
              </>
            )}
            {contact?.link && (
              <>
                <dt>{t.forgotWebsite}</dt>
                <dd>
                  <a href={contact.link} target="_blank" rel="noopener noreferrer">
                    {contact.link}
                  </a>
                </dd>
              </>
            )}
          </dl>
        )}
        <p>
          <a href={LOGIN_PATH}>{t.backToLogin}</a>
        </p>
      </article>
    </LoginFrame>
  );
}
