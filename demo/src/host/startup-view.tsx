// What the host shows before its routes: a status line while the login chain runs, or why it cannot start. Its two
// texts are here, not in the login pages' table, so the first script of every page does not carry that table.
import { defineTexts } from '../texts.ts';

const useStartupTexts = defineTexts({
  'zh-CN': { checking: '正在检查登录状态…', startupFailed: '页面无法启动' },
  en: { checking: 'Checking the login status…', startupFailed: 'The page cannot start' },
  'zh-HK': { checking: '正在檢查登入狀態…', startupFailed: '頁面無法啟動' },
});

export function StartupPending() {
  const t = useStartupTexts();
  return (
    <p className="login-startup" role="status">
      {t.checking}
    </p>
  );
}

export function StartupFailed({ error }: { error: unknown }) {
  const t = useStartupTexts();
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
