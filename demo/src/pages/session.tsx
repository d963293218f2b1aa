// Shows what the session store holds: the login status from the startup check and the signed-in user.
import { useSession } from '@edu-portal/react/hooks.ts';
import { logoutCall } from '@edu-portal/core/auth/api.ts';
import { useTexts } from '../i18n.ts';

export function SessionPage() {
  const t = useTexts();
  const { status, user } = useSession();
  const statusText =
    status === 'unknown' ? t.sessionUnknown : status === 'logged-in' ? t.sessionLoggedIn : t.sessionLoggedOut;
  return (
    <section aria-labelledby="session-title">
      <h1 id="session-title">{t.sessionTitle}</h1>
      <p data-testid="session-status">{statusText}</p>
      {user && (
        <>
          <dl className="demo-facts">
            <dt>{t.sessionUser}</dt>
            <dd data-testid="session-user">{user.realName}</dd>
            <dt>{t.sessionUnit}</dt>
            <dd>{user.unitName}</dd>
          </dl>
          <button type="button" onClick={() => void logoutCall()}>
            {t.logout}
          </button>
        </>
      )}
    </section>
  );
}
