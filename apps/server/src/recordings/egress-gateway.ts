import {
  EgressClient,
  type EgressInfo,
  EncodedFileOutput,
  EncodedFileType,
  SegmentedFileOutput,
} from 'livekit-server-sdk';
import type { LivekitConfig } from '../env.ts';
import type { S3Store } from '../storage/s3-store.ts';

/** Twirp speaks HTTP on the same host as the signal WebSocket. */
const httpUrl = (wsUrl: string): string => wsUrl.replace(/^ws(s?):\/\//i, 'http$1://');

/** What the API learns of a finished recording from `egress_ended`. */
export interface EgressResult {
  egressId: string;
  filename: string;
  durationMs: number;
  sizeBytes: number;
  endedAt: Date | null;
  /** When the file's first frame was taken (its time zero). */
  startedAt: Date | null;
}

/** The file result of an EgressInfo (LiveKit's times are in nanoseconds). */
export const egressResult = (info: EgressInfo): EgressResult | undefined => {
  const file = info.fileResults[0];
  if (!file?.filename) return undefined;
  return {
    egressId: info.egressId,
    filename: file.filename,
    durationMs: Number(file.duration / 1_000_000n),
    sizeBytes: Number(file.size),
    endedAt: file.endedAt > 0n ? new Date(Number(file.endedAt / 1_000_000n)) : null,
    startedAt: file.startedAt > 0n ? new Date(Number(file.startedAt / 1_000_000n)) : null,
  };
};

/**
 * LiveKit's Egress API through livekit-server-sdk, as the embedded media server serves it: a participant
 * egress (the host's camera and microphone) to a file in the recordings folder the media server shares with us.
 * With an external LiveKit and `store`, the same requests carry an `S3Upload` output: LiveKit's Egress service
 * uploads the file (MP4) and the HLS segments into the S3-compatible store under the same keys (decision 035).
 */
export const createEgressGateway = (config: LivekitConfig, store?: S3Store) => {
  const client = new EgressClient(httpUrl(config.apiUrl ?? config.url), config.apiKey, config.apiSecret);
  return {
    async startParticipant(room: string, identity: string, filepath: string): Promise<string> {
      const info = await client.startParticipantEgress(room, identity, {
        file: store
          ? new EncodedFileOutput({
              filepath,
              fileType: EncodedFileType.MP4,
              output: { case: 's3', value: store.upload() },
            })
          : new EncodedFileOutput({ filepath }),
      });
      return info.egressId;
    },
    /**
     * The same egress with a segments output: the media server's ffmpeg writes HLS (playlist + segments whose
     * names start with `prefix`'s last part) into `hls/<folder>/` of the recordings folder (decision 026).
     */
    async startSegments(room: string, identity: string, prefix: string, playlist: string): Promise<string> {
      const info = await client.startParticipantEgress(room, identity, {
        segments: new SegmentedFileOutput({
          filenamePrefix: prefix,
          playlistName: playlist,
          segmentDuration: store ? 2 : 1,
          ...(store ? { output: { case: 's3' as const, value: store.upload() } } : {}),
        }),
      });
      return info.egressId;
    },
    async stop(egressId: string): Promise<void> {
      await client.stopEgress(egressId);
    },
  };
};

export type EgressGateway = ReturnType<typeof createEgressGateway>;
