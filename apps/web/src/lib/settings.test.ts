import { describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS, parseSettings, SETTINGS_STORAGE_KEY } from './settings.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      data.set(k, v);
    },
  };
};

describe('parseSettings', () => {
  it('gives the defaults (dark mode on) for nothing or garbage', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('"a string"')).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.darkMode).toBe(true);
    expect(DEFAULT_SETTINGS.language).toBeNull(); // the browser's language applies
  });

  it('keeps well-typed fields and drops wrong types and unknown languages', () => {
    const parsed = parseSettings(
      JSON.stringify({
        darkMode: false,
        soundAlerts: 'yes',
        language: 'de',
        showWalletAddress: false,
        extra: 1,
      }),
    );
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, darkMode: false, showWalletAddress: false });
    expect(parseSettings(JSON.stringify({ language: 'fr' })).language).toBe('fr');
  });
});

describe('createSettingsStore', () => {
  it('persists updates and notifies subscribers', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    let calls = 0;
    const off = store.subscribe(() => {
      calls += 1;
    });
    store.set({ darkMode: false, language: 'es' });
    expect(store.get()).toMatchObject({ darkMode: false, language: 'es', soundAlerts: false });
    expect(JSON.parse(storage.data.get(SETTINGS_STORAGE_KEY)!)).toMatchObject({
      darkMode: false,
      language: 'es',
    });
    expect(calls).toBe(1);
    off();
    store.set({ soundAlerts: true });
    expect(calls).toBe(1);
    // A second store over the same storage (a reload) reads what was saved.
    expect(createSettingsStore(storage).get()).toMatchObject({
      darkMode: false,
      language: 'es',
      soundAlerts: true,
    });
  });

  it('keeps working when storage throws (private mode, full quota)', () => {
    const store = createSettingsStore({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    store.set({ streamNotifications: false });
    expect(store.get().streamNotifications).toBe(false);
  });

  it('reload picks up a change made by another tab', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ showWalletAddress: false }));
    store.reload();
    expect(store.get().showWalletAddress).toBe(false);
  });
});
