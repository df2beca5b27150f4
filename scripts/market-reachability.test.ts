import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { marketUnreachableReason } from './market-reachability.ts';

describe('the launcher says when market data is unreachable', () => {
  it('says nothing when the service answers', async () => {
    const server = createServer((s) => s.destroy()).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    expect(await marketUnreachableReason(`http://127.0.0.1:${port}`)).toBeNull();
    server.close();
  });

  it('names the service, the failure and the offline command when nobody listens', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    await once(server, 'close');
    const reason = await marketUnreachableReason(`http://127.0.0.1:${port}`);
    expect(reason).toContain(`Market data cannot be reached at http://127.0.0.1:${port} (ECONNREFUSED)`);
    expect(reason).toContain('MINTCAST_OFFLINE=1 npm start');
  });

  it('says so for a host that does not resolve (no DNS, no internet)', async () => {
    const reason = await marketUnreachableReason('https://market.invalid');
    expect(reason).toMatch(
      /Market data cannot be reached at https:\/\/market\.invalid \((ENOTFOUND|EAI_AGAIN)/,
    );
  });
});
