/**
 * The native SRTP sender (decision 019) against the JavaScript one it replaces: the same records give the same
 * datagrams byte for byte (createCipheriv's AES-128-GCM), across rollover-counter changes, marker bits and
 * abs-send-time patches, on IPv4 and IPv6 sockets, on the calling thread and on send threads (decision 018);
 * werift decrypts them; and the fallback when it cannot load.
 */
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket, type SocketType } from 'node:dgram';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSrtpNative } from '@mintcast/srtp-native';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RtpPacket } from 'werift';
import { srtpPair } from '../../test/helpers/srtp-pair.ts';
import { JsSrtpSender } from './js-srtp-sender.mjs';
import { NativeSrtpSender, openNativeSrtpSender } from './native-srtp-sender.mjs';
import { WORDS } from './send-batch.ts';
import type { SrtpSender, SrtpSlot } from './srtp-sender.d.mts';

const loaded = loadSrtpNative();
const nativeSender = (): NativeSrtpSender => {
  if (!loaded.addon)
    throw new Error(
      `${loaded.reason}: npm ci builds it (packages/srtp-native; build-error.log tells why not)`,
    );
  return new NativeSrtpSender(new loaded.addon.Sender());
};
/** The addon's sender on `threads` send threads of this process. */
const threadedSender = (threads: number): NativeSrtpSender => {
  const sender = openNativeSrtpSender({ threads }).sender;
  if (!sender) throw new Error('the addon is not built: npm ci builds it (packages/srtp-native)');
  return sender;
};

const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) {
    try {
      o.close();
    } catch {
      // closed already (a JavaScript sender closes the sockets it was given)
    }
  }
});

const bind = async (type: SocketType = 'udp4', host = '127.0.0.1'): Promise<Socket> => {
  const s = createSocket(type);
  await new Promise<void>((r) => s.bind(0, host, () => r()));
  open.push(s);
  return s;
};

/** A socket that keeps what arrives, and the port each datagram came from. */
const receiver = async (type: SocketType = 'udp4', host = '127.0.0.1') => {
  const socket = await bind(type, host);
  const got: Buffer[] = [];
  const from: number[] = [];
  socket.on('message', (m, rinfo) => {
    got.push(m);
    from.push(rinfo.port);
  });
  return { port: socket.address().port, got, from };
};

/** werift's SRTP association, as the SFU has it after DTLS: the slot gets its session key and (14-byte) salt. */
const association = () => {
  const { sender, receiver } = srtpPair();
  const { cipher } = (
    sender as unknown as { localContext: { cipher: { srtpSessionKey: Buffer; srtpSessionSalt: Buffer } } }
  ).localContext;
  return { cipher, receiver };
};

/** A header template as RtpWriter builds it: mid (id 1) and abs-send-time (id 3) one-byte extensions. */
const headerWithExtensions = (ssrc: number) => {
  const h = Buffer.alloc(24);
  h[0] = 0x90;
  h[1] = 96;
  h.writeUInt32BE(ssrc, 8);
  h.writeUInt16BE(0xbede, 12);
  h.writeUInt16BE(2, 14);
  h[16] = 0x10; // id 1, one byte
  h[17] = 0x30; // mid "0"
  h[18] = 0x32; // id 3, three bytes: abs-send-time at offset 19
  return { header: h, absOffset: 19 };
};
const plainHeader = (ssrc: number) => {
  const h = Buffer.alloc(12);
  h[0] = 0x80;
  h[1] = 111;
  h.writeUInt32BE(ssrc, 8);
  return { header: h, absOffset: -1 };
};

const SIZES = [0, 1, 15, 16, 17, 200, 1_100, 1_400];

/**
 * Per slot, packets numbered from `firstSeq` upwards (a gap now and then) with the rollover counter going up at
 * each wrap, random markers, timestamps (all 32 bits), abs-send-times and payload sizes: 6 words each.
 */
