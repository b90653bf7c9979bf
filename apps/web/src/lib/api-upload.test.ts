import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeXhr } from '../test/fake-xml-http-request';
import { setUnauthorizedHandler } from './api-client';
import { ApiError } from './api-error';
import { apiUpload } from './api-upload';

function sent(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was sent');
  return FakeXhr.last;
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('apiUpload', () => {
  it('posts the form to /api/v2 with the JSON accept headers and no content type', async () => {
    const body = new FormData();
    body.append('name', '駅太郎');
    const result = apiUpload('/auth/update', { body, schema: z.object({ user_name: z.string() }) });
    const xhr = sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v2/auth/update');
    expect(xhr.headers.get('accept')).toBe('application/json');
    expect(xhr.headers.get('cache-control')).toBe('no-cache');
    expect(xhr.headers.has('content-type')).toBe(false);
    expect(xhr.body).toBe(body);
    xhr.respond(200, {
      data: { user_name: '駅太郎' },
      message: '更新しました。',
      status: 200,
      success: true,
      errors: null,
    });
    await expect(result).resolves.toEqual({
      success: true,
      data: { userName: '駅太郎' },
      message: '更新しました。',
      status: 200,
      errors: null,
    });
  });

  it('reports upload progress as a fraction', async () => {
    const onProgress = vi.fn();
    const result = apiUpload('/auth/update', {
      body: new FormData(),
      schema: z.null(),
      onProgress,
    });
    sent().progress(512, 2048);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 512, total: 2048, fraction: 0.25 });
    sent().respond(200, { data: null, message: '', status: 200, success: true, errors: null });
    await result;
  });

  it('throws the normalised failure with camelCased field errors', async () => {
    const result = apiUpload('/auth/update', { body: new FormData(), schema: z.null() });
    sent().respond(422, {
      data: null,
      message: '入力内容に誤りがあります。',
      status: 422,
      success: false,
      errors: { mail_opt_in: ['true か false を指定してください。'] },
    });
    const error: unknown = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: '入力内容に誤りがあります。',
      errors: { mailOptIn: ['true か false を指定してください。'] },
    });
  });

  it('runs the 401 handler like every other call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const result = apiUpload('/auth/update', { body: new FormData(), schema: z.null() });
    sent().respond(401, {
      data: null,
      message: 'ログインが必要です。',
      status: 401,
      success: false,
      errors: null,
    });
    await expect(result).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('turns a network failure into the unexpected-error message', async () => {
    const result = apiUpload('/auth/update', { body: new FormData(), schema: z.null() });
    sent().fail();
    await expect(result).rejects.toMatchObject({
      status: 500,
      message: '予期しないエラーが発生しました。',
    });
  });
});
