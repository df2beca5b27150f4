import { rm } from 'node:fs/promises';
import path from 'node:path';

/** The recordings folder the media server writes into and this server reads from. */
export interface RecordingFiles {
  dir: string;
  /** The file of a recording; throws for a path that would leave the folder (never expected from our rows). */
  resolve(filePath: string): string;
  remove(filePath: string): Promise<void>;
}

export const createRecordingFiles = (dir: string): RecordingFiles => {
  const root = path.resolve(dir);
  const resolve = (filePath: string) => {
    const full = path.resolve(root, filePath);
    if (!full.startsWith(root + path.sep)) throw new Error(`recording path outside the folder: ${filePath}`);
    return full;
  };
  return {
    dir: root,
    resolve,
    async remove(filePath) {
      await rm(resolve(filePath), { force: true });
    },
  };
};

/**
 * Where a new recording of a stream goes: its own folder, named by the recording's id. The embedded media server
 * writes WebM (decision 022); LiveKit's Egress writes MP4 into the S3 store, under `recordings/` (decision 035).
 */
export const recordingFilePath = (mint: string, id: string): string => `${mint}/${id}.webm`;
export const recordingObjectKey = (mint: string, id: string): string => `recordings/${mint}/${id}.mp4`;