const stream = (slot: number, count: number, firstSeq: number, firstRoc: number) => {
  const recs: number[][] = [];
  let seq = firstSeq;
  let roc = firstRoc;
  for (let i = 0; i < count; i++) {
    const r = randomBytes(8);
    recs.push([
      slot,
      seq | ((r[0] as number) & 1 ? 0x10000 : 0),
      r.readUInt32BE(1),
      roc,
      0,
      r.readUIntBE(5, 3),
    ]);
    seq += (r[4] as number) % 8 === 0 ? 2 : 1;
    if (seq > 0xffff) {
      seq -= 0x10000;
      roc = (roc + 1) >>> 0;
    }
  }
  return recs;
};

/** Sends `records` through `sender` in batches of `per`, waiting for every datagram of a batch to arrive. */
const sendAll = async (
  sender: SrtpSender,
  records: number[][],
  payloadOf: (i: number) => Buffer,
  arrived: () => number,
  per = 40,
) => {
  for (let i = 0; i < records.length; i += per) {
    const chunk = records.slice(i, i + per);
    const recs = new Uint32Array(chunk.length * WORDS);
    const payloads: Buffer[] = [];
    chunk.forEach((r, k) => {
      recs.set([...r.slice(0, 4), payloads.length, r[5] as number], k * WORDS);
      payloads.push(payloadOf(i + k));
    });
    expect(sender.send(recs, payloads)).toBe(chunk.length);
    await expect.poll(arrived, { timeout: 10_000, interval: 5 }).toBe(Math.min(i + per, records.length));
  }
};

it('the addon is built and runs on the OpenSSL inside this Node', () => {
  expect(loaded.reason).toBeUndefined();
  expect(loaded.addon?.openssl).toContain(process.versions.openssl);
});

