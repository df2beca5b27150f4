/**
 * Start-up step 2 (main.tsx): i18next with the English catalogue and the visitor's settings; a Spanish or
 * French visitor's catalogue is fetched from here.
 */
export { i18nReady } from '../lib/i18n/i18n.ts';
