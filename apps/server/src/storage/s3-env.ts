import { z } from 'zod';
import { zUrl } from '../env-rules.ts';

/**
 * The S3-compatible store an external LiveKit's Egress writes recordings and HLS segments into (issues 30 and
 * 33). All empty: no store (with an external LiveKit, recordings, clips and the HTTP tier say they are off).
 */
export const ZS3EnvShape = {
  /** The S3 API's address, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`. */
  S3_ENDPOINT: z
    .literal('')
    .or(zUrl(['http:', 'https:']))
    .default(''),
  S3_BUCKET: z.string().trim().default(''),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Where browsers read the `hls/` prefix (a CDN or the bucket's public URL); empty: `S3_ENDPOINT/S3_BUCKET`. */
  S3_PUBLIC_URL: z
    .literal('')
    .or(zUrl(['http:', 'https:']))
    .default(''),
};

type S3Env = { [K in keyof typeof ZS3EnvShape]: z.infer<(typeof ZS3EnvShape)[K]> } & { LIVEKIT_URL: string };

export interface S3Config {
  /** The S3 API's origin (and path, if any), without a trailing slash; objects are addressed path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL of public objects (playlists, segments), without a trailing slash. */
  publicUrl: string;
}

const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** All four of endpoint, bucket and key pair, or none; only with an external LiveKit (the embedded one writes files). */
export const s3EnvRules = (e: S3Env, ctx: z.RefinementCtx): void => {
  const given = REQUIRED.filter((name) => e[name] !== '');
  if (given.length === 0) {
    if (e.S3_PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PUBLIC_URL'],
        message: 'set only with S3_ENDPOINT and S3_BUCKET',
      });
    return;
  }
  for (const name of REQUIRED)
    if (e[name] === '')
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `required with ${given.join(', ')}: the S3 store needs its endpoint, bucket and key pair`,
      });
  if (!e.LIVEKIT_URL)
    ctx.addIssue({
      code: 'custom',
      path: [given[0] ?? 'S3_ENDPOINT'],
      message:
        'the S3 store is for an external LiveKit (LIVEKIT_URL); the embedded media server records into the data folder',
    });
  if (e.S3_BUCKET && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(e.S3_BUCKET))
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'must be an S3 bucket name (3–63 lower-case letters, digits, dots and hyphens)',
    });
};

export const s3Config = (e: S3Env): S3Config | undefined => {
  if (!e.S3_ENDPOINT || !e.S3_BUCKET) return undefined;
  const endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  return {
    endpoint,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION || 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: (e.S3_PUBLIC_URL || `${endpoint}/${e.S3_BUCKET}`).replace(/\/+$/, ''),
  };
};