describe('native and JavaScript senders, the same records', () => {
  it('give byte-identical datagrams across rollover changes, markers and abs-send-time, and werift decrypts them', async () => {
    const slots = [
      {
        ...association(),
        ssrc: 0x11223344,
        firstSeq: 65_300,
        firstRoc: 0,
        ...headerWithExtensions(0x11223344),
      },
      {
        ...association(),
        ssrc: 0xfedcba98,
        firstSeq: 65_530,
        firstRoc: 0xfffffffe,
        ...plainHeader(0xfedcba98),
      },
      { ...association(), ssrc: 0x00000001, firstSeq: 0, firstRoc: 3, ...headerWithExtensions(1) },
    ];
    // Interleaved as a worker's batches are: one packet per slot in turn.
    const perSlot = slots.map((s, i) => stream(i + 1, 400, s.firstSeq, s.firstRoc));
    const records = perSlot[0]?.flatMap((_, k) => perSlot.map((p) => p[k] as number[])) ?? [];
    const payloads = records.map((_, i) => randomBytes(SIZES[i % SIZES.length] as number));

    const run = async (sender: SrtpSender) => {
      const socket = await bind();
      expect(sender.addSocket(1, socket)).toBe(true);
      const rx = await Promise.all(slots.map(() => receiver()));
      slots.forEach((s, i) => {
        const slot: SrtpSlot = {
          slot: i + 1,
          socket: 1,
          host: '127.0.0.1',
          port: (rx[i] as { port: number }).port,
          key: s.cipher.srtpSessionKey,
          salt: s.cipher.srtpSessionSalt,
          ssrc: s.ssrc,
          header: s.header,
          absOffset: s.absOffset,
        };
        expect(sender.setSlot(slot)).toBeUndefined();
      });
      await sendAll(
        sender,
        records,
        (i) => payloads[i] as Buffer,
        () => rx.reduce((n, r) => n + r.got.length, 0),
      );
      sender.close();
      return rx.map((r) => r.got);
    };
    const js = await run(new JsSrtpSender());
    const native = await run(nativeSender());
    const threaded = await run(threadedSender(2));

    slots.forEach((_, i) => {
      const a = (js[i] as Buffer[]).map((d) => d.toString('hex'));
      expect(native[i]).toHaveLength(400);
      expect((native[i] as Buffer[]).map((d) => d.toString('hex'))).toEqual(a);
      expect((threaded[i] as Buffer[]).map((d) => d.toString('hex'))).toEqual(a);
    });
    // werift, with the other end's keys, decrypts the first slot's stream (it crosses a sequence wrap) and
    // reads back every field the sender patched.
    const first = slots[0] as (typeof slots)[number];
    (native[0] as Buffer[]).forEach((datagram, k) => {
      const rec = perSlot[0]?.[k] as number[];
      const rtp = RtpPacket.deSerialize(first.receiver.decrypt(datagram));
      expect(rtp.header.ssrc).toBe(first.ssrc);
      expect(rtp.header.sequenceNumber).toBe((rec[1] as number) & 0xffff);
      expect(rtp.header.marker).toBe(((rec[1] as number) & 0x10000) !== 0);
      expect(rtp.header.timestamp).toBe(rec[2]);
      expect(rtp.header.extensions.find((e) => e.id === 3)?.payload.readUIntBE(0, 3)).toBe(rec[5]);
      expect(rtp.payload.equals(payloads[k * slots.length] as Buffer)).toBe(true);
    });
  });

  it('send from IPv6 sockets too: to an IPv6 peer, and (native) to an IPv4 peer of a dual-stack socket', async () => {
    const { cipher } = association();
    const { header, absOffset } = headerWithExtensions(42);
    const records = stream(1, 20, 100, 0);
    const payloads = records.map(() => randomBytes(300));
    const run = async (sender: SrtpSender, from: [SocketType, string], to: [SocketType, string]) => {
      const rx = await receiver(...to);
      expect(sender.addSocket(1, await bind(...from))).toBe(true);
      const slot = { slot: 1, socket: 1, host: to[1], port: rx.port, key: cipher.srtpSessionKey };
      expect(
        sender.setSlot({ ...slot, salt: cipher.srtpSessionSalt, ssrc: 42, header, absOffset }),
      ).toBeUndefined();
      await sendAll(
        sender,
        records,
        (i) => payloads[i] as Buffer,
        () => rx.got.length,
      );
      sender.close();
      return rx.got.map((d) => d.toString('hex'));
    };
    const v6: [SocketType, string] = ['udp6', '::1'];
    const v4: [SocketType, string] = ['udp4', '127.0.0.1'];
    expect(await run(nativeSender(), v6, v6)).toEqual(await run(new JsSrtpSender(), v6, v6));
    // Node's dgram cannot send from an IPv6 socket to an IPv4 address; the addon maps it (::ffff:127.0.0.1).
    expect(await run(nativeSender(), ['udp6', '::'], v4)).toEqual(await run(new JsSrtpSender(), v4, v4));
  });
});

describe('the native sender', () => {
  it('counts records it cannot send as errors, and refuses a slot whose host is not an address', async () => {
    const sender = nativeSender();
    const rx = await receiver();
    expect(sender.addSocket(1, await bind())).toBe(true);
    const { cipher } = association();
    const slot = {
      socket: 1,
      port: rx.port,
      key: cipher.srtpSessionKey,
      salt: cipher.srtpSessionSalt,
      ssrc: 7,
      ...plainHeader(7),
    };
    expect(sender.setSlot({ slot: 1, host: '127.0.0.1', ...slot })).toBeUndefined();
    expect(sender.setSlot({ slot: 2, host: 'localhost', ...slot })).toMatch(/not an IP address/);
    expect(sender.setSlot({ slot: 3, host: '127.0.0.1', ...slot, socket: 9 })).toBeUndefined();
    // Slot 1 sends; slot 2 was refused, slot 3's socket was never added, slot 4 does not exist, payload 5 neither.
    const recs = new Uint32Array([
      1, 1, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 4, 4, 0, 0, 0, 0, 1, 5, 0, 0, 5, 0,
    ]);
    expect(sender.send(recs, [randomBytes(10)])).toBe(1);
    expect(sender.stats()).toMatchObject({ sent: 1, bytes: 12 + 10 + 16, errors: 4, dropped: 0 });
    await expect.poll(() => rx.got.length).toBe(1);
    sender.close();
  });

  it('sends on its own duplicate of the socket, and lets the port go once dropped', async () => {
    const sender = nativeSender();
    const rx = await receiver();
    const socket = await bind();
    const port = socket.address().port;
    expect(sender.addSocket(1, socket)).toBe(true);
    const { cipher } = association();
    sender.setSlot({
      slot: 1,
      socket: 1,
      host: '127.0.0.1',
      port: rx.port,
      key: cipher.srtpSessionKey,
      salt: cipher.srtpSessionSalt,
      ssrc: 7,
      ...plainHeader(7),
    });
    // A worker closes its copy of a passed socket at once; the duplicate still sends from the same port.
    await new Promise<void>((r) => socket.close(() => r()));
    expect(sender.send(new Uint32Array([1, 1, 0, 0, 0, 0]), [randomBytes(10)])).toBe(1);
    await expect.poll(() => rx.got.length).toBe(1);
    // From the original port: what ICE nominated.
    expect(rx.from).toEqual([port]);
    // Bound by the duplicate until it is dropped: then the port is free again.
    const bindTo = () =>
      new Promise<boolean>((resolve) => {
        const s = createSocket('udp4');
        s.once('error', () => resolve(false));
        s.bind(port, '127.0.0.1', () => {
          s.close();
          resolve(true);
        });
      });
    expect(await bindTo()).toBe(false);
    sender.dropSocket(1);
    expect(await bindTo()).toBe(true);
    sender.close();
  });
});

