import { THUMBNAIL_MAX_BYTES, type TThumbnailResponse } from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { LiveRepository } from './live.repository.ts';

/** Sniff the real format from the bytes: the declared content type is the client's word only. */
const sniff = (bytes: Uint8Array): 'image/jpeg' | 'image/webp' | null => {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length > 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
};

export const thumbnailPath = (mint: string, version: Date): string =>
  `/api/live/thumbnails/${mint}?v=${version.getTime()}`;

/**
 * Live card pictures: the creator's broadcaster uploads a frame about once a minute; cards show it.
 * Stored in the database (one small row per stream, overwritten) rather than on local disk, because
 * server instances are stateless and any of them must be able to serve it.
 */
export const createThumbnailsService = (deps: {
  repo: LiveRepository;
  streams: StreamsService;
  access: Pick<Access, 'requireCreator'>;
  /** The clock of the version in a thumbnail's URL (ms). */
  now: () => number;
}) => ({
  async upload(actor: string, mint: string, bytes: Uint8Array): Promise<TThumbnailResponse> {
    await deps.access.requireCreator(actor, mint, 'Only the stream creator can set its thumbnail');
    if (bytes.length === 0) throw badRequest('Empty image');
    if (bytes.length > THUMBNAIL_MAX_BYTES)
      throw new AppError(413, 'payload_too_large', 'Request body is too large');
    const type = sniff(bytes);
    if (!type) throw new AppError(415, 'unsupported_media_type', 'Thumbnail must be a JPEG or WebP image');
    const version = await deps.repo.saveThumbnail(mint, type, bytes, new Date(deps.now()));
    const thumbnail = thumbnailPath(mint, version);
    await deps.streams.applySystemUpdate(mint, { thumbnail });
    return { thumbnail };
  },

  async get(mint: string) {
    const row = await deps.repo.findThumbnail(mint);
    if (!row) throw notFound('No thumbnail for this stream');
    return {
      contentType: row.content_type,
      bytes: Buffer.from(row.bytes),
      updatedAt: new Date(row.updated_at),
    };
  },
});

export type ThumbnailsService = ReturnType<typeof createThumbnailsService>;
