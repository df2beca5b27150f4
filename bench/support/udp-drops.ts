import { readFileSync } from 'node:fs';

/**
 * The kernel's UDP drop counters (Linux `/proc/net/snmp`, the whole machine): datagrams dropped because a
 * receiving socket's buffer was full (`RcvbufErrors`) or a sending socket's was (`SndbufErrors`). A bench
 * whose viewers report sequence gaps reads them before and after its window to tell where the packets went:
 * gaps with no rise here were never sent. Undefined where the file does not exist (not Linux).
 */
export interface UdpDrops {
  rcvbuf: number;
  sndbuf: number;
}

export const readUdpDrops = (): UdpDrops | undefined => {
  let text: string;
  try {
    text = readFileSync('/proc/net/snmp', 'utf8');
  } catch {
    return undefined;
  }
  const [names, values] = text.split('\n').filter((line) => line.startsWith('Udp:'));
  if (!names || !values) return undefined;
  const header = names.split(/\s+/);
  const numbers = values.split(/\s+/);
  const read = (name: string) => Number(numbers[header.indexOf(name)] ?? Number.NaN);
  return { rcvbuf: read('RcvbufErrors'), sndbuf: read('SndbufErrors') };
};

/** Drops between two readings, as "N receive-buffer / M send-buffer", or "n/a". */
export const udpDropsSince = (before: UdpDrops | undefined, after = readUdpDrops()): string =>
  before && after
    ? `${after.rcvbuf - before.rcvbuf} receive-buffer / ${after.sndbuf - before.sndbuf} send-buffer`
    : 'n/a';
