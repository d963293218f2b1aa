// /needtologinpagerelogin (spec part 1 §2): opened by the desktop (electron) client when its session ended. A login
// box that stays on this page; once signed in (by the box, or by a code the chain used) the page tells the client
// (a message to window.opener or window.parent on this origin) and says so.
import { useEffect } from 'react';
import { useSession } from '@edu-portal/react/hooks.ts';
import { EduLoginBox } from '@edu-portal/react/wrappers/edu-login-box.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { LoginFrame, useLoginConfig } from './frame.tsx';
import { DEVELOPMENT, ROOT_PATH, remember } from '../../host/site.ts';
import { useLoginTexts } from './texts.ts';

/** The message the desktop client listens for. It names the user and carries no token. */
export const RELOGIN_MESSAGE_TYPE = 'edu-portal:relogin';

function tellClient(user: SessionUser): void {
  const message = { type: RELOGIN_MESSAGE_TYPE, status: 'logged-in', userId: user.userId, loginName: user.loginName };
  const targets = [window.opener as Window | null, window.parent !== window ? window.parent : null];
  for (const target of targets) {
    try {
      target?.postMessage(message, location.origin);
    } catch {
      // A closed or foreign window: nothing to tell.
    }
  }
}

export function ReloginPage() {
  const t = useLoginTexts();
  const config = useLoginConfig();
  const { status, user } = useSession();
  const signedIn = status === 'logged-in' && user !== null;
  const userId = user?.userId;

  useEffect(() => {
    if (signedIn && user) tellClient(user);
    // Once per signed-in user (`user` itself is a new object on every store change).
  }, [signedIn, userId]);

  return (
    <LoginFrame title={t.reloginTitle} config={config}>
      <div className="login-card login-article">
        <h1>{t.reloginTitle}</h1>
        {signedIn ? (
          <>
            <p role="status" className="login-success">
              {t.reloginDone}
            </p>
            <button type="button" className="login-button" onClick={() => window.close()}>
              {t.closeWindow}
            </button>
          </>
        ) : (
          <>
            <p>{t.reloginIntro}</p>
            <EduLoginBox
              noSocial
              rootPath={ROOT_PATH}
              development={DEVELOPMENT}
              rememberStore={remember}
              // The page stays: signing in is all the client asked for.
              onEduLogin={(event) => event.preventDefault()}
            />
          </>
        )}
      </div>
    </LoginFrame>
  );
}
