import { Link } from '../router.tsx';
import { useTexts } from '../i18n.ts';

export function NotFoundPage() {
  const t = useTexts();
  return (
    <section aria-labelledby="nf-title">
      <h1 id="nf-title">{t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      <Link to="/">{t.backHome}</Link>
    </section>
  );
}
