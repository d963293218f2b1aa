// The demo host's help centre (spec part 1 §2: opened with redUrl, accessToken, unitId and an optional key). The
// query is read once and taken out of the address at once, so the token does not stay in the history or in a
// link someone copies.
import { useState } from 'react';
import { safeRedirect } from '@edu-portal/core/auth/redirect.ts';
import { usePortalTexts } from './texts.ts';
import './portal.css';

interface HelpQuery {
  redUrl: string;
  unitId: string;
  key: string;
}

function readAndClearQuery(): HelpQuery {
  const params = new URLSearchParams(location.search);
  const query = {
    redUrl: params.get('redUrl') ?? '',
    unitId: params.get('unitId') ?? '',
    key: params.get('key') ?? '',
  };
  if (params.has('accessToken') || location.search) {
    history.replaceState(history.state, '', `${location.pathname}${location.hash}`);
  }
  return query;
}

/**
 * Only a page of this site may be the way back: the login `redirect_uri` rule itself (core's `safeRedirect`), so
 * userinfo (`https://evil@host/`), script addresses and look-alike hosts are refused here exactly as there.
 */
function sameOrigin(url: string): string | null {
  return safeRedirect(url, { origin: location.origin });
}

export function HelpPage() {
  const t = usePortalTexts();
  const [query] = useState(readAndClearQuery);
  const back = sameOrigin(query.redUrl);
  return (
    <main className="portal-main">
      <section className="portal-card" aria-labelledby="help-title">
        <h1 id="help-title">{t.helpTitle}</h1>
        <p>{t.helpIntro}</p>
        <dl>
          {back && (
            <>
              <dt>{t.helpFrom}</dt>
              <dd>
                <a className="portal-link" href={back}>
                  {back}
                </a>
              </dd>
            </>
          )}
          {query.unitId && (
            <>
              <dt>{t.helpUnit}</dt>
              <dd data-testid="help-unit">{query.unitId}</dd>
            </>
          )}
          {query.key && (
            <>
              <dt>{t.helpKey}</dt>
              <dd data-testid="help-key">{query.key}</dd>
            </>
          )}
        </dl>
        <h2>{t.helpTopics}</h2>
        <ul>
          <li>{t.helpTopic1}</li>
          <li>{t.helpTopic2}</li>
          <li>{t.helpTopic3}</li>
        </ul>
      </section>
    </main>
  );
}
