import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * Reading and patching the WebM files the recorder writes (werift's layout: an unknown-size Segment holding
 * SeekHead, Info with a Duration, Tracks, then unknown-size Clusters of SimpleBlocks, then Cues). A recording
 * is appended cluster by cluster, so a process killed mid-write leaves a file whose only faults are a cut last
 * block and a Duration that was never set: `repairWebm` cuts the file back to its last whole block and writes
 * the real duration, and the file plays up to there.
 */

const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  Info: 0x1549a966,
  Duration: 0x4489,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Cues: 0x1c53bb6b,
  SeekHead: 0x114d9b74,
  Tracks: 0x1654ae6b,
  Void: 0xec,
} as const;

/**
 * Bytes kept free at the head of the Segment (a Void element where werift writes an empty SeekHead) for the
 * SeekHead written at the end: it points players at the Cues, so a seek in a long replay is one range request
 * rather than a read of everything before it.
 */
export const SEEKHEAD_RESERVE = 100;

/** What the scan of a file found. */
export interface WebmScan {
  /** Bytes up to the end of the last whole element (cluster content, cues). */
  validEnd: number;
  /** The latest block's time (ms), i.e. how long the recording plays. */
  durationMs: number;
  /** Position and size of the Info's Duration float. */
  duration?: { offset: number; size: number };
  segmentDataStart: number;
  blocks: number;
  /** Clusters (offset, time) whose first block is a keyframe of track 1: where a seek may land. */
  keyClusters: { offset: number; timeMs: number }[];
  /** Where the Cues begin (the end of the media), when the writer got that far. */
  cuesOffset?: number;
  infoOffset?: number;
  tracksOffset?: number;
  /** The Void the recorder reserved for the SeekHead. */
  reserve?: { offset: number; length: number };
}

class Reader {
  readonly size: number;
  private readonly buf = Buffer.alloc(16);
  constructor(private readonly fd: number) {
    this.size = fstatSync(fd).size;
  }
  /** Up to 16 bytes at `pos` (fewer at the end of the file). */
  bytes(pos: number, n: number): Buffer {
    const got = readSync(this.fd, this.buf, 0, Math.min(n, 16), pos);
    return this.buf.subarray(0, got);
  }
  /** An EBML element header at `pos`: its id, its data size (undefined when unknown) and where the data starts. */
  header(pos: number): { id: number; size: number | undefined; dataStart: number } | undefined {
    const b = this.bytes(pos, 12);
    const id = vint(b, 0, true);
    if (!id) return undefined;
    const size = vint(b, id.length, false);
    if (!size) return undefined;
    return {
      id: id.value,
      size: size.unknown ? undefined : size.value,
      dataStart: pos + id.length + size.length,
    };
  }
}