describe('the send threads', () => {
  /** A slot for `socket` sending to `port` with a fresh association, and the receiver's keys. */
  const slotTo = (slot: number, socket: number, port: number) => {
    const { cipher, receiver } = association();
    const s: SrtpSlot = {
      slot,
      socket,
      host: '127.0.0.1',
      port,
      key: cipher.srtpSessionKey,
      salt: cipher.srtpSessionSalt,
      ssrc: slot,
      ...plainHeader(slot),
    };
    return { s, receiver };
  };

  it('put each socket on the thread with the fewest, and send every slot of it from there', async () => {
    const sender = threadedSender(2);
    open.push(sender);
    const rx = await Promise.all([receiver(), receiver(), receiver()]);
    // Sockets 1 and 2 go to threads 0 and 1; socket 1 has two slots, socket 2 one.
    expect(sender.addSocket(1, await bind())).toBe(true);
    expect(sender.addSocket(2, await bind())).toBe(true);
    const slots = [
      slotTo(1, 1, rx[0]?.port ?? 0),
      slotTo(2, 1, rx[1]?.port ?? 0),
      slotTo(3, 2, rx[2]?.port ?? 0),
    ];
    for (const { s } of slots) expect(sender.setSlot(s)).toBeUndefined();
    const perSlot = [1, 2, 3].map((slot) => stream(slot, 50, 10, 0));
    const records = perSlot.flat();
    const payloads = records.map(() => randomBytes(100));
    await sendAll(
      sender,
      records,
      (i) => payloads[i] as Buffer,
      () => rx.reduce((n, r) => n + r.got.length, 0),
      records.length,
    );
    const [t0, t1] = sender.threadStats();
    expect(t0).toMatchObject({ sent: 100, errors: 0, dropped: 0, batches: 1 });
    expect(t1).toMatchObject({ sent: 50, errors: 0, dropped: 0, batches: 1 });
    expect(sender.stats()).toMatchObject({ sent: 150, bytes: 150 * (12 + 100 + 16), errors: 0 });
    // Each receiver decrypts its own stream, in the order sent.
    slots.forEach(({ receiver: keys }, i) => {
      const seqs = (rx[i]?.got ?? []).map(
        (d) => RtpPacket.deSerialize(keys.decrypt(d)).header.sequenceNumber,
      );
      expect(seqs).toEqual(perSlot[i]?.map((r) => (r[1] as number) & 0xffff));
    });
  });

  it('send what the payloads held when handed over, though the caller reuses its buffers at once', async () => {
    const sender = threadedSender(2);
    open.push(sender);
    const rx = await receiver();
    expect(sender.addSocket(1, await bind())).toBe(true);
    const { s, receiver: keys } = slotTo(1, 1, rx.port);
    expect(sender.setSlot(s)).toBeUndefined();
    // One reused buffer, as a reader that recycles its receive buffer would hand over.
    const buffer = Buffer.alloc(1_000);
    const records = stream(1, 200, 0, 0);
    // In rounds of 20 datagrams (what the receiver's socket buffer holds while this test does not read it).
    for (const [k, r] of records.entries()) {
      buffer.fill(k & 0xff);
      sender.send(new Uint32Array([...r.slice(0, 4), 0, r[5] as number]), [buffer]);
      if (k % 20 < 19) continue;
      buffer.fill(0xee);
      await expect.poll(() => rx.got.length, { timeout: 10_000, interval: 5 }).toBe(k + 1);
    }
    rx.got.forEach((d, k) => {
      expect(RtpPacket.deSerialize(keys.decrypt(d)).payload.equals(Buffer.alloc(1_000, k & 0xff))).toBe(true);
    });
  });

  it('refuse a slot of a socket never added, count records of unknown slots as errors, and finish what was queued on close', async () => {
    const sender = threadedSender(3);
    const rx = await receiver();
    expect(sender.addSocket(1, await bind())).toBe(true);
    const { s } = slotTo(1, 1, rx.port);
    expect(sender.setSlot(s)).toBeUndefined();
    expect(sender.setSlot({ ...s, slot: 2, socket: 9 })).toBe('unknown socket');
    expect(sender.setSlot({ ...s, slot: 3, host: 'localhost' })).toMatch(/not an IP address/);
    const records = [...stream(1, 100, 0, 0), ...stream(2, 5, 0, 0), ...stream(3, 5, 0, 0)];
    const recs = new Uint32Array(records.flatMap((r) => [...r.slice(0, 4), 0, r[5] as number]));
    expect(sender.send(recs, [randomBytes(50)])).toBe(100);
    // Closed at once: the threads first send what they were given.
    sender.close();
    expect(sender.stats()).toMatchObject({ sent: 100, errors: 10, dropped: 0 });
    await expect.poll(() => rx.got.length, { timeout: 10_000, interval: 5 }).toBe(100);
    // Nothing more is taken once closed.
    expect(sender.send(recs, [randomBytes(50)])).toBe(0);
  });
});

