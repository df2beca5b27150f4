import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { featurePlugins } from '../src/features.ts';
import { PLUGIN } from '../src/plugin-names.ts';

const srcDir = path.resolve(import.meta.dirname, '../src');

interface PluginMeta {
  name: string;
  dependencies?: string[];
  encapsulate?: boolean;
}
const metaOf = (plugin: unknown): PluginMeta =>
  (plugin as Record<symbol, PluginMeta>)[Symbol.for('plugin-meta')] as PluginMeta;

/** Registered by the app before the features (app.ts). */
const APP_LEVEL: string[] = [PLUGIN.auth, PLUGIN.platformBans];

/** What a plugin's code uses of another plugin's decorators, and which plugin that is. */
const USES: [RegExp, string][] = [
  [/\bapp\.realtime\b/, PLUGIN.realtime],
  [/\bapp\.httpTier\b/, PLUGIN.httpTier],
  [/\bapp\.(requireSession|optionalSession|auth)\b/, PLUGIN.auth],
  [/\bapp\.(refuseBanned|isBanned|assertNotBanned)\b/, PLUGIN.platformBans],
];

/** The source of a feature's folder (its name without `mintcast-`), tests and other plugins' files left out. */
const sourceOf = (name: string): string => {
  const dir = path.join(srcDir, name.replace(/^mintcast-/, ''));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => !f.endsWith('.plugin.ts') || f === `${path.basename(dir)}.plugin.ts`)
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
};

describe('plugin order is declared (fastify-plugin name and dependencies)', () => {
  const metas = featurePlugins.map(metaOf);

  it('names every feature plugin once, from plugin-names.ts', () => {
    const names = metas.map((m) => m?.name);
    expect(names.filter((n) => !Object.values<string>(PLUGIN).includes(n))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists each plugin after every plugin it depends on', () => {
    metas.forEach((m, i) => {
      const before = [...APP_LEVEL, ...metas.slice(0, i).map((x) => x.name)];
      expect(
        (m.dependencies ?? []).filter((d) => !before.includes(d)),
        m.name,
      ).toEqual([]);
    });
  });

  it("declares every plugin whose decorators a feature's code uses", () => {
    for (const m of metas) {
      const source = sourceOf(m.name);
      const needed = USES.filter(([pattern, name]) => name !== m.name && pattern.test(source)).map(
        ([, name]) => name,
      );
      expect(
        needed.filter((n) => !(m.dependencies ?? []).includes(n)),
        m.name,
      ).toEqual([]);
    }
  });

  it('refuses to boot a feature registered before what it needs, naming it', async () => {
    const chat = featurePlugins[metas.findIndex((m) => m.name === PLUGIN.chat)];
    const app = Fastify({ logger: false });
    // Never run: the dependency check comes first.
    app.register(chat as never, { ctx: {} as AppContext });
    await expect(app.ready()).rejects.toThrow(/mintcast-auth/);
  });
});
