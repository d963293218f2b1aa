// The bind page (spec part 1 §2: /bind/ or /{rootPath}/login/pc_bind_all/index.html with id, openid, unionid and
// deviceId): an unbound social identity is bound to a portal account, which then signs in and lands as a login does.
import { EduLoginBox } from '@edu-portal/react/wrappers/edu-login-box.ts';
import { LoginFrame, useLoginConfig } from './frame.tsx';
import { DEVELOPMENT, ROOT_PATH } from '../../host/site.ts';
import { useLoginTexts } from './texts.ts';

export function BindPage() {
  const t = useLoginTexts();
  const config = useLoginConfig();
  return (
    <LoginFrame title={t.bindTitle} config={config}>
      <div className="login-layout login-layout-single">
        <EduLoginBox mode="bind" rootPath={ROOT_PATH} development={DEVELOPMENT} />
      </div>
    </LoginFrame>
  );
}
