/** Start-up step 1 (main.tsx): React and React DOM, whose evaluation is the largest of any module. */
export { StrictMode, startTransition } from 'react';
export { createRoot } from 'react-dom/client';
