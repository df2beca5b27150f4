import {
  OVERLAY_KEY_RE,
  overlayChannelForMint,
  overlayPath,
  type TOverlayInfo,
  type TOverlaySettings,
} from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { open, seal } from '../auth/secret-box.ts';
import { AppError } from '../http/errors.ts';
import { hashOverlayKey, newOverlayKey, overlaySealContext } from './overlay-key.ts';
import type { OverlaysRepository } from './overlays.repository.ts';

export const OVERLAY_NOT_FOUND =
  'This overlay link does not exist or was replaced: copy the new one from the cockpit';
export const CREATOR_ONLY = "Only the stream's creator can see or change its overlay links";

const notFound = () => new AppError(404, 'overlay_not_found', OVERLAY_NOT_FOUND);

/**
 * OBS overlays (issue 34 item 3, decision 031): one secret key per stream, the path segment of its three overlay
 * URLs. The key is kept as its sha256 (requests are looked up by it) and sealed under `sealKey` so the creator's
 * cockpit shows the URLs again; regenerating replaces both, and the old URLs are a 404 from then on.
 */
export const createOverlaysService = (deps: {
  repo: OverlaysRepository;
  access: Pick<Access, 'requireCreator'>;
  publicOrigin: string;
  sealKey: Buffer;
  now: () => number;
}) => {
  const { repo, access } = deps;

  const settings = (key: string, createdAt: Date): TOverlaySettings => ({
    key,
    created_at: createdAt.toISOString(),
    urls: {
      chat: `${deps.publicOrigin}${overlayPath(key, 'chat')}`,
      alerts: `${deps.publicOrigin}${overlayPath(key, 'alerts')}`,
      goal: `${deps.publicOrigin}${overlayPath(key, 'goal')}`,
    },
  });

  const sealed = (mint: string) => {
    const key = newOverlayKey();
    return {
      key,
      row: {
        mint,
        keyHash: hashOverlayKey(key),
        keySealed: seal(deps.sealKey, key, overlaySealContext(mint)),
        at: new Date(deps.now()),
      },
    };
  };

  const regenerate = async (mint: string): Promise<TOverlaySettings> => {
    const { key, row } = sealed(mint);
    const saved = await repo.replace(row);
    return settings(key, saved.created_at);
  };

  /** The stream an overlay key opens, or null (forged, regenerated, or its stream is gone). */
  const resolve = async (key: string): Promise<TOverlayInfo | null> => {
    if (!OVERLAY_KEY_RE.test(key)) return null;
    return (await repo.findByHash(hashOverlayKey(key))) ?? null;
  };

  return {
    /** The creator's overlay URLs; the stream's key is made on the first visit. */
    async get(actor: string, mint: string): Promise<TOverlaySettings> {
      await access.requireCreator(actor, mint, CREATOR_ONLY);
      let row = await repo.find(mint);
      if (!row) {
        await repo.insertIfNone(sealed(mint).row);
        row = await repo.find(mint);
      }
      const key = row ? open(deps.sealKey, row.key_sealed, overlaySealContext(mint)) : null;
      // A key sealed under another secret (the server's secret changed) cannot be shown: make a new one.
      if (!key) return regenerate(mint);
      return settings(key, row!.created_at);
    },

    /** A new key for the stream: the previous URLs answer 404 from now on. */
    async regenerate(actor: string, mint: string): Promise<TOverlaySettings> {
      await access.requireCreator(actor, mint, CREATOR_ONLY);
      return regenerate(mint);
    },

    /** `GET /api/overlays/{key}`: the stream the overlay shows; 404 for any key that is not a current one. */
    async info(key: string): Promise<TOverlayInfo> {
      const found = await resolve(key);
      if (!found) throw notFound();
      return found;
    },

    /** The realtime guard of `stream_overlay_{mint}`: the token is that stream's current overlay key. */
    async opens(channel: string, key: string): Promise<boolean> {
      const found = await resolve(key);
      return found !== null && overlayChannelForMint(found.mint) === channel;
    },
  };
};

export type OverlaysService = ReturnType<typeof createOverlaysService>;
