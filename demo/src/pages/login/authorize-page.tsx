// The single-sign-on route (spec part 1 §2: any path containing 'authorize'; §8): `client_id` is required, else
// the spec's message; without a session the login page, coming back here; otherwise on to the app's redirect.
import { useEffect, useState } from 'react';
import { runAuthorize } from '@edu-portal/core/auth/authorize.ts';
import { applyOutcome, type LoginOutcome } from '@edu-portal/core/auth/navigation.ts';
import { LoginFrame, useLoginConfig } from './frame.tsx';
import { LOGIN_PAGE } from '../../host/site.ts';
import { useLoginTexts } from './texts.ts';

// One authorisation per address: React's development double effects must not spend a code twice.
const runs = new Map<string, Promise<LoginOutcome>>();

function authorizeOnce(): Promise<LoginOutcome> {
  const href = location.href;
  let run = runs.get(href);
  if (!run) {
    // The login page in a document of its own: this address's query has the app's own `redirect_uri`, which the
    // login page must not mistake for the way back here.
    run = runAuthorize({ loginPath: LOGIN_PAGE });
    runs.set(href, run);
  }
  return run;
}

export function AuthorizePage() {
  const t = useLoginTexts();
  const config = useLoginConfig();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void authorizeOnce().then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'error') setError(outcome.message);
      else applyOutcome(outcome);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <LoginFrame title={t.authorizeTitle} config={config}>
      <div className="login-card login-article">
        <h1>{error ? t.authorizeFailed : t.authorizeTitle}</h1>
        {error ? (
          <>
            <p role="alert" className="login-error">
              {error}
            </p>
            <p className="login-actions">
              <button type="button" className="login-button" onClick={() => history.back()}>
                {t.goBack}
              </button>
              <a href={LOGIN_PAGE}>{t.backToLogin}</a>
            </p>
          </>
        ) : (
          <p role="status">{t.authorizeWorking}</p>
        )}
      </div>
    </LoginFrame>
  );
}
