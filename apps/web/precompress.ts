import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/**
 * Writes `file.br` and `file.gz` beside every text build file over 1 KiB; the server sends them to
 * browsers that accept them (@fastify/static `preCompressed`). Lighthouse's mobile profile (slow 4G) spent
 * seconds of first paint downloading the uncompressed entry chunks (issue 17).
 */
export const precompress = (): Plugin => ({
  name: 'mintcast-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    for (const [fileName, chunk] of Object.entries(bundle)) {
      if (!COMPRESSIBLE.test(fileName)) continue;
      const source = chunk.type === 'chunk' ? chunk.code : chunk.source;
      const data = Buffer.from(source);
      if (data.length < 1024) continue;
      const file = path.join(outDir, fileName);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  },
});
