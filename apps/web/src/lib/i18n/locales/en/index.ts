import { alerts } from './alerts.ts';
import { explore, favorites, inbox, notFound, profile, routeError, trending } from './browse.ts';
import { clip } from './clip.ts';
import { common } from './common.ts';
import { holders } from './holders.ts';
import { home } from './home.ts';
import { howTo } from './how-to.ts';
import { admin, moderation } from './moderation.ts';
import { overlays } from './overlays.ts';
import { raid } from './raid.ts';
import { replay } from './replay.ts';
import { schedule } from './schedule.ts';
import { settings } from './settings.ts';
import { shell } from './shell.ts';
import { start } from './start.ts';
import { chat, live, stream, token } from './stream.ts';
import { trade } from './trade.ts';
import { chatErrors, watch } from './viewer.ts';
import { wallet } from './wallet.ts';

/**
 * The English catalog: the spec's wording, and the shape every other language must match
 * (catalog.test.ts). One file per area keeps concurrent edits apart.
 */
export const en = {
  shell,
  settings,
  common,
  home,
  explore,
  trending,
  favorites,
  profile,
  inbox,
  notFound,
  routeError,
  wallet,
  stream,
  live,
  token,
  chat,
  start,
  howTo,
  moderation,
  admin,
  trade,
  alerts,
  overlays,
  holders,
  watch,
  chatErrors,
  replay,
  clip,
  schedule,
  raid,
} as const;

export type TCatalog = typeof en;
