import { z } from 'zod';

/** The pub/sub topic on which a new follow is announced to every instance (the alerts overlay shows it). */
export const FOLLOW_TOPIC = 'follows';

const ZFollowNote = z.object({ mint: z.string(), address: z.string(), username: z.string().nullable() });
export type FollowNote = z.infer<typeof ZFollowNote>;

export const followNote = (note: FollowNote): string => JSON.stringify(note);

export const parseFollowNote = (payload: string): FollowNote | null => {
  try {
    return ZFollowNote.parse(JSON.parse(payload));
  } catch {
    return null;
  }
};
