import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/env.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** `NAME=value` lines of an env file. */
const envFile = (file: string): Record<string, string> =>
  Object.fromEntries(
    read(file)
      .split('\n')
      .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

interface Service {
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
}
const compose = parse(read('deploy/compose.yaml')) as {
  services: Record<string, Service & { command?: string[] }>;
  configs: Record<string, { content: string }>;
};
const services = compose.services;
const example = envFile('deploy/.env.example');
/** deploy/.env as an operator fills it in: the example's values, and a real one for each it leaves empty. */
const operatorEnv: Record<string, string> = {
  ...example,
  SITE_DOMAIN: example.SITE_DOMAIN || 'mintcast.example.com',
  POSTGRES_PASSWORD: example.POSTGRES_PASSWORD || 'a1b2c3d4e5f6',
  AUTH_SIGNING_KEYS:
    example.AUTH_SIGNING_KEYS ||
    JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }] }),
  LIVEKIT_API_SECRET: example.LIVEKIT_API_SECRET || 'f'.repeat(64),
  TURN_PASSWORD: example.TURN_PASSWORD || 'turn-secret',
  S3_SECRET_ACCESS_KEY: example.S3_SECRET_ACCESS_KEY || 'e'.repeat(48),
};
const siteEnv = envFile('.env.example');
/** Every `${NAME…}` compose interpolates: `${NAME}`, `${NAME:?message}`, `${NAME:-default}`… */
const REFERENCE = /\$\{([A-Z0-9_]+)(?:(:?[?+-])([^}]*))?\}/g;
const substitute = (v: string) =>
  v.replace(REFERENCE, (_, name: string) => operatorEnv[name] ?? `<undefined ${name}>`);
/** compose.yaml without its comment lines (they may show the syntax). */
const composeText = read('deploy/compose.yaml')
  .split('\n')
  .filter((l) => !l.trimStart().startsWith('#'))
  .join('\n');
const mintcast = Object.entries(services).filter(([name]) => name.startsWith('mintcast-'));

