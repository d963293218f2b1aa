// /login (spec part 1 §2): the unit's login page with <edu-login-box>. `redirect_uri` in the address is followed
// after signing in when it is on this origin (or allow-listed), else the default home; the box decides with core.
import { EduLoginBox } from '@edu-portal/react/wrappers/edu-login-box.ts';
import { LoginFrame, useLoginConfig, useUnitName } from './frame.tsx';
import { DEVELOPMENT, ROOT_PATH, remember } from '../../host/site.ts';
import { useLoginTexts } from './texts.ts';

export function LoginPage() {
  const t = useLoginTexts();
  const config = useLoginConfig();
  const name = useUnitName(config);
  // While the configuration loads no provider is shown yet; without one the box asks the server itself.
  const providers = config === undefined ? [] : (config?.socialProviders ?? null);
  return (
    <LoginFrame title={t.loginTitle} config={config}>
      <div className="login-layout">
        <section className="login-welcome" aria-labelledby="login-welcome-title">
          <h1 id="login-welcome-title">{name}</h1>
          <p>{t.loginWelcome}</p>
        </section>
        <EduLoginBox rootPath={ROOT_PATH} development={DEVELOPMENT} providers={providers} rememberStore={remember} />
      </div>
    </LoginFrame>
  );
}
