/** Entry point of the browser client. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './i18n/index.js';
import { App } from './App.js';
import './styles.css';

const i18n = createI18n(document.documentElement.lang || 'en');
document.title = i18n.t('app.title');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);
