import { AwsClient } from 'aws4fetch';
import { S3Upload } from 'livekit-server-sdk';
import type { S3Config } from './s3-env.ts';

/** How long a presigned read of a recording is valid: long enough for a player's session or an ffmpeg cut. */
const PRESIGN_SECONDS = 60 * 60;

/** An object key as it goes into a path-style URL (each segment escaped, slashes kept). */
const keyPath = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

/**
 * The S3-compatible store of recordings and HLS segments (an external LiveKit's Egress uploads them). This
 * server only reads (presigned GET URLs handed to players and ffmpeg) and deletes; the Egress service gets the
 * same credentials as an `S3Upload` output. Signed with aws4fetch (SigV4 over fetch, path-style addressing).
 */
export const createS3Store = (config: S3Config) => {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const objectUrl = (key: string) => `${config.endpoint}/${config.bucket}/${keyPath(key)}`;

  return {
    /** The Egress output that uploads into this store (MinIO and most S3-compatibles need path style). */
    upload: (): S3Upload =>
      new S3Upload({
        accessKey: config.accessKeyId,
        secret: config.secretAccessKey,
        region: config.region,
        endpoint: config.endpoint,
        bucket: config.bucket,
        forcePathStyle: true,
      }),

    /** A URL anyone holding it may GET the object with (Range included) for an hour. */
    async presignedGet(key: string): Promise<string> {
      const url = new URL(objectUrl(key));
      url.searchParams.set('X-Amz-Expires', String(PRESIGN_SECONDS));
      const signed = await client.sign(url.toString(), { method: 'GET', aws: { signQuery: true } });
      return signed.url;
    },

    /** Where browsers read a public object (the `hls/` prefix): the CDN or the bucket's public URL. */
    publicUrl: (key: string): string => `${config.publicUrl}/${keyPath(key)}`,

    /** Deletes an object (S3 answers 204 whether it existed or not). */
    async remove(key: string): Promise<void> {
      const res = await client.fetch(objectUrl(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: HTTP ${res.status}`);
    },
  };
};

export type S3Store = ReturnType<typeof createS3Store>;
