import { describe, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { keepEarlyDtls } from './early-dtls.ts';
import { dtlsServerAnswer } from './publisher-transport.ts';

/** A signal with werift's Event shape (subscribe, execute). */
const signal = <T>() => {
  const fns: ((v: T) => void)[] = [];
  return {
    subscribe: (fn: (v: T) => void) => fns.push(fn),
    execute: (v: T) => {
      for (const fn of fns) fn(v);
    },
  };
};

/** A DTLS transport as werift 0.25.2 has it: ICE delivers datagrams; `dtls` exists once it starts. */
const fakeTransport = () => {
  const onData = signal<Buffer>();
  const onStateChange = signal<string>();
  const handled: Buffer[] = [];
  const t = {
    state: 'new',
    dtls: undefined as { udpOnMessage(data: Buffer): void } | undefined,
    iceTransport: { connection: { onData } },
    onStateChange,
    /** What werift's RTCDtlsTransport.start does: 'connecting', then its DTLS socket, in one task. */
    start() {
      t.state = 'connecting';
      onStateChange.execute('connecting');
      t.dtls = { udpOnMessage: (d) => handled.push(d) };
    },
    /** A datagram from the network: werift's socket sees it only once it exists. */
    receive(d: Buffer) {
      onData.execute(d);
      t.dtls?.udpOnMessage(d);
    },
  };
  return { t, handled };
};

const clientHello = Buffer.from([22, 0xfe, 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x20, 1]);
const stun = Buffer.from([0, 1, 0, 0]);
const pcWith = (t: object) => ({ dtlsTransports: [t] }) as unknown as RTCPeerConnection;

describe('keepEarlyDtls', () => {
  it('hands a ClientHello that came before DTLS started to the DTLS socket, once, when it starts', async () => {
    const { t, handled } = fakeTransport();
    let replayed = 0;
    keepEarlyDtls(pcWith(t), (n) => {
      replayed += n;
    });
    t.receive(clientHello);
    t.receive(stun); // not DTLS: ICE keeps it
    expect(handled).toEqual([]);
    t.start();
    await Promise.resolve();
    expect(handled).toEqual([clientHello]);
    expect(replayed).toBe(1);
    // Later datagrams go straight to the socket, not through the hold.
    t.receive(clientHello);
    await Promise.resolve();
    expect(handled).toHaveLength(2);
    expect(replayed).toBe(1);
  });

  it('keeps only the newest ClientHello of a client that retransmitted it while DTLS had not started', async () => {
    const { t, handled } = fakeTransport();
    keepEarlyDtls(pcWith(t));
    const retransmitted = Buffer.from(clientHello);
    retransmitted[10] = 1; // the record's sequence number differs, the handshake message does not
    t.receive(clientHello);
    t.receive(retransmitted);
    t.start();
    await Promise.resolve();
    // One HelloVerifyRequest from werift, not two (a second one makes werift's own client fail its handshake).
    expect(handled).toEqual([retransmitted]);
  });

  it('holds at most 8 datagrams, watches a transport once, and forgets what it held when DTLS does not start', async () => {
    const { t, handled } = fakeTransport();
    keepEarlyDtls(pcWith(t));
    keepEarlyDtls(pcWith(t)); // called again after a renegotiation
    // Other DTLS records (not ClientHellos, which replace each other): a handshake record of another type.
    const keyExchange = Buffer.from(clientHello);
    keyExchange[13] = 16;
    for (let i = 0; i < 12; i++) t.receive(keyExchange);
    t.start();
    await Promise.resolve();
    expect(handled).toHaveLength(8);

    const other = fakeTransport();
    keepEarlyDtls(pcWith(other.t));
    other.t.receive(clientHello);
    other.t.onStateChange.execute('closed');
    other.t.start();
    await Promise.resolve();
    expect(other.handled).toEqual([]);
  });
});

describe('dtlsServerAnswer', () => {
  it('answers an actpass offer as the DTLS server, and leaves other offers alone', () => {
    const answer = 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=setup:active\r\na=mid:0\r\n';
    expect(dtlsServerAnswer('v=0\r\na=setup:actpass\r\n', answer)).toBe(answer.replace('active', 'passive'));
    expect(dtlsServerAnswer('v=0\r\na=setup:passive\r\n', answer)).toBe(answer);
  });
});
