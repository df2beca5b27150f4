import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  type Chain,
  createPublicClient,
  createTestClient,
  type HttpTransport,
  http,
  type PublicClient,
  type TestClient,
} from 'viem';
import { bsc } from 'viem/chains';

const require = createRequire(import.meta.url);

/**
 * Path of the anvil binary that ships inside Foundry's per-platform npm package (an optional dependency of
 * `@foundry-rs/anvil`). We spawn it directly: the wrapper's postinstall is blocked here and is not needed.
 */
export const anvilBinary = (): string => {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  return path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
};

export interface LocalChain {
  /** http://127.0.0.1:PORT */
  rpcUrl: string;
  chainId: number;
  /** viem's BNB Smart Chain with this node's id and URL. */
  chain: Chain;
  publicClient: PublicClient<HttpTransport, Chain>;
  /** anvil_* cheat codes: set balances, mine blocks, impersonate. */
  testClient: TestClient<'anvil'>;
  stop(): Promise<void>;
}

/** Start anvil on a free loopback port (chain id 56 like BNB Smart Chain) and wait until it listens. */
export const startAnvil = async (opts: { chainId?: number } = {}): Promise<LocalChain> => {
  const chainId = opts.chainId ?? bsc.id;
  const child = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId), '--accounts', '4'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output += `${line}\n`;
      const m = /Listening on [\d.]+:(\d+)/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}) before listening:\n${output}`)));
  });
  child.stdout?.resume();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain: Chain = { ...bsc, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } };
  return {
    rpcUrl,
    chainId,
    chain,
    // anvil mines on each transaction: poll receipts often instead of at BSC's block pace.
    publicClient: createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 }),
    testClient: createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl) }),
    stop: () => stopProcess(child),
  };
};

const stopProcess = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
