import { toast } from 'sonner';

/** Toasts of spec §4 (4 types, bottom-right, 5 s, close button); the Toaster is mounted once in the app. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
  info: (message: string) => toast.info(message),
};
