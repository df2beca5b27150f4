import {
  BookOpen,
  Compass,
  Heart,
  House,
  type LucideIcon,
  Radio,
  Settings,
  TrendingUp,
  User,
} from 'lucide-react';
import type { TMessageKey } from '../i18n/dictionary.ts';

export interface NavItem {
  to: string;
  label: TMessageKey;
  icon: LucideIcon;
}

export interface NavGroup {
  title: TMessageKey;
  items: NavItem[];
}

/** Sidebar groups and links of spec §2, in order. */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'group.discover',
    items: [
      { to: '/', label: 'nav.home', icon: House },
      { to: '/trending', label: 'nav.trending', icon: TrendingUp },
      { to: '/explore', label: 'nav.explore', icon: Compass },
    ],
  },
  {
    title: 'group.create',
    items: [{ to: '/start-streaming', label: 'nav.startStreaming', icon: Radio }],
  },
  {
    title: 'group.library',
    items: [
      { to: '/profile', label: 'nav.profile', icon: User },
      { to: '/favorites', label: 'nav.favorites', icon: Heart },
    ],
  },
  {
    title: 'group.support',
    items: [
      { to: '/settings', label: 'nav.settings', icon: Settings },
      { to: '/how-to-stream', label: 'nav.howToStream', icon: BookOpen },
    ],
  },
];
