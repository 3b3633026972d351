import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseBridge } from './bridge/choose';
import { createI18n } from './i18n';
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
const i18n = createI18n(defaultLang);
document.documentElement.lang = defaultLang;

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Root bridge={bridge} stores={stores} i18n={i18n} wallNow={() => Date.now()} doc={document} />
    </StrictMode>,
  );
}
