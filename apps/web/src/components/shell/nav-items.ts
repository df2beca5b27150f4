import {
  BookOpen,
  Compass,
  Heart,
  House,
  type LucideIcon,
  Radio,
  Settings,
  ShieldCheck,
  TrendingUp,
  User,
} from 'lucide-react';
import type { TCatalog } from '../../lib/i18n/locales/en/index.ts';

export interface NavItem {
  to: string;
  /** Key under `shell.nav` of the catalog. */
  label: keyof TCatalog['shell']['nav'];
  icon: LucideIcon;
  /** Shown only to platform administrators (`ADMIN_ADDRESSES`). */
  adminOnly?: boolean;
}

export interface NavGroup {
  /** Key under `shell.group` of the catalog. */
  title: keyof TCatalog['shell']['group'];
  items: NavItem[];
}

/** Sidebar groups and links of spec §2, in order. */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'discover',
    items: [
      { to: '/', label: 'home', icon: House },
      { to: '/trending', label: 'trending', icon: TrendingUp },
      { to: '/explore', label: 'explore', icon: Compass },
    ],
  },
  {
    title: 'create',
    items: [{ to: '/start-streaming', label: 'startStreaming', icon: Radio }],
  },
  {
    title: 'library',
    items: [
      { to: '/profile', label: 'profile', icon: User },
      { to: '/favorites', label: 'favorites', icon: Heart },
    ],
  },
  {
    title: 'support',
    items: [
      { to: '/settings', label: 'settings', icon: Settings },
      { to: '/how-to-stream', label: 'howToStream', icon: BookOpen },
      { to: '/admin', label: 'admin', icon: ShieldCheck, adminOnly: true },
    ],
  },
];
