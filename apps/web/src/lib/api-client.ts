import {
  API_BASE_PATH,
  AUTH_COOKIE_NAME,
  IDEMPOTENCY_KEY_HEADER,
  keysToCamel,
  keysToSnake,
  RETRY_ONCE_STATUSES,
} from '@ekispot/shared';
import type { CamelCased } from '@ekispot/shared';
import type { z } from 'zod';
import { normalizeFailure, unexpectedFailure } from './api-error';
import type { ApiError } from './api-error';
import { clearCookie, readCookie } from './cookies';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message: string;
  status: number;
  errors: null;
}

/**
 * A JSON request body as the web app writes it: the input of the shared zod schema the route
 * validates it with, camelCased (the client snake_cases it on the way out). Every fetcher types
 * its body with this, so a body that drifts from its schema fails typecheck.
 */
export type RequestBody<S extends z.ZodType> = CamelCased<z.input<S>>;

export interface ApiRequestOptions<S extends z.ZodType> {
  method?: HttpMethod;
  /** Query parameters; keys are snake_cased, empty values dropped. */
  query?: Record<string, QueryValue>;
  /** A {@link RequestBody} (sent as snake_case JSON) or a FormData body. */
  body?: unknown;
  /** Wire schema (snake_case) of the envelope's `data`. */
  schema: S;
  /** The start-up profile call must not send a visitor to /login. */
  skipUnauthorizedHandler?: boolean;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server does a write once per key (docs/pwa.md#queued-actions). */
  idempotencyKey?: string;
}

const READ_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES: ReadonlySet<number> = new Set(RETRY_ONCE_STATUSES);

/** Failures where no answer came (the network), apart from the server's own 500s. */
const networkFailures = new WeakSet<object>();

/** Whether the call failed for want of a network, so a queued action may try again later. */
export function isNetworkFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && networkFailures.has(error);
}

let unauthorizedHandler: (() => void) | null = null;

/** How a call reaches the API: the browser's fetch, or the server's own in-process reads. */
export type ApiFetcher = (url: string, init: RequestInit) => Promise<Response>;
let fetcher: ApiFetcher = (url, init) => fetch(url, init);

/**
 * The server render reads through the API in process, as a visitor (app/entry-server.tsx,
 * docs/architecture.md#server-rendering); the browser never calls this.
 */
export function setApiFetcher(next: ApiFetcher): void {
  fetcher = next;
}

/** Called after any 401 (except opted-out calls): the app clears the session and goes to /login. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(keysToSnake(query))) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The headers of every call (docs/product-rules.md#calls-and-their-names): JSON accept, no-cache,
 * and the Bearer token when readable.
 */
export function buildRequestHeaders(isJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Cache-Control': 'no-cache' });
  if (isJsonBody) headers.set('Content-Type', 'application/json');
  const token = typeof document === 'undefined' ? null : readCookie(AUTH_COOKIE_NAME);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string | null): { ok: true; value: unknown } | { ok: false } {
  if (text === null) return { ok: false };
  if (text === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function shouldRetry(method: HttpMethod, status: number, attempt: number): boolean {
  return attempt === 0 && READ_METHODS.has(method) && RETRY_STATUSES.has(status);
}

async function fetchWithRetry(
  url: string,
  init: RequestInit,
  method: HttpMethod,
): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetcher(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      // A network failure counts as an unknown 500, which non-writes retry once.
      if (shouldRetry(method, 500, attempt)) continue;
      const failure = unexpectedFailure();
      networkFailures.add(failure);
      throw failure;
    }
    if (!shouldRetry(method, response.status, attempt)) return response;
  }
}

/**
 * Throws the failure, first ending the session on a 401 (by the HTTP status: a 401 without an
 * envelope still ends it, though its failure reads as an unexpected 500).
 */
function handleFailure(
  error: ApiError,
  httpStatus: number,
  skipUnauthorizedHandler: boolean | undefined,
): never {
  if (httpStatus === 401 && !skipUnauthorizedHandler) {
    if (typeof document !== 'undefined') clearCookie(AUTH_COOKIE_NAME);
    unauthorizedHandler?.();
  }
  throw error;
}

/**
 * The one way the web app calls the API (docs/product-rules.md#calls-and-their-names,
 * docs/product-rules.md#errors): JSON headers, Bearer
 * token, case conversion both ways, retry once for non-writes, normalised
 * failures thrown as {@link ApiError}.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<S>,
): Promise<ApiSuccess<CamelCased<z.output<S>>>> {
  const method = options.method ?? 'GET';
  const formBody = options.body instanceof FormData ? options.body : null;
  const hasJsonBody = options.body !== undefined && formBody === null;
  const headers = buildRequestHeaders(hasJsonBody);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    body: formBody ?? (hasJsonBody ? JSON.stringify(keysToSnake(options.body)) : undefined),
    signal: options.signal ?? null,
  };

  const response = await fetchWithRetry(buildApiUrl(path, options.query), init, method);
  const text = await response.text().catch(() => null);
  return settleResponse(response.status, text, options);
}

/**
 * Turns a finished call (its status and body text) into the success value, or throws the
 * normalised {@link ApiError} (running the 401 handler). Shared by fetch and upload calls.
 */
export function settleResponse<S extends z.ZodType>(
  status: number,
  text: string | null,
  options: Pick<ApiRequestOptions<S>, 'schema' | 'skipUnauthorizedHandler'>,
): ApiSuccess<CamelCased<z.output<S>>> {
  const parsed = parseJson(text);
  if (status >= 400) {
    // A failure without an envelope (a proxy's HTML 502, an empty 500) is a non-standard
    // failure: 「予期しないエラーが発生しました。」 with status 500 (docs/product-rules.md#errors).
    const failure = parsed.ok
      ? normalizeFailure({ status, body: parsed.value })
      : unexpectedFailure();
    return handleFailure(failure, status, options.skipUnauthorizedHandler);
  }
  if (!parsed.ok || !isRecord(parsed.value)) throw unexpectedFailure();
  const envelope = parsed.value;
  const data = options.schema.safeParse(envelope.data);
  if (!data.success) throw unexpectedFailure();
  return {
    success: true,
    data: keysToCamel(data.data),
    message: typeof envelope.message === 'string' ? envelope.message : '',
    status,
    errors: null,
  };
}
