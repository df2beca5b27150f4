import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import { configWarnings } from '../src/env-rules.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

/** What loadConfig says about `env`: '' when it takes it, else its message. */
const complaint = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('bad configuration stops the boot with the variable named', () => {
  it.each([
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'localhost:3000' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'ftp://example.com' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'https//mintcast.example' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/mintcast' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres//db' }],
    ['LIVEKIT_API_KEY', { LIVEKIT_URL: 'wss://lk.example.com', LIVEKIT_API_SECRET: 'secret' }],
    ['LIVEKIT_API_SECRET', { LIVEKIT_URL: 'wss://lk.example.com', LIVEKIT_API_KEY: 'key' }],
    ['LIVEKIT_URL', { LIVEKIT_URL: 'lk.example.com', LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: 's' }],
    ['MARKET_DATA_URL', { MARKET_DATA_URL: 'api.dexscreener.com' }],
    ['AUTH_SIGNING_KEYS', { AUTH_SIGNING_KEYS: '{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}' }],
  ])('%s: %j', (name, env) => {
    expect(complaint(env)).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('takes the fresh-machine defaults and a complete external LiveKit', () => {
    expect(complaint({})).toBe('');
    expect(
      complaint({ DATABASE_URL: 'postgresql://u:p@db:5432/mintcast', PUBLIC_ORIGIN: 'https://x.example' }),
    ).toBe('');
    expect(
      complaint({ LIVEKIT_URL: 'wss://lk.example.com', LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: 's' }),
    ).toBe('');
  });

  it('warns about a plain-http public origin that is not localhost', () => {
    expect(configWarnings(loadConfig({ PUBLIC_ORIGIN: 'http://mintcast.example' }))[0]).toMatch(
      /^PUBLIC_ORIGIN is plain http/,
    );
    for (const ok of ['https://mintcast.example', 'http://localhost:3000', 'http://127.0.0.1:8080'])
      expect(configWarnings(loadConfig({ PUBLIC_ORIGIN: ok }))).toEqual([]);
  });
});

describe('production refuses to boot misconfigured, naming the variable and how to make one', () => {
  /** A production configuration that boots: several instances on one PostgreSQL behind https. */
  const good = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://mintcast.example.com',
    DATABASE_URL: 'postgres://mintcast:s3cr3t-from-openssl@db:5432/mintcast',
    AUTH_SIGNING_KEYS: JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }] }),
  };

  it('takes a complete production configuration, and any origin outside production', () => {
    expect(complaint(good)).toBe('');
    expect(complaint({ ...good, NODE_ENV: 'development', PUBLIC_ORIGIN: 'http://localhost:3000' })).toBe('');
  });

  it.each([
    ['PUBLIC_ORIGIN', /https address visitors open/, { PUBLIC_ORIGIN: undefined }],
    ['PUBLIC_ORIGIN', /https address visitors open/, { PUBLIC_ORIGIN: 'http://mintcast.example.com' }],
    ['PUBLIC_ORIGIN', /https address visitors open/, { PUBLIC_ORIGIN: 'https://localhost:3000' }],
    ['PUBLIC_ORIGIN', /https address visitors open/, { PUBLIC_ORIGIN: 'https://127.0.0.1' }],
    ['PUBLIC_ORIGIN', /https address visitors open/, { PUBLIC_ORIGIN: 'https://app.localhost' }],
    ['AUTH_SIGNING_KEYS', /npm run auth:new-key/, { AUTH_SIGNING_KEYS: '' }],
    ['DATABASE_URL', /openssl rand/, { DATABASE_URL: 'postgres://mintcast:change-me@db:5432/mintcast' }],
    [
      'LIVEKIT_API_SECRET',
      /openssl rand/,
      { LIVEKIT_API_SECRET: 'change-me-to-32-or-more-random-characters' },
    ],
    ['METRICS_TOKEN', /openssl rand/, { METRICS_TOKEN: 'CHANGE_ME' }],
  ])('%s: %s', (name, howTo, change) => {
    const env: NodeJS.ProcessEnv = { ...good, ...change };
    const line = complaint(env)
      .split('\n')
      .find((l) => l.trimStart().startsWith(`${name}: `));
    expect(line).toMatch(howTo);
  });

  it('needs no shared signing keys for one instance on its embedded database', () => {
    expect(complaint({ ...good, DATABASE_URL: '', AUTH_SIGNING_KEYS: '' })).toBe('');
  });

  it('the server process exits 1 with the message, before touching the database', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'mysql://nope', PORT: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Invalid environment configuration:\n\s+DATABASE_URL: /);
  });
});
