// /blocks/login: the login dialog at work. A real call of the session's unit behind a button, a notes field that
// must survive an expired session, and the dialog and login page opened by hand.
import { useState } from 'react';
import { Link } from '../../router.tsx';
import { client } from '@edu-portal/core/http/client.ts';
import { openLoginDialog } from '@edu-portal/elements/login-dialog/login-dialog.ts';
import { useSession } from '@edu-portal/react/hooks.ts';
import { fill } from '../../texts.ts';
import { useLoginTexts } from './texts.ts';

export function SessionDemoPage() {
  const t = useLoginTexts();
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
      {vocational !== null && (
        <p role="status" data-testid="login-demo-result">
          {t.demoVocational}：{vocational ? t.demoYes : t.demoNo}
        </p>
      )}
    </section>
  );
}
