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
// The first questions go out now, ahead of the lists the other pages keep ready: the app's state
// and the accounts' sync states, which the Overview's first screen shows, and its activity.
const firstAnswers = Promise.all([stores.app.getState().init(), stores.sync.getState().refresh()]).catch(() => undefined);
void stores.sync.getState().loadActivity();
// Then the event socket, so it is open when the first render's effects ask for those lists: opened
// by their subscriptions instead, it was still connecting, and every list went by POST (in Chromium
// a fetch takes several ms of the page's thread, a socket message a fraction of one).
bridge.connect();
const i18n = createI18n(defaultLang);
document.documentElement.lang = defaultLang;

/**
 * How long the first render waits for those answers (tens of ms on a busy two-core machine). With
 * them, the first frame is the Overview with its status cards, not a splash and a second render
 * after it (the status on screen 69 ms sooner in Chromium, paired loads). A host slower than this
 * shows the splash.
 */
const FIRST_ANSWERS_WAIT_MS = 300;
const container = document.getElementById('root');
const render = () => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <Root bridge={bridge} stores={stores} i18n={i18n} wallNow={() => Date.now()} doc={document} />
    </StrictMode>,
  );
};
const atMost = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
// A window in Finnish, Swedish or Norwegian waits for its catalog (a local script) rather than show
// English first; should it not come, the window shows English.
void loadLanguage(i18n, defaultLang)
  .catch(() => undefined)
  .then(() => Promise.race([firstAnswers, atMost(FIRST_ANSWERS_WAIT_MS)]))
  .finally(render);
