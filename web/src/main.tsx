import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';
import { bindNavigator } from './auth/navigator';
import { startTokenRefresh } from './auth/tokenRefresh';
import { router } from './router';
import { installErrorCapture } from './shell/captureErrors';
import './styles.css';

// before anything renders: errors while starting up are logged too
installErrorCapture();
// the HTTP client and the token refresh send the browser to /login through the router
bindNavigator((to, opts) => void router.navigate(to, opts));
startTokenRefresh();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// the shown language's words are a chunk of their own (i18n/index.ts): render once they are there
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
