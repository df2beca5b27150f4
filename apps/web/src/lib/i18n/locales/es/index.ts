/** Spanish catalog: a chunk of its own, fetched only when Spanish is chosen (i18n.ts). */
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

export default {
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
};
