import { Link } from '../router.tsx';
import { useTexts } from '../i18n.ts';

export function HomePage() {
  const t = useTexts();
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t.homeTitle}</h1>
      <p>{t.homeIntro}</p>
      <ul>
        <li>
          <Link to="/blocks/dialogs">{t.navDialogs}</Link>
        </li>
        <li>
          <a href="./legacy/index.html">{t.homeLegacy}</a>
        </li>
      </ul>
    </section>
  );
}
