// /blocks/login: the login dialog at work. A real call of the session's unit behind a button, a notes field that
// must survive an expired session, and the dialog and login page opened by hand; passkeys (added in the personal
// settings) sign in from both.
import { useState } from 'react';
import { Link } from '../../router.tsx';
import { client } from '@edu-portal/core/http/client.ts';
import { openLoginDialog } from '@edu-portal/elements/login-dialog/login-dialog.ts';
import { useSession } from '@edu-portal/react/hooks.ts';
import { defineTexts, fill } from '../../texts.ts';
import { useLoginTexts } from './texts.ts';

// This page's own: the login texts are shared with the login page and the portal, which must not carry these.
const usePasskeyTexts = defineTexts({
  'zh-CN': {
    about:
      '通行密钥：在个人设置中添加后，登录框和这个对话框里的“使用通行密钥登录”（或账号栏的自动填充）即可用设备的指纹、面容或锁屏密码登录，无需密码。',
    link: '在个人设置中添加通行密钥',
  },
  en: {
    about:
      'Passkeys: once added in the personal settings, “Sign in with a passkey” in the login box and in this dialog (or the account field’s autofill) signs in with the device’s fingerprint, face or screen lock, no password.',
    link: 'Add a passkey in the personal settings',
  },
  'zh-HK': {
    about:
      '通行密鑰：在個人設定中加入後，登入框和這個對話框裏的「使用通行密鑰登入」（或帳號欄的自動填入）即可用裝置的指紋、面容或鎖屏密碼登入，無需密碼。',
    link: '在個人設定中加入通行密鑰',
  },
});

export function SessionDemoPage() {
  const t = useLoginTexts();
  const passkeys = usePasskeyTexts();
  const { status, user } = useSession();
  const [notes, setNotes] = useState('');
  const [vocational, setVocational] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(): Promise<void> {
    setBusy(true);
    try {
      // An ordinary call: an expired session goes through refresh, then the login dialog, then a retry.
      const envelope = await client.get<boolean>('/api/base/unit/is_vocational_school');
      setVocational(envelope.data === true);
    } catch {
      // The client showed why (or the user closed the dialog).
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="login-demo-title">
      <h1 id="login-demo-title">{t.demoTitle}</h1>
      <p>{t.demoIntro}</p>
      <p data-testid="login-demo-user">
        {status === 'logged-in' && user ? fill(t.demoSignedInAs, { name: user.realName }) : t.demoSignedOut}
      </p>
      <label className="login-notes">
        {t.demoNotes}
        <textarea rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <div className="demo-row">
        <button type="button" className="primary" onClick={() => void check()} aria-busy={busy}>
          {t.demoCheck}
        </button>
        <button type="button" onClick={() => void openLoginDialog({ reason: '' })}>
          {t.demoOpenDialog}
        </button>
        <Link to="/login">{t.demoLoginPage}</Link>
      </div>
      <p>
        {passkeys.about} <Link to="/desktop/setting">{passkeys.link}</Link>
      </p>
      {vocational !== null && (
        <p role="status" data-testid="login-demo-result">
          {t.demoVocational}：{vocational ? t.demoYes : t.demoNo}
        </p>
      )}
    </section>
  );
}