/** An EBML variable-length integer; ids keep their length marker. */
function vint(
  b: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | undefined {
  const first = b[at];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > b.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b[at + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** Walks the file's elements without reading it whole (recordings run to gigabytes). */
export function scanWebm(path: string): WebmScan | undefined {
  const fd = openSync(path, 'r');
  try {
    return scan(new Reader(fd));
  } finally {
    closeSync(fd);
  }
}

function scan(r: Reader): WebmScan | undefined {
  const ebml = r.header(0);
  if (!ebml || ebml.id !== ID.EBML || ebml.size === undefined) return undefined;
  const segPos = ebml.dataStart + ebml.size;
  const seg = r.header(segPos);
  if (!seg || seg.id !== ID.Segment) return undefined;
  const result: WebmScan = {
    validEnd: seg.dataStart,
    durationMs: 0,
    segmentDataStart: seg.dataStart,
    blocks: 0,
    keyClusters: [],
  };
  let pos = seg.dataStart;
  let clusterTime = 0;
  let inCluster = false;
  let cluster: { offset: number; firstBlockSeen: boolean } | undefined;
  while (pos < r.size) {
    const h = r.header(pos);
    if (!h) break;
    if (h.id === ID.Cluster) {
      inCluster = true;
      clusterTime = 0;
      cluster = { offset: pos, firstBlockSeen: false };
      result.validEnd = h.dataStart;
      // Its children are read in this same loop (a sized cluster from another writer as well).
      pos = h.dataStart;
      continue;
    }
    if (h.size === undefined) break; // only Segment and Cluster may be of unknown size
    const end = h.dataStart + h.size;
    if (end > r.size) break; // the element the writer was cut in
    if (h.id === ID.Info) {
      result.infoOffset = pos;
      result.duration = findDuration(r, h.dataStart, end);
    } else if (h.id === ID.Tracks) result.tracksOffset = pos;
    else if (h.id === ID.Void && !inCluster && h.dataStart + h.size - pos === SEEKHEAD_RESERVE)
      result.reserve = { offset: pos, length: SEEKHEAD_RESERVE };
    else if (inCluster && h.id === ID.Timecode) clusterTime = uint(r.bytes(h.dataStart, h.size));
    else if (inCluster && (h.id === ID.SimpleBlock || h.id === ID.BlockGroup)) {
      const at = h.id === ID.SimpleBlock ? h.dataStart : blockInGroup(r, h.dataStart, end);
      const time = at === undefined ? undefined : blockTime(r, at);
      if (time !== undefined) result.durationMs = Math.max(result.durationMs, clusterTime + time);
      if (cluster && !cluster.firstBlockSeen && h.id === ID.SimpleBlock) {
        cluster.firstBlockSeen = true;
        if (isTrackOneKeyframe(r, h.dataStart))
          result.keyClusters.push({ offset: cluster.offset, timeMs: clusterTime });
      }
      result.blocks++;
    } else if (h.id === ID.Cues) {
      inCluster = false;
      result.cuesOffset ??= pos;
    }
    result.validEnd = end;
    pos = end;
  }
  return result;
}

function findDuration(r: Reader, start: number, end: number): { offset: number; size: number } | undefined {
  for (let pos = start; pos < end; ) {
    const h = r.header(pos);
    if (!h || h.size === undefined) return undefined;
    if (h.id === ID.Duration) return { offset: h.dataStart, size: h.size };
    pos = h.dataStart + h.size;
  }
  return undefined;
}

function blockInGroup(r: Reader, start: number, end: number): number | undefined {
  for (let pos = start; pos < end; ) {
    const h = r.header(pos);
    if (!h || h.size === undefined) return undefined;
    if (h.id === 0xa1) return h.dataStart; // Block
    pos = h.dataStart + h.size;
  }
  return undefined;
}

/** A block's time relative to its cluster: a signed 16-bit number after the track number. */
function blockTime(r: Reader, at: number): number | undefined {
  const b = r.bytes(at, 11);
  const track = vint(b, 0, false);
  if (!track || b.length < track.length + 2) return undefined;
  return b.readInt16BE(track.length);
}

/** A SimpleBlock of track 1 (the video, when there is one) with its keyframe flag set. */
function isTrackOneKeyframe(r: Reader, at: number): boolean {
  const b = r.bytes(at, 4);
  const track = vint(b, 0, false);
  return track?.value === 1 && ((b[track.length + 2] ?? 0) & 0x80) !== 0;
}

function uint(b: Buffer): number {
  let v = 0;
  for (const byte of b) v = v * 256 + byte;
  return v;
}

/** An EBML element: id bytes, a size field of the shortest length that fits, the data. */
function element(id: number, data: Buffer): Buffer {
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );
  let length = 1;
  while (length < 8 && data.length >= 2 ** (7 * length) - 1) length++;
  const size = Buffer.alloc(length);
  let v = data.length;
  for (let i = length - 1; i >= 0; i--) {
    size[i] = v % 256;
    v = Math.floor(v / 256);
  }
  size[0] = (size[0] as number) | (0x80 >> (length - 1));
  return Buffer.concat([idBytes, size, data]);
}

function uintBytes(v: number): Buffer {
  const out: number[] = [];
  do {
    out.unshift(v % 256);
    v = Math.floor(v / 256);
  } while (v > 0);
  return Buffer.from(out);
}

/** Cues: one CuePoint per keyframe cluster, positions relative to the Segment's data. */
function cues(scan: WebmScan): Buffer {
  const points = scan.keyClusters.map((c) =>
    element(
      0xbb,
      Buffer.concat([
        element(0xb3, uintBytes(c.timeMs)),
        element(
          0xb7,
          Buffer.concat([
            element(0xf7, uintBytes(1)),
            element(0xf1, uintBytes(c.offset - scan.segmentDataStart)),
          ]),
        ),
      ]),
    ),
  );
  return element(ID.Cues, Buffer.concat(points));
}

/** A SeekHead naming Info, Tracks and Cues, padded with a Void to exactly the reserved length. */
function seekHead(scan: WebmScan, cuesOffset: number, length: number): Buffer | undefined {
  const seek = (id: number, offset: number | undefined) =>
    offset === undefined
      ? Buffer.alloc(0)
      : element(
          0x4dbb,
          Buffer.concat([
            element(0x53ab, uintBytes(id)),
            element(0x53ac, uintBytes(offset - scan.segmentDataStart)),
          ]),
        );
  const head = element(
    ID.SeekHead,
    Buffer.concat([
      seek(ID.Info, scan.infoOffset),
      seek(ID.Tracks, scan.tracksOffset),
      seek(ID.Cues, cuesOffset),
    ]),
  );
  const rest = length - head.length;
  if (rest < 2) return undefined;
  return Buffer.concat([head, element(ID.Void, Buffer.alloc(rest - 2))]);
}

/**
 * Finishes a file the recorder stopped or that was cut: cut back to its last whole element, Cues of its
 * keyframe clusters at the end (the writer's own are replaced), a SeekHead that points at them in the space
 * the recorder reserved, and the real Duration (ms). Returns what it found, or undefined for a file with no
 * usable header (nothing was recorded).
 */
export function finishWebm(path: string): WebmScan | undefined {
  const found = scanWebm(path);
  if (!found) return undefined;
  const fd = openSync(path, 'r+');
  try {
    const mediaEnd = found.cuesOffset ?? found.validEnd;
    ftruncateSync(fd, mediaEnd);
    if (found.keyClusters.length > 0) {
      const index = cues(found);
      writeSync(fd, index, 0, index.length, mediaEnd);
      const head = found.reserve && seekHead(found, mediaEnd, found.reserve.length);
      if (head && found.reserve) writeSync(fd, head, 0, head.length, found.reserve.offset);
    }
    if (found.duration) {
      const { offset, size } = found.duration;
      const value = Buffer.alloc(size);
      if (size === 4) value.writeFloatBE(found.durationMs);
      else if (size === 8) value.writeDoubleBE(found.durationMs);
      if (size === 4 || size === 8) writeSync(fd, value, 0, size, offset);
    }
    // The Segment and its Clusters stay of unknown size, as a live WebM is (MediaRecorder's output too): a
    // known Segment size around unknown-size Clusters is what readers complain about.
  } finally {
    closeSync(fd);
  }
  return found;
}

/**
 * The recorder's first bytes with werift's empty SeekHead swapped for a Void of `SEEKHEAD_RESERVE` bytes, which
 * `finishWebm` fills in. Anything unexpected is returned unchanged (the file then just has no SeekHead).
 */
export function reserveSeekHead(initial: Buffer): Buffer {
  const b = initial;
  const ebml = vint(b, 0, true);
  const ebmlSize = ebml && vint(b, ebml.length, false);
  if (!ebml || !ebmlSize || ebml.value !== ID.EBML) return initial;
  const segPos = ebml.length + ebmlSize.length + ebmlSize.value;
  const segId = vint(b, segPos, true);
  const segSize = segId && vint(b, segPos + segId.length, false);
  if (!segId || !segSize || segId.value !== ID.Segment) return initial;
  const headPos = segPos + segId.length + segSize.length;
  const headId = vint(b, headPos, true);
  const headSize = headId && vint(b, headPos + headId.length, false);
  if (!headId || !headSize || headId.value !== ID.SeekHead) return initial;
  const headEnd = headPos + headId.length + headSize.length + headSize.value;
  const reserve = element(ID.Void, Buffer.alloc(SEEKHEAD_RESERVE - 2));
  return Buffer.concat([b.subarray(0, headPos), reserve, b.subarray(headEnd)]);
}
