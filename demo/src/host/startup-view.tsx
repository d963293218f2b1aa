// What the host shows before its routes: a status line while the login chain runs, or why it cannot start.
import { useLoginTexts } from '../pages/login/texts.ts';

export function StartupPending() {
  const t = useLoginTexts();
  return (
    <p className="login-startup" role="status">
      {t.checking}
    </p>
  );
}

export function StartupFailed({ error }: { error: unknown }) {
  const t = useLoginTexts();
  // The spec's startup errors are for the developer ('code cannot be empty'): shown as they are.
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <section className="login-startup" role="alert">
      <h1>{t.startupFailed}</h1>
      <p>
        <code>{detail}</code>
      </p>
    </section>
  );
}
