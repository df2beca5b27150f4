// The toast library loads after the first paint (its own chunk), keeping it out of every route's initial JS.
export const loadSonner = () => import('sonner');

type Kind = 'success' | 'error' | 'warning' | 'info';
const show = (kind: Kind, message: string) => {
  void loadSonner().then(({ toast }) => toast[kind](message));
};

/** Toasts of spec §4 (4 types: success, error, warning, info). */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
};
