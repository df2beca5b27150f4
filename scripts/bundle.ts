/**
 * The server, the media server and the `npm start` launcher as plain JavaScript (esbuild, decision 010).
 * Our workspace packages (`@mintcast/*`, TypeScript sources) are bundled in; every other package stays an
 * import from node_modules, so `npm ci --omit=dev` provides exactly what runs.
 * dist/ mirrors each entry's depth below the repository (dist/apps/server/main.js for apps/server/src/main.ts),
 * so paths the code resolves from its own folder (DATA_DIR, the web build) hold in both forms.
 */
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

export const ENTRIES = {
  'apps/server/main': 'apps/server/src/main.ts',
  'apps/media/main': 'apps/media/src/main.ts',
  start: 'scripts/start.ts',
} as const;

/** Bundle our own code; leave third-party packages to node_modules. */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mintcast/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Build every entry into `outdir` (default `dist`); returns esbuild's metafile (inputs and imports). */
export const bundle = async (repoRoot: string, outdir = path.join(repoRoot, 'dist')): Promise<Metafile> => {
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.entries(ENTRIES).map(([out, input]) => ({ out, in: input })),
    outdir,
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
