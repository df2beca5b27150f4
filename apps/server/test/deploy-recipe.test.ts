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
const operatorEnv = envFile('deploy/.env.example');
const siteEnv = envFile('.env.example');
const substitute = (v: string) =>
  v.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => operatorEnv[name] ?? `<undefined ${name}>`);
const mintcast = Object.entries(services).filter(([name]) => name.startsWith('mintcast-'));

describe('deploy/compose.yaml', () => {
  it('names an image for every service, and runs two Mintcast instances', () => {
    for (const [name, s] of Object.entries(services)) expect(s.image, name).toMatch(/^[a-z0-9./-]+:[\w.-]+$/);
    expect(mintcast.map(([name]) => name)).toEqual(['mintcast-1', 'mintcast-2']);
  });

  it('uses only variables deploy/.env.example defines', () => {
    const used = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1] as string);
    expect(used.filter((name) => !(name in operatorEnv))).toEqual([]);
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
    for (const name of ['mintcast-1', 'mintcast-2', 'postgres', 'redis'])
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
});
