import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aStream } from '../test-support/stream.ts';
import { seedFirstViewData } from './first-view-data.ts';
import { streamKeys } from './streams.ts';

const stream = aStream({ name: '</script><img src=x onerror=alert(1)>', symbol: 'PEPE' });

/** A page whose data block (if any) holds `text`. */
const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'first-view-data' && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

describe('the stream page’s data block', () => {
  it('seeds the stream’s record under its detail key, so the first render needs no request', () => {
    const client = new QueryClient();
    const later: (() => void)[] = [];
    seedFirstViewData(client, page(JSON.stringify({ stream })), (task) => later.push(task));
    expect(client.getQueryData(streamKeys.detail(stream.mint))).toEqual(stream);
    // The full validation, run later in a task of its own, keeps it.
    expect(later).toHaveLength(1);
    later[0]?.();
    expect(client.getQueryData(streamKeys.detail(stream.mint))).toEqual(stream);
  });

  it('drops a seeded record that the deferred validation rejects, so the page fetches it', () => {
    const client = new QueryClient();
    const later: (() => void)[] = [];
    seedFirstViewData(client, page(JSON.stringify({ stream: { ...stream, name: 7 } })), (task) =>
      later.push(task),
    );
    expect(client.getQueryData(streamKeys.detail(stream.mint))).toBeDefined();
    later[0]?.();
    expect(client.getQueryData(streamKeys.detail(stream.mint))).toBeUndefined();
  });

  it('seeds nothing without a block, or from one that is not a stream lookup', () => {
    for (const text of [null, '', '{"stream":', '{"stream":{"mint":1}}', '{"stream":null}']) {
      const client = new QueryClient();
      seedFirstViewData(client, page(text), (task) => task());
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    }
  });
});
