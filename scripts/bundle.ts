/**
 * The server, the media server and the `npm start` launcher as plain JavaScript (esbuild, decision 010).
 * Our workspace packages (`@mintcast/*`, TypeScript sources) are bundled in, but for @mintcast/srtp-native,
 * whose loader finds its built addon beside itself (decision 019); every other package stays an import from
 * node_modules, so `npm ci --omit=dev` provides exactly what runs.
 * Each app's bundle sits in its own folder (apps/server/dist/main.js beside apps/server/src/main.ts): packages
 * resolve from there exactly as from the sources (apps/server/node_modules first, where npm nests a version
 * that differs from the root's), and paths the code resolves from its own folder (DATA_DIR, the web build) hold.
 */
import { build, type Metafile, type Plugin } from 'esbuild';

/** Output (without .js) → source, for a build folder named `dir` ('dist'; tests use their own). */
export const entries = (dir: string): Record<string, string> => ({
  [`apps/server/${dir}/main`]: 'apps/server/src/main.ts',
  [`apps/media/${dir}/main`]: 'apps/media/src/main.ts',
  [`${dir}/start`]: 'scripts/start.ts',
});

/** Workspace packages that stay in node_modules: a native addon is loaded from beside its loader. */
const WORKSPACE_EXTERNAL = new Set(['@mintcast/srtp-native']);

/** Bundle our own code; leave third-party packages to node_modules. */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (WORKSPACE_EXTERNAL.has(args.path)) return { path: args.path, external: true };
      if (args.path.startsWith('@mintcast/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Build every entry into its `dir` folder; returns esbuild's metafile (inputs and imports). */
export const bundle = async (repoRoot: string, dir = 'dist'): Promise<Metafile> => {
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.entries(entries(dir)).map(([out, input]) => ({ out, in: input })),
    outdir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [thirdPartyExternal],
    // Packages that still use require() inside an ES module bundle need one.
    banner: {
      js: "import { createRequire as __mcRequire } from 'node:module'; const require = __mcRequire(import.meta.url);",
    },
  });
  return result.metafile;
};

/** Third-party packages the bundles import (what must be a production dependency). */
export const externalPackages = (meta: Metafile): string[] => {
  const names = new Set<string>();
  for (const out of Object.values(meta.outputs))
    for (const imp of out.imports)
      if (imp.external && !imp.path.startsWith('node:') && !imp.path.startsWith('.')) {
        const parts = imp.path.split('/');
        names.add(imp.path.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? imp.path));
      }
  return [...names].sort();
};
