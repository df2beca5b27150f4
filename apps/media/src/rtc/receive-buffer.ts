import type { RTCPeerConnection } from 'werift';

/**
 * How much a publisher's UDP sockets may hold unread: 4 MiB, where the kernel allows it (`net.core.rmem_max`
 * caps it silently; 208 KiB is the usual default). A 720p simulcast keyframe arrives as a burst of 100 or more
 * datagrams of about 2 KiB of kernel memory each; when the SFU's thread is busy for a few milliseconds (a turn
 * of forwarding to a large audience, a garbage collection) a default buffer overflows and every viewer loses
 * those packets until NACK recovers them. Measured with a Chromium publisher: decision 018, session-16 addendum.
 */
export const PUBLISHER_RECEIVE_BUFFER = 4 * 1024 * 1024;

/** werift's ICE connections of a peer connection, down to their UDP sockets (private in its typings). */
interface TransportInternals {
  iceTransport?: {
    connection?: { protocols?: { transport?: { socket?: { setRecvBufferSize?(bytes: number): void } } }[] };
  };
}

/** Asks for `bytes` of receive buffer on every UDP socket of `pc`'s ICE connections. */
export const enlargeReceiveBuffers = (pc: RTCPeerConnection, bytes: number): void => {
  for (const transport of pc.dtlsTransports) {
    for (const protocol of (transport as unknown as TransportInternals).iceTransport?.connection?.protocols ??
      []) {
      try {
        protocol.transport?.socket?.setRecvBufferSize?.(bytes);
      } catch {
        // A TCP candidate's transport, or a socket already closed: nothing to enlarge.
      }
    }
  }
};