describe('when the addon cannot be used', () => {
  it('the loader reports why instead of throwing (a file that is not an addon, or none)', () => {
    const file = path.join(tmpdir(), `not-an-addon-${process.pid}.node`);
    writeFileSync(file, 'not an ELF file');
    const result = loadSrtpNative(file);
    expect(result.addon).toBeUndefined();
    expect(result.reason).toMatch(/^addon not loaded: /);
    expect(loadSrtpNative('./build/Release/no-such-addon.node')).toMatchObject({
      addon: undefined,
      reason: expect.stringMatching(/^addon not built/),
    });
  });

  it("opening the native sender says why not instead (the server then runs Node's path)", () => {
    vi.stubEnv('MEDIA_NATIVE_SRTP', 'on'); // whatever the run was started with
    try {
      const load = () => ({ addon: undefined, reason: 'addon not loaded: test' }) as const;
      expect(openNativeSrtpSender({ load })).toEqual({ reason: 'addon not loaded: test' });
      expect(openNativeSrtpSender({ load, threads: 2 })).toEqual({ reason: 'addon not loaded: test' });
      expect(openNativeSrtpSender({ native: false })).toEqual({ reason: 'nativeSrtp: false' });
      expect(openNativeSrtpSender().sender?.path).toBe('native');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('MEDIA_NATIVE_SRTP=off keeps every sender on the JavaScript path', () => {
    vi.stubEnv('MEDIA_NATIVE_SRTP', 'off');
    try {
      expect(openNativeSrtpSender()).toEqual({ reason: 'MEDIA_NATIVE_SRTP=off' });
      expect(openNativeSrtpSender({ threads: 2 })).toEqual({ reason: 'MEDIA_NATIVE_SRTP=off' });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
