import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HLS_SEGMENT_NAME } from '@mintcast/contracts';

/** The live playlist's name, in every stream's folder. */
export const PLAYLIST = 'index.m3u8';

/** What a file of the HTTP tier is served as. */
export const CONTENT_TYPE = {
  playlist: 'application/vnd.apple.mpegurl',
  segment: 'video/mp2t',
} as const;

/**
 * The HTTP tier's files: `<recordings>/hls/<mint>/` holds one live stream's playlist and segments while its
 * packager runs (the media server empties the folder at start and at the end). Only names the packager writes
 * are read, and the resolved path is checked to be inside the stream's folder.
 */
export const createHlsFiles = (recordingsDir: string) => {
  const root = path.resolve(recordingsDir, 'hls');
  const folderOf = (mint: string): string => path.join(root, mint);

  /** A file of the stream's folder, or null when the name is not one the packager writes or it is absent. */
  const read = async (mint: string, name: string): Promise<Buffer | null> => {
    if (name !== PLAYLIST && !HLS_SEGMENT_NAME.test(name)) return null;
    const folder = folderOf(mint);
    const file = path.resolve(folder, name);
    if (path.dirname(file) !== folder || !folder.startsWith(root + path.sep)) return null;
    try {
      return await readFile(file);
    } catch {
      return null;
    }
  };

  return {
    folderOf,
    read,
    /** When the stream's playlist was last written (ms), or null when there is none. */
    async playlistWrittenAt(mint: string): Promise<number | null> {
      try {
        return (await stat(path.join(folderOf(mint), PLAYLIST))).mtimeMs;
      } catch {
        return null;
      }
    },
  };
};

export type HlsFiles = ReturnType<typeof createHlsFiles>;
