import type { TEngagement, TFavorites, TProfile, TProfileUpdate } from '@mintcast/contracts';
import { conflict, notFound } from '../http/errors.ts';
import { toStream } from '../streams/stream-row.ts';
import type { EngagementTable, ProfilesRepository } from './profiles.repository.ts';

const FAVORITES_LIMIT = 100;

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** Profile, like/follow and favorites rules. The actor is always the signed-in session's address. */
export const createProfilesService = (
  repo: ProfilesRepository,
  /** A wallet followed a stream it did not follow (the OBS alerts overlay shows it). */
  onFollowed: (mint: string, follower: TProfile) => void = () => undefined,
) => {
  const requireStream = async (mint: string) => {
    if (!(await repo.streamExists(mint))) throw notFound('Stream Not Found');
  };
  const engagement = async (mint: string, address: string): Promise<TEngagement> => ({
    ...(await repo.counts(mint)),
    ...(await repo.viewerState(mint, address)),
  });

  return {
    async getProfile(address: string): Promise<TProfile> {
      return (await repo.findProfile(address)) ?? { address, username: null, profile_image: null };
    },

    async updateProfile(address: string, input: TProfileUpdate): Promise<TProfile> {
      const values: { username?: string | null; profile_image?: string | null } = {};
      if (input.username !== undefined) values.username = input.username;
      if (input.profile_image !== undefined) values.profile_image = input.profile_image;
      try {
        return await repo.upsertProfile(address, values);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('That username is taken');
        throw err;
      }
    },

    async counts(mint: string) {
      await requireStream(mint);
      return repo.counts(mint);
    },

    async viewerState(mint: string, address: string) {
      await requireStream(mint);
      return repo.viewerState(mint, address);
    },

    /** Like or follow (idempotent), or undo it; returns fresh counts and the caller's state. */
    async set(table: EngagementTable, mint: string, address: string, on: boolean): Promise<TEngagement> {
      await requireStream(mint);
      if (on) {
        const added = await repo.add(table, mint, address);
        if (added && table === 'subscriptions')
          onFollowed(
            mint,
            (await repo.findProfile(address)) ?? { address, username: null, profile_image: null },
          );
      } else await repo.remove(table, mint, address);
      return engagement(mint, address);
    },

    async favorites(address: string): Promise<TFavorites> {
      const rows = await repo.favorites(address, FAVORITES_LIMIT);
      return {
        items: rows.map((r) => ({
          ...toStream(r),
          username: r.creator_username,
          profile_image: r.creator_profile_image,
        })),
      };
    },
  };
};

export type ProfilesService = ReturnType<typeof createProfilesService>;
