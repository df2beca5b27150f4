import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * Every IPv4 address of this machine that another machine could reach: all interfaces except loopback and
 * link-local (169.254/16). werift's own list also skips interfaces named `veth*`, `tun*`, `tap*` and a few
 * more (a browser's rule for its own candidates), which hides a server inside containers, VPNs and network
 * namespaces, so the SFU names them all.
 */
export function hostAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const out = new Set<string>();
  for (const infos of Object.values(interfaces)) {
    for (const info of infos ?? []) {
      if (info.family !== 'IPv4' || info.internal || info.address.startsWith('169.254.')) continue;
      out.add(info.address);
    }
  }
  return [...out];
}
