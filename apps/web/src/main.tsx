import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { i18nReady } from './lib/i18n/i18n.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// A Spanish or French visitor's catalog is one small chunk: wait for it rather than flash English first.
await i18nReady.catch(() => undefined);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
