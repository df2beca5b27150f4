import type { Page } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * What a page did, in order, with milliseconds since the start: its WebSockets (opened, frames both ways,
 * closed), its API requests and its console. Attached to a failing test's report, where a trace's network
 * view leaves out the order of socket frames against requests.
 */
export const recordPageLog = (page: Page, origin: string) => {
  const t0 = Date.now();
  const lines: string[] = [];
  const add = (line: string) => lines.push(`${Date.now() - t0} ${line}`);
  let sockets = 0;
  page.on('websocket', (ws) => {
    const id = ++sockets;
    add(`ws${id} open ${ws.url()}`);
    ws.on('close', () => add(`ws${id} closed`));
    ws.on('framereceived', (f) => add(`ws${id} < ${String(f.payload).slice(0, 200)}`));
    ws.on('framesent', (f) => add(`ws${id} > ${String(f.payload).slice(0, 200)}`));
  });
  page.on('request', (r) => {
    if (r.url().includes('/api/')) add(`${r.method()} ${r.url().replace(origin, '')}`);
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/')) add(`${r.status()} ${r.url().replace(origin, '')}`);
  });
  page.on('console', (m) => add(`console.${m.type()} ${m.text().slice(0, 200)}`));
  return {
    mark: (what: string) => add(`--- ${what}`),
    attach: (name: string) => test.info().attach(name, { body: lines.join('\n'), contentType: 'text/plain' }),
  };
};
