import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseBridge } from './bridge/choose';
import { createI18n, loadLanguage } from './i18n';
import { pickLang } from './i18n/langs';
import { Root } from './Root';
import { createStores } from './stores';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/feedback.css';
import './styles/lists.css';
import './styles/details.css';
import './styles/views.css';
import './styles/validate.css';
import './styles/cockpit.css';
import './styles/print.css';

// The one place that reaches for the window's globals; everything below gets them passed in.
const bridge = chooseBridge(window);
const defaultLang = pickLang(navigator.languages);
const stores = createStores({ bridge, perfNow: () => performance.now(), wallNow: () => Date.now(), defaultLang });
// The first questions go out now, while React builds the first screen (about 0.2 s in Chromium):
// the app's state, and what the Overview shows, ahead of the lists the other pages keep ready.
void stores.app.getState().init();
void stores.sync.getState().refresh();
void stores.sync.getState().loadActivity();
const i18n = createI18n(defaultLang);
document.documentElement.lang = defaultLang;

const container = document.getElementById('root');
const render = () => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <Root bridge={bridge} stores={stores} i18n={i18n} wallNow={() => Date.now()} doc={document} />
    </StrictMode>,
  );
};
// A window in Finnish, Swedish or Norwegian waits for its catalog (a local script) rather than show
// English first; should it not come, the window shows English.
void loadLanguage(i18n, defaultLang)
  .catch(() => undefined)
  .finally(render);
