// The demo host's entry: registers every element (which also routes core notices to <edu-notice>), puts the
// resolved language in force, starts the login-status check and renders the routes.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@edu-portal/elements';
import { configureClient } from '@edu-portal/core/http/client.ts';
import { initLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { subscribeLanguage } from '@edu-portal/core/i18n/language.ts';
import { checkLogin } from '@edu-portal/core/api/session.ts';
import { App } from './app.tsx';
import './styles.css';

configureClient({ appCode: 'desktop', relogin: 'redirect', loginPath: '#/login' });
document.documentElement.lang = initLanguage();
subscribeLanguage((lang) => (document.documentElement.lang = lang));
void checkLogin();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
