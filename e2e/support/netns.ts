import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from './chromium.ts';

/**
 * A network namespace of the test's own with a veth pair into it: the host side (this namespace) gets
 * 10.X.Y.1/30, the inside 10.X.Y.2/30, and the namespace has no other route. A browser started inside can reach
 * the host side's address and nothing else, like a visitor on another machine. The host side is named `veth…`
 * on purpose: that is the kind of interface werift leaves out of its ICE candidates by itself.
 */
export interface Netns {
  name: string;
  /** Host-side address: bind the app here. */
  hostAddress: string;
  /** Start-up script for Playwright's `executablePath`: Debian's Chromium inside the namespace. */
  chromium: string;
  /** Drop every UDP packet in and out of the namespace (nftables inside it). */
  dropUdp(): void;
  /** Drop UDP and every TCP connection but those to `port` (the site's): a network that passes only HTTP(S). */
  onlyTcpPort(port: number): void;
  remove(): Promise<void>;
}

const PREFIX = 'mcnet-';
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const inNs = (ns: string, ...args: string[]) =>
  execFileSync('ip', ['netns', 'exec', ns, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Namespaces left by a test process that was killed before its clean-up ran. */
const removeStale = () => {
  for (const line of ip('netns', 'list').split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (name.startsWith(PREFIX) && pid && !alive(pid)) ip('netns', 'del', name);
  }
};

/** Why network namespaces cannot be made here, or null when they can. */
export const netnsUnavailable = (): string | null => {
  const probe = `${PREFIX}${process.pid}-probe`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return null;
  } catch (err) {
    return `network namespaces are not permitted here (ip netns add: ${(err as Error).message.split('\n')[0]})`;
  }
};

/** The namespace's `mcblock` table (made once): UDP dropped both ways. */
const block = (ns: string) => {
  try {
    inNs(ns, 'nft', 'list', 'table', 'inet', 'mcblock');
    return;
  } catch {}
  inNs(ns, 'nft', 'add', 'table', 'inet', 'mcblock');
  for (const hook of ['input', 'output']) {
    inNs(ns, 'nft', 'add', 'chain', 'inet', 'mcblock', hook, `{ type filter hook ${hook} priority 0; }`);
    inNs(ns, 'nft', 'add', 'rule', 'inet', 'mcblock', hook, 'meta', 'l4proto', 'udp', 'drop');
  }
};

export const createNetns = async (): Promise<Netns> => {
  removeStale();
  const tag = randomInt(0x10000).toString(16).padStart(4, '0');
  const name = `${PREFIX}${process.pid}-${tag}`;
  const outside = `vethmc${tag}h`;
  const inside = `vethmc${tag}n`;
  const net = `10.${randomInt(64, 250)}.${randomInt(0, 64) * 4}`;
  const hostAddress = `${net}.1`;
  const dir = await mkdtemp(path.join(tmpdir(), 'mintcast-netns-'));
  const remove = async () => {
    try {
      ip('netns', 'del', name); // takes the inside end, and with it the pair
    } catch {}
    try {
      ip('link', 'del', outside);
    } catch {}
    await rm(dir, { recursive: true, force: true });
  };
  try {
    ip('netns', 'add', name);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', name);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', outside);
    ip('link', 'set', outside, 'up');
    inNs(name, 'ip', 'addr', 'add', `${net}.2/30`, 'dev', inside);
    inNs(name, 'ip', 'link', 'set', inside, 'up');
    inNs(name, 'ip', 'link', 'set', 'lo', 'up');
    const chromium = path.join(dir, 'chromium-in-netns.sh');
    await writeFile(chromium, `#!/bin/sh\nexec ip netns exec ${name} ${CHROMIUM_PATH} "$@"\n`);
    await chmod(chromium, 0o755);
    return {
      name,
      hostAddress,
      chromium,
      dropUdp: () => block(name),
      onlyTcpPort: (port) => {
        block(name);
        inNs(
          name,
          'nft',
          'add',
          'rule',
          'inet',
          'mcblock',
          'output',
          'tcp',
          'dport',
          '!=',
          String(port),
          'drop',
        );
        inNs(
          name,
          'nft',
          'add',
          'rule',
          'inet',
          'mcblock',
          'input',
          'tcp',
          'sport',
          '!=',
          String(port),
          'drop',
        );
      },
      remove,
    };
  } catch (err) {
    await remove();
    throw err;
  }
};
