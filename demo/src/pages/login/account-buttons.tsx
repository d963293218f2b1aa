// The header's account buttons: logout after a confirmation dialog (spec part 1 §2 header, §4 "Logout"), and the
// switch-account button, in development only (spec part 1 §2).
import { useState } from 'react';
import { logoutCall } from '@edu-portal/core/auth/api.ts';
import { logoutAndLeave } from '@edu-portal/core/auth/logout.ts';
import { loginPageUrl } from '@edu-portal/core/auth/navigation.ts';
import { showSwitchAccount } from '@edu-portal/core/auth/startup.ts';
import { useSession } from '@edu-portal/react/hooks.ts';
import { EduDialog } from '@edu-portal/react/wrappers/edu-dialog.ts';
import { DEVELOPMENT, LOGIN_PAGE } from '../../host/site.ts';
import { useLoginTexts } from './texts.ts';
import './login.css';

/** Development: leave this session and sign in as someone else, coming back to this page. */
async function switchAccount(): Promise<void> {
  await logoutCall();
  location.assign(loginPageUrl(LOGIN_PAGE, location.href));
}

export function AccountButtons() {
  const t = useLoginTexts();
  const { status } = useSession();
  const [confirming, setConfirming] = useState(false);
  if (status !== 'logged-in') return null;
  return (
    <div className="login-account">
      {showSwitchAccount(DEVELOPMENT) && (
        <button type="button" onClick={() => void switchAccount()}>
          {t.switchAccount}
        </button>
      )}
      <button type="button" onClick={() => setConfirming(true)}>
        {t.logout}
      </button>
      <EduDialog
        open={confirming}
        title={t.logoutConfirmTitle}
        width="min(380px, calc(100vw - 24px))"
        onEduClose={() => setConfirming(false)}
      >
        <p>{t.logoutConfirmText}</p>
        <div slot="footer" className="login-dialog-actions">
          <button type="button" onClick={() => setConfirming(false)}>
            {t.cancel}
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              setConfirming(false);
              void logoutAndLeave({ loginPath: LOGIN_PAGE });
            }}
          >
            {t.logoutConfirm}
          </button>
        </div>
      </EduDialog>
    </div>
  );
}
