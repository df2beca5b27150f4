/** Words per packet in a batch: slot, seq | marker << 16, timestamp, rollover counter, payload index, abs-send-time. */
export const WORDS = 6;

/**
 * Packet records collected over one turn of the event loop and handed over at its end in one call (after
 * every datagram read in that turn was forwarded): every viewer of those packets, in every room, shares one
 * hand-over, and each payload is referenced once.
 */
export class SendBatch {
  private recs = new Uint32Array(WORDS * 64);
  private count = 0;
  private payloads: Buffer[] = [];
  private scheduled = false;

  constructor(private readonly deliver: (recs: Uint32Array, payloads: Buffer[]) => void) {}

  push(slot: number, marker: boolean, seq: number, ts: number, roc: number, abs: number, payload: Buffer) {
    let p = this.payloads.length - 1;
    if (this.payloads[p] !== payload) {
      this.payloads.push(payload);
      p++;
    }
    if ((this.count + 1) * WORDS > this.recs.length) {
      const bigger = new Uint32Array(this.recs.length * 2);
      bigger.set(this.recs);
      this.recs = bigger;
    }
    const o = this.count * WORDS;
    const r = this.recs;
    r[o] = slot;
    r[o + 1] = seq | (marker ? 0x10000 : 0);
    r[o + 2] = ts;
    r[o + 3] = roc;
    r[o + 4] = p;
    r[o + 5] = abs;
    this.count++;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  private readonly flush = () => {
    this.scheduled = false;
    if (this.count === 0) return;
    const recs = this.recs.slice(0, this.count * WORDS);
    const payloads = this.payloads;
    this.count = 0;
    this.payloads = [];
    this.deliver(recs, payloads);
  };
}
