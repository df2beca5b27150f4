import { roomNameForMint, type TViewerPlace } from '@mintcast/contracts';
import { useEffect } from 'react';
import { fetchViewerPlace } from '../../queries/live.ts';

/*
 * Instant play (issue 31): what the player needs before it can join — its module (livekit-client, the largest
 * chunk) and a viewer token — is asked for as soon as the page knows it will need them, side by side, instead of
 * one after the other behind the page's own code (route chunk → stream record → player chunk → token → join).
 */

type PlayerModule = typeof import('./viewer-player.tsx');
let player: Promise<PlayerModule> | undefined;

/** The live player's module, imported once; a failed import is tried again on the next call. */
export const loadViewerPlayer = (): Promise<PlayerModule> => {
  player ??= import('./viewer-player.tsx').catch((err: unknown) => {
    player = undefined;
    throw err;
  });
  return player;
};

/**
 * An early token is used only this long after it was asked for; older, a fresh one is fetched. Viewer tokens
 * live 10 min (VIEWER_TOKEN_TTL_S), far longer: this only keeps a page left open from joining on a stale one.
 */
export const EARLY_TOKEN_MAX_AGE_MS = 30_000;

/** A viewer's place: a WebRTC token, or the HTTP tier when the stream's WebRTC audience is full. */
export const fetchViewerToken = (mint: string) => fetchViewerPlace(roomNameForMint(mint));

/** The last early token; kept once used, so a second warm-up of the same page (main.tsx, then the route) asks for none. */
let early: { mint: string; at: number; token: Promise<TViewerPlace>; used: boolean } | undefined;

/** Asked for at most EARLY_TOKEN_MAX_AGE_MS ago (a clock that went back, e.g. after a sleep, makes it stale). */
const fresh = (at: number, now: number) => now >= at && now - at < EARLY_TOKEN_MAX_AGE_MS;

/** Asks for a viewer token of `mint`'s room now, for the player's first join (`takeViewerToken`). */
export const startViewerToken = (mint: string, now = Date.now()): void => {
  if (early && early.mint === mint && fresh(early.at, now)) return;
  const token = fetchViewerToken(mint);
  token.catch(() => undefined); // read (or replaced) by takeViewerToken
  early = { mint, at: now, token, used: false };
};

/**
 * A viewer token for `mint`: the one asked for early when it is still fresh (used once: every join needs its
 * own identity), else a new request. An early request that failed is asked again.
 */
export const takeViewerToken = (mint: string, now = Date.now()): Promise<TViewerPlace> => {
  const taken = early;
  if (!taken || taken.used || taken.mint !== mint || !fresh(taken.at, now)) return fetchViewerToken(mint);
  taken.used = true;
  return taken.token.catch(() => fetchViewerToken(mint));
};

/** Both at once, for a page that shows `mint` live. */
export const warmUpPlayer = (mint: string): void => {
  void loadViewerPlayer().catch(() => undefined);
  startViewerToken(mint);
};

/**
 * The stream page's warm-up: the player's module while the stream's record is still being looked up (most
 * stream pages opened are live ones), the token as soon as the record says live. Nothing for a stream known
 * to be offline or missing (`live` false).
 */
export const usePlayerWarmUp = (mint: string | undefined, live: boolean | undefined): void => {
  useEffect(() => {
    if (!mint || live === false) return;
    void loadViewerPlayer().catch(() => undefined);
    if (live) startViewerToken(mint);
  }, [mint, live]);
};
