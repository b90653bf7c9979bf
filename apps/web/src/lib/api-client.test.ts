import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, buildApiUrl, setUnauthorizedHandler } from './api-client';
import { ApiError } from './api-error';

const anySchema = z.unknown();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function ok(data: unknown): Response {
  return jsonResponse(200, { data, message: 'OK', status: 200, success: true, errors: null });
}

function failure(
  status: number,
  message: string,
  errors: Record<string, string[]> | null = null,
): Response {
  return jsonResponse(status, { data: null, message, status, success: false, code: 'X', errors });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function lastInit(): RequestInit {
  const call = fetchMock.mock.calls.at(-1);
  if (!call?.[1]) throw new Error('fetch was not called with init');
  return call[1];
}

function lastHeaders(): Headers {
  return new Headers(lastInit().headers);
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'auth=; Max-Age=0; Path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('apiRequest: request', () => {
  it('calls /api/v2 with JSON headers, same-origin credentials and no content type without a body', async () => {
    fetchMock.mockResolvedValueOnce(ok({}));
    await apiRequest('/stations/markers', { schema: anySchema });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v2/stations/markers');
    const headers = lastHeaders();
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Authorization')).toBeNull();
    expect(lastInit().credentials).toBe('same-origin');
  });

  it('sends a Bearer token only when an auth cookie is readable', async () => {
    document.cookie = 'auth=token-123; Path=/';
    fetchMock.mockResolvedValueOnce(ok({}));
    await apiRequest('/auth/me', { schema: anySchema });
    expect(lastHeaders().get('Authorization')).toBe('Bearer token-123');
  });

  it('sends JSON bodies snake_cased with a JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await apiRequest('/auth/register', {
      method: 'POST',
      body: { userName: 'a', nested: { displayName: 'b' } },
      schema: anySchema,
    });
    expect(lastHeaders().get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(lastInit().body))).toEqual({
      user_name: 'a',
      nested: { display_name: 'b' },
    });
  });

  it('sends FormData as is, without a JSON content type', async () => {
    const form = new FormData();
    form.append('name', 'x');
    fetchMock.mockResolvedValueOnce(ok(null));
    await apiRequest('/auth/update', { method: 'POST', body: form, schema: anySchema });
    expect(lastInit().body).toBe(form);
    expect(lastHeaders().get('Content-Type')).toBeNull();
  });

  it('snake_cases query keys and drops empty values', () => {
    expect(buildApiUrl('/stations/random', { prefecture: 13, lineId: null, q: '' })).toBe(
      '/api/v2/stations/random?prefecture=13',
    );
    expect(buildApiUrl('/x', { pageSize: 2 })).toBe('/api/v2/x?page_size=2');
  });
});

describe('apiRequest: response', () => {
  it('camelCases the data and validates it against the wire schema', async () => {
    fetchMock.mockResolvedValueOnce(ok({ name_en: 'Tokyo', counts: { want_to_visit: 3 } }));
    const schema = z.object({
      name_en: z.string(),
      counts: z.object({ want_to_visit: z.number() }),
    });
    const result = await apiRequest('/stations/1', { schema });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ nameEn: 'Tokyo', counts: { wantToVisit: 3 } });
  });

  it('treats data that does not match the schema as an unexpected failure', async () => {
    fetchMock.mockResolvedValueOnce(ok({ id: 'not-a-number' }));
    await expect(apiRequest('/x', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({
      status: 500,
      message: '予期しないエラーが発生しました。',
    });
  });
});

describe('apiRequest: retry', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    fetchMock
      .mockResolvedValueOnce(failure(status, 'busy'))
      .mockResolvedValueOnce(ok({ fine: true }));
    const result = await apiRequest('/x', { schema: anySchema });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.data).toEqual({ fine: true });
  });

  it('retries at most once', async () => {
    fetchMock.mockResolvedValue(failure(503, 'down'));
    await expect(apiRequest('/x', { schema: anySchema })).rejects.toMatchObject({
      status: 503,
      message: 'down',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET on %i', async (status) => {
    fetchMock.mockResolvedValue(failure(status, 'no'));
    await expect(
      apiRequest('/x', { schema: anySchema, skipUnauthorizedHandler: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['HEAD', 'OPTIONS'] as const)('retries %s like GET', async (method) => {
    fetchMock.mockResolvedValueOnce(failure(502, 'x')).mockResolvedValueOnce(ok(null));
    await apiRequest('/x', { method, schema: anySchema });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries %s', async (method) => {
    fetchMock.mockResolvedValue(failure(503, 'down'));
    await expect(apiRequest('/x', { method, body: {}, schema: anySchema })).rejects.toMatchObject({
      status: 503,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiRequest: failures', () => {
  it('normalises a failure with the server message and camelCased field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      failure(422, '入力内容に誤りがあります。', { user_name: ['必須です'] }),
    );
    const error: unknown = await apiRequest('/auth/register', {
      method: 'POST',
      body: {},
      schema: anySchema,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    if (!(error instanceof ApiError)) return;
    expect(error.toFailure()).toEqual({
      success: false,
      data: null,
      status: 422,
      message: '入力内容に誤りがあります。',
      errors: { userName: ['必須です'] },
    });
  });

  it('falls back to 「エラーが発生しました」 and null errors without a server message', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, {}));
    await expect(apiRequest('/x', { method: 'POST', schema: anySchema })).rejects.toMatchObject({
      success: false,
      data: null,
      status: 400,
      message: 'エラーが発生しました',
      errors: null,
    });
  });

  it('reports a network error as 「予期しないエラーが発生しました。」 with status 500', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x', { method: 'POST', schema: anySchema })).rejects.toMatchObject({
      status: 500,
      message: '予期しないエラーが発生しました。',
      errors: null,
    });
  });

  it.each([400, 404, 413, 502, 503])(
    'reports a non-JSON %i as 「予期しないエラーが発生しました。」 with status 500',
    async (status) => {
      fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status }));
      await expect(apiRequest('/x', { method: 'POST', schema: anySchema })).rejects.toMatchObject({
        status: 500,
        message: '予期しないエラーが発生しました。',
        errors: null,
      });
    },
  );

  it('still ends the session on a non-JSON 401', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }));
    await expect(apiRequest('/x', { schema: anySchema })).rejects.toMatchObject({
      status: 500,
      message: '予期しないエラーが発生しました。',
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reports a non-JSON success body as an unexpected failure with status 500', async () => {
    fetchMock.mockResolvedValue(new Response('<html></html>', { status: 200 }));
    await expect(apiRequest('/x', { schema: anySchema })).rejects.toMatchObject({
      status: 500,
      message: '予期しないエラーが発生しました。',
    });
  });

  it('calls the 401 handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(failure(401, 'ログインが必要です。'));
    await expect(apiRequest('/notifications', { schema: anySchema })).rejects.toMatchObject({
      status: 401,
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('lets the start-up profile call opt out of the 401 handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(failure(401, 'ログインが必要です。'));
    await expect(
      apiRequest('/auth/me', { schema: anySchema, skipUnauthorizedHandler: true }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not call the 401 handler for other statuses', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(failure(403, 'だめ'));
    await expect(apiRequest('/x', { schema: anySchema })).rejects.toMatchObject({ status: 403 });
    expect(handler).not.toHaveBeenCalled();
  });
});
