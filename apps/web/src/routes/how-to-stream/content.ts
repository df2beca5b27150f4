import type { LucideIcon } from 'lucide-react';
import {
  ChartColumn,
  Coins,
  MessageCircle,
  MonitorUp,
  Radio,
  Settings,
  ShieldCheck,
  Wallet,
} from 'lucide-react';

/** Layout of the How to Stream guide (spec §2); the words are under `howTo.` in the catalogs. */
export const STEPS = [
  { key: 'connect', icon: Wallet },
  { key: 'token', icon: Coins },
  { key: 'setup', icon: Settings },
  { key: 'live', icon: Radio },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

export const FEATURES = [
  { key: 'share', icon: MonitorUp },
  { key: 'market', icon: ChartColumn },
  { key: 'chat', icon: MessageCircle },
  { key: 'identity', icon: ShieldCheck },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

export const TIPS = ['connection', 'light', 'chart', 'title', 'chat'] as const;

/** The OBS (WHIP) section's settings, in the order OBS's own dialogs show them. */
export const OBS_SETTINGS = ['service', 'encoder', 'keyframe', 'bframes', 'rate', 'audio'] as const;

/** The OBS overlays section's steps (Sources → + → Browser, URL, width and height, sound). */
export const OVERLAY_STEPS = ['add', 'url', 'size', 'sound'] as const;

export const FAQ = ['own', 'address', 'mobile', 'duration'] as const;
