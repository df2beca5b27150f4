import './zod-jitless.ts';
import { useSyncExternalStore } from 'react';

/**
 * User preferences of the Settings screen, persisted in localStorage and shared by every feature:
 * - `streamNotifications` / `soundAlerts`: read by the chat and live features before they toast or beep.
 * - `darkMode`: false switches <html> to the `.light` palette (styles.css).
 * - `showWalletAddress`: the wallet button shows the shortened address only when true.
 * - `language`: the language picked in Settings; null until then, and the browser's language applies
 *   (lib/i18n follows it and sets <html lang>).
 */
export interface TSettings {
  streamNotifications: boolean;
  soundAlerts: boolean;
  darkMode: boolean;
  showWalletAddress: boolean;
  language: TLanguage | null;
  sidebarCollapsed: boolean;
  /** "Show NSFW streams": lists include streams marked NSFW (off by default). */
  showNsfw: boolean;
}

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const SETTINGS_STORAGE_KEY = 'mintcast.settings';

export const DEFAULT_SETTINGS: Readonly<TSettings> = Object.freeze({
  streamNotifications: true,
  soundAlerts: false,
  darkMode: true,
  showWalletAddress: true,
  language: null,
  sidebarCollapsed: false,
  showNsfw: false,
});

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Stored JSON may be stale, hand-edited or from an older version: keep only well-typed fields. */
export const parseSettings = (raw: string | null): TSettings => {
  const out: TSettings = { ...DEFAULT_SETTINGS };
  if (!raw) return out;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return out;
  }
  if (typeof value !== 'object' || value === null) return out;
  const v = value as Record<string, unknown>;
  for (const key of [
    'streamNotifications',
    'soundAlerts',
    'darkMode',
    'showWalletAddress',
    'sidebarCollapsed',
    'showNsfw',
  ] as const) {
    if (typeof v[key] === 'boolean') out[key] = v[key];
  }
  if (typeof v.language === 'string' && (LANGUAGES as readonly string[]).includes(v.language))
    out.language = v.language as TLanguage;
  return out;
};

/** A small observable store; `storage` is injectable so tests run without a browser. */
export const createSettingsStore = (storage: KeyValueStorage | null) => {
  let current = parseSettings(safeGet(storage));
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    get: (): TSettings => current,
    set(patch: Partial<TSettings>): void {
      current = { ...current, ...patch };
      try {
        storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(current));
      } catch {
        // Private mode or a full quota: the preference still applies for this visit.
      }
      emit();
    },
    /** Re-read storage (another tab changed it). */
    reload(): void {
      current = parseSettings(safeGet(storage));
      emit();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

function safeGet(storage: KeyValueStorage | null): string | null {
  try {
    return storage?.getItem(SETTINGS_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const browserStorage = (): KeyValueStorage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

export const settingsStore = createSettingsStore(browserStorage());

/** Reflect the setting that changes the whole document: the palette (lib/i18n sets the language). */
export const applyDocumentSettings = (settings: TSettings, root: HTMLElement): void => {
  root.classList.toggle('light', !settings.darkMode);
  root.classList.toggle('dark', settings.darkMode);
};

if (typeof window !== 'undefined') {
  applyDocumentSettings(settingsStore.get(), document.documentElement);
  settingsStore.subscribe(() => applyDocumentSettings(settingsStore.get(), document.documentElement));
  window.addEventListener('storage', (e) => {
    if (e.key === SETTINGS_STORAGE_KEY) settingsStore.reload();
  });
}

/** Current settings (outside React, e.g. inside an event handler of the chat). */
export const getSettings = (): TSettings => settingsStore.get();

/** Update some settings; every `useSettings` reader re-renders. */
export const updateSettings = (patch: Partial<TSettings>): void => settingsStore.set(patch);

/** The current settings, re-rendering when any of them changes. */
export const useSettings = (): TSettings =>
  useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
