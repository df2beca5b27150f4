import { ZApiError } from '@mintcast/contracts';
import type { App } from '../../src/app.ts';
import type { SignedIn } from './sign-in.ts';

/** The `error` of an API error answer. */
export const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;

/** A chat post to `mint` by `who`, through `app`. */
export const postMessage = (app: App, mint: string, who: SignedIn, content: string) =>
  app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/messages`,
    headers: who.headers,
    payload: { content },
  });

/** A PUT as `who`, with a JSON body when given. */
export const putAs = (app: App, url: string, who: SignedIn, payload?: object) =>
  app.inject({ method: 'PUT', url, headers: who.headers, ...(payload ? { payload } : {}) });
