import type { TLanguage } from '../../lib/settings.ts';

/**
 * The shell, navigation and Settings labels in the three languages of the Settings select.
 * English is the spec's wording; screens outside the shell stay English for now.
 */
const en = {
  'group.discover': 'Discover',
  'group.create': 'Create',
  'group.library': 'Library',
  'group.support': 'Support',
  'nav.home': 'Home',
  'nav.trending': 'Trending',
  'nav.explore': 'Explore',
  'nav.startStreaming': 'Start Streaming',
  'nav.profile': 'Profile',
  'nav.favorites': 'Favorites',
  'nav.settings': 'Settings',
  'nav.howToStream': 'How to Stream',
  'shell.searchPlaceholder': 'Search streams or enter token address...',
  'shell.search': 'Search',
  'shell.openSearch': 'Open search',
  'shell.closeSearch': 'Close search',
  'shell.openMenu': 'Open menu',
  'shell.closeMenu': 'Close menu',
  'shell.collapse': 'Collapse sidebar',
  'shell.expand': 'Expand sidebar',
  'shell.notifications': 'Notifications',
  'shell.copyright': '© {year} Mintcast. All rights reserved.',
  'settings.title': 'Settings',
  'settings.subtitle': 'Manage your preferences',
  'settings.notifications': 'Notifications',
  'settings.streamNotifications': 'Stream notifications',
  'settings.streamNotificationsHint': 'Get notified when streams you follow go live',
  'settings.soundAlerts': 'Sound alerts',
  'settings.soundAlertsHint': 'Play a sound for new notifications',
  'settings.appearance': 'Appearance',
  'settings.darkMode': 'Dark mode',
  'settings.darkModeHint': 'Use the dark theme',
  'settings.privacy': 'Privacy',
  'settings.showWalletAddress': 'Show wallet address',
  'settings.showWalletAddressHint': 'Display your wallet address when connected',
  'settings.showNsfw': 'Show NSFW streams',
  'settings.showNsfwHint': 'Include streams marked NSFW (18+) in home, trending, explore and search',
  'settings.language': 'Language',
  'settings.languageHint': 'Language of the navigation and settings',
} as const;

export type TMessageKey = keyof typeof en;
export type TDictionary = Record<TMessageKey, string>;

/** English ships in the entry chunk; the other languages are fetched when first needed. */
export const DICTIONARIES: Partial<Record<TLanguage, TDictionary>> = { en };

const loaders: Record<Exclude<TLanguage, 'en'>, () => Promise<{ default: TDictionary }>> = {
  es: () => import('./messages-es.ts'),
  fr: () => import('./messages-fr.ts'),
};

/** Make sure `language`'s dictionary is loaded; resolves once it is in `DICTIONARIES`. */
export const loadDictionary = async (language: TLanguage): Promise<TDictionary> => {
  const have = DICTIONARIES[language];
  if (have) return have;
  const dict = (await loaders[language as Exclude<TLanguage, 'en'>]()).default;
  DICTIONARIES[language] = dict;
  return dict;
};

/** Look a label up; `{name}` placeholders are filled from `vars`. */
export const translate = (
  language: TLanguage,
  key: TMessageKey,
  vars: Record<string, string | number> = {},
): string =>
  (DICTIONARIES[language]?.[key] ?? en[key]).replace(/\{(\w+)\}/g, (m, name: string) =>
    name in vars ? String(vars[name]) : m,
  );
