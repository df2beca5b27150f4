import type { StandardSchemaV1 } from '@standard-schema/spec';
import { i18n } from './i18n/i18n.ts';

/**
 * An API failure with the server's `{ error: { code, message, details? } }` (or a network failure: status 0).
 * `details` carries the figures of a refusal (seconds to wait, a banned word…), so the page can say it in the
 * visitor's language instead of showing the server's English `message`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestAuth = () => Promise<string | null>;

let authProvider: { token: RequestAuth; refresh: () => Promise<boolean> } | null = null;

/**
 * Installed by the session manager: API calls then carry the access token, and a 401 triggers one
 * refresh and one retry.
 */
export const setApiAuth = (provider: typeof authProvider): void => {
  authProvider = provider;
};

const send = async (path: string, init: RequestInit, token: string | null): Promise<Response> => {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  try {
    return await fetch(path, { ...init, headers });
  } catch {
    throw new ApiError(0, 'network', i18n.t('common.networkError'));
  }
};

/**
 * Read `{ error: { code, message } }` (ZApiError) by hand: this module is in the first chunk, and the error
 * shape is two strings, so it does not need the schema library.
 */
const errorOf = (body: unknown): { code: string; message: string; details?: unknown } | null => {
  const e = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  return e && typeof e.code === 'string' && typeof e.message === 'string'
    ? { code: e.code, message: e.message, details: e.details }
    : null;
};

/**
 * Fetch a JSON API path and parse the response with the given contract schema (classic or mini zod: both
 * implement Standard Schema, so this module needs no schema library of its own).
 */
export const apiFetch = async <S extends StandardSchemaV1>(
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<StandardSchemaV1.InferOutput<S>> => {
  let res = await send(path, init, authProvider ? await authProvider.token() : null);
  if (res.status === 401 && authProvider && (await authProvider.refresh())) {
    res = await send(path, init, await authProvider.token());
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(
      res.status,
      'bad_response',
      i18n.t('common.unexpectedResponse', { status: res.status }),
    );
  }
  if (!res.ok) {
    const error = errorOf(body);
    if (error) throw new ApiError(res.status, error.code, error.message, error.details);
    throw new ApiError(res.status, 'http_error', i18n.t('common.httpError', { status: res.status }));
  }
  const result = schema['~standard'].validate(body);
  if (result instanceof Promise) throw new ApiError(res.status, 'bad_response', 'Unexpected async schema');
  if (result.issues) {
    const issue = result.issues[0];
    const where = issue?.path?.length
      ? ` at ${issue.path.map((p: PropertyKey | StandardSchemaV1.PathSegment) => String(typeof p === 'object' ? p.key : p)).join('.')}`
      : '';
    throw new ApiError(
      res.status,
      'bad_response',
      `Unexpected response${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return result.value;
};

/** JSON body helper. */
export const jsonBody = (value: unknown): RequestInit => ({ body: JSON.stringify(value) });
