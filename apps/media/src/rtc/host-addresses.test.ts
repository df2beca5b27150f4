import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostAddresses } from './host-addresses.ts';

const v4 = (address: string, internal = false) =>
  ({
    address,
    family: 'IPv4',
    internal,
    netmask: '255.255.255.0',
    mac: '',
    cidr: null,
  }) as NetworkInterfaceInfo;
const v6 = (address: string) =>
  ({
    address,
    family: 'IPv6',
    internal: false,
    netmask: '',
    mac: '',
    cidr: null,
    scopeid: 0,
  }) as NetworkInterfaceInfo;

describe('hostAddresses', () => {
  it('names every non-loopback IPv4 address, whatever the interface is called', () => {
    expect(
      hostAddresses({
        lo: [v4('127.0.0.1', true), v6('::1')],
        eth0: [v4('192.0.2.2'), v6('fd00::2')],
        veth1a2b: [v4('10.211.7.1')],
        tun0: [v4('10.8.0.1')],
        wlan0: [v4('169.254.3.4'), v4('192.168.1.20')],
      }),
    ).toEqual(['192.0.2.2', '10.211.7.1', '10.8.0.1', '192.168.1.20']);
  });

  it('names an address once', () => {
    expect(hostAddresses({ a: [v4('10.0.0.1')], b: [v4('10.0.0.1')], c: undefined })).toEqual(['10.0.0.1']);
  });
});