describe('deploy/compose.yaml', () => {
  it('names an image for every service, and runs two Mintcast instances', () => {
    for (const [name, s] of Object.entries(services)) expect(s.image, name).toMatch(/^[a-z0-9./-]+:[\w.-]+$/);
    expect(mintcast.map(([name]) => name)).toEqual(['mintcast-1', 'mintcast-2']);
  });

  it('uses only variables deploy/.env.example defines', () => {
    const used = [...composeText.matchAll(REFERENCE)].map((m) => m[1] as string);
    expect(used.filter((name) => !(name in example))).toEqual([]);
  });

  it('requires every variable it uses (VAR:? with a message), and the example marks each one required', () => {
    const references = [...composeText.matchAll(REFERENCE)];
    expect(references.length).toBeGreaterThan(0);
    for (const [text, , operator] of references) expect(operator, text).toBe(':?');
    // Each paragraph of the example that sets variables opens with "# Required.".
    for (const paragraph of read('deploy/.env.example').split(/\n\s*\n/))
      if (/^[A-Z][A-Z0-9_]*=/m.test(paragraph)) expect(paragraph).toMatch(/^# Required\. /);
  });

  it('leaves no secret to a default: compose stops on each until deploy/.env sets it', () => {
    for (const name of [
      'POSTGRES_PASSWORD',
      'AUTH_SIGNING_KEYS',
      'LIVEKIT_API_SECRET',
      'TURN_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
    ])
      expect(example[name], name).toBe('');
  });

  it("gives the instances only variables of .env.example, and a configuration the server's own check accepts", () => {
    for (const [name, s] of mintcast) {
      const env = Object.fromEntries(
        Object.entries(s.environment ?? {}).map(([k, v]) => [k, substitute(String(v))]),
      );
      expect(
        Object.keys(env).filter((k) => k !== 'NODE_ENV' && !(k in siteEnv)),
        name,
      ).toEqual([]);
      const config = loadConfig(env);
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(config.publicOrigin).toBe(`https://${operatorEnv.SITE_DOMAIN}`);
      // The instance's port is what it exposes, what Caddy proxies to and what the image's health check asks.
      expect(s.expose).toEqual([String(config.port)]);
      expect(read('deploy/Caddyfile')).toContain(`${name}:${config.port}`);
      expect(read('Dockerfile')).toContain(`EXPOSE ${config.port}`);
      expect(read('Dockerfile')).toContain(`http://127.0.0.1:${config.port}/api/health`);
    }
  });

  it('publishes only the proxy, LiveKit media and TURN; the instances and databases stay internal', () => {
    expect(services.caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    for (const name of ['mintcast-1', 'mintcast-2', 'postgres', 'redis', 'egress', 'minio'])
      expect(services[name]?.ports, name).toBeUndefined();
  });

  const livekit = parse(substitute(compose.configs.livekit?.content ?? '')) as {
    webhook: { api_key: string; urls: string[] };
    rtc: {
      turn_servers: { host: string; port: number; protocol: string; username: string; credential: string }[];
    };
  };

  it("signs LiveKit's webhooks with the key the instances verify", () => {
    expect(livekit.webhook.api_key).toBe(operatorEnv.LIVEKIT_API_KEY);
    expect(livekit.webhook.urls).toEqual(['http://caddy:8080/api/live/webhook']);
    expect(substitute(services.livekit?.environment?.LIVEKIT_KEYS ?? '')).toBe(
      `${operatorEnv.LIVEKIT_API_KEY}: ${operatorEnv.LIVEKIT_API_SECRET}`,
    );
  });

  it("hands LiveKit's clients coturn, over UDP and TCP, with coturn's own user", () => {
    const user = services.coturn?.command?.find((a) => a.startsWith('--user='))?.slice('--user='.length);
    const [name, password] = substitute(user ?? '').split(':');
    expect(livekit.rtc.turn_servers.map((t) => `${t.protocol} ${t.host}:${t.port}`)).toEqual([
      `udp ${operatorEnv.SITE_DOMAIN}:3478`,
      `tcp ${operatorEnv.SITE_DOMAIN}:3478`,
    ]);
    for (const t of livekit.rtc.turn_servers) expect([t.username, t.credential]).toEqual([name, password]);
    expect(services.coturn?.command).toEqual(
      expect.arrayContaining(['--listening-port=3478', '--lt-cred-mech']),
    );
  });

  const egress = parse(substitute(compose.configs.egress?.content ?? '')) as {
    api_key: string;
    api_secret: string;
    ws_url: string;
    redis: { address: string };
  };
  const livekitRedis = (
    parse(substitute(compose.configs.livekit?.content ?? '')) as { redis: { address: string } }
  ).redis;

  it("runs LiveKit Egress on LiveKit's own key pair and Redis (it takes its jobs from there)", () => {
    expect(services.egress?.image).toMatch(/^livekit\/egress:/);
    expect([egress.api_key, egress.api_secret]).toEqual([
      operatorEnv.LIVEKIT_API_KEY,
      operatorEnv.LIVEKIT_API_SECRET,
    ]);
    expect(egress.ws_url).toBe('ws://livekit:7880');
    expect(egress.redis.address).toBe(livekitRedis.address);
    expect(substitute(services.egress?.environment?.EGRESS_CONFIG_FILE ?? '')).toBe('/etc/egress.yaml');
  });

  it('gives the instances the S3 store MinIO is, served on media.<domain>, with its bucket made and hls/ public', () => {
    const minio = services.minio?.environment ?? {};
    const init = (services['minio-init'] as Service & { entrypoint?: string[] }) ?? {};
    const script = (init.entrypoint ?? []).join(' ');
    for (const [name, s] of mintcast) {
      const env = Object.fromEntries(
        Object.entries(s.environment ?? {}).map(([k, v]) => [k, substitute(String(v))]),
      );
      const { s3 } = loadConfig(env);
      expect(s3, name).toBeDefined();
      expect([s3?.accessKeyId, s3?.secretAccessKey]).toEqual([
        substitute(minio.MINIO_ROOT_USER ?? ''),
        substitute(minio.MINIO_ROOT_PASSWORD ?? ''),
      ]);
      expect(s3?.endpoint).toBe(`https://media.${operatorEnv.SITE_DOMAIN}`);
      expect(script).toContain(`mc mb --ignore-existing store/${s3?.bucket}`);
      expect(script).toContain(`mc anonymous set download store/${s3?.bucket}/hls`);
      expect(env.MEDIA_HTTP_TIER).toBe('on');
    }
    expect(read('deploy/Caddyfile')).toMatch(/media\.\{\$SITE_DOMAIN\} \{\s*reverse_proxy minio:9000\s*\}/);
    expect(substitute(init.environment?.MC_HOST_store ?? '')).toBe(
      `http://${operatorEnv.S3_ACCESS_KEY_ID}:${operatorEnv.S3_SECRET_ACCESS_KEY}@minio:9000`,
    );
  });
});
