import type { RTCDtlsTransport, RTCPeerConnection } from 'werift';

/** At most this many datagrams are held per transport (a ClientHello flight is one or two). */
const MAX_EARLY_DATAGRAMS = 8;

/**
 * The parts of werift 0.25.2's RTCDtlsTransport this module reads (private in its typings; the version is
 * pinned in package.json, like the RTP writer's `SenderInternals`).
 */
interface DtlsTransportInternals {
  state: string;
  /** werift's DTLS socket, created when the transport starts, after ICE completed on our side. */
  dtls?: { udpOnMessage(data: Buffer): void };
  iceTransport: { connection: { onData: { subscribe(fn: (data: Buffer) => void): unknown } } };
  onStateChange: { subscribe(fn: (state: string) => void): unknown };
}

/** RFC 9443's demultiplexing rule: a first byte of 20–63 is DTLS. */
const isDtls = (data: Buffer) => data.length > 0 && data[0]! >= 20 && data[0]! <= 63;

/** A DTLS record of a handshake (content type 22) whose message is a ClientHello (type 1, after the 13-byte record header). */
const isClientHello = (data: Buffer) => data.length > 13 && data[0] === 22 && data[13] === 1;

const watched = new WeakSet<object>();

/**
 * Keeps the DTLS datagrams that reach a PC's ICE connection before werift has started DTLS on it, and hands
 * them to the DTLS socket as soon as it exists.
 *
 * werift starts DTLS only once its own ICE agent has completed, but the browser sends its ClientHello as soon
 * as it sees the nomination, which is usually earlier: werift dropped that datagram, and the handshake waited
 * for the browser's retransmission (60–200 ms on every join, measured with a trace of the first-frame bench).
 * Call after every local or remote description: transports made by a renegotiation are picked up then.
 */
export function keepEarlyDtls(pc: RTCPeerConnection, onReplayed?: (count: number) => void): void {
  for (const transport of pc.dtlsTransports as RTCDtlsTransport[]) {
    if (watched.has(transport)) continue;
    watched.add(transport);
    const t = transport as unknown as DtlsTransportInternals;
    let early: Buffer[] | undefined = [];
    t.iceTransport.connection.onData.subscribe((data) => {
      if (!early || t.dtls || !isDtls(data)) return;
      // A client retransmits its ClientHello while it waits (werift's after 1 s); handing werift both would
      // answer each with a HelloVerifyRequest, and a client that gets the second one after it moved on may
      // give up (werift's own client fails its handshake then). Only the newest is kept.
      if (isClientHello(data)) early = early.filter((held) => !isClientHello(held));
      if (early.length >= MAX_EARLY_DATAGRAMS) return;
      early.push(Buffer.from(data));
    });
    t.onStateChange.subscribe((state) => {
      if (!early) return;
      if (state !== 'connecting') {
        early = undefined;
        return;
      }
      // 'connecting' is set just before werift constructs its DTLS socket, in the same task: hand the held
      // datagrams over right after, before any later datagram can arrive.
      const held = early;
      early = undefined;
      queueMicrotask(() => {
        if (!t.dtls || held.length === 0) return;
        for (const data of held) t.dtls.udpOnMessage(data);
        onReplayed?.(held.length);
      });
    });
  }
}
