/** Entry point of the browser client. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './i18n/index.js';
import { followLanguage, initialLanguage, storedLanguage } from './i18n/choice.js';
import { App } from './App.js';
import { ScreenHelp } from '../help/HelpOverlay.js';
import './styles.css';
import './a11y.css';

const i18n = createI18n(initialLanguage({ search: window.location.search, stored: storedLanguage(), browser: navigator.languages }));
followLanguage(i18n);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
      <ScreenHelp />
    </I18nextProvider>
  </StrictMode>,
);
