import { describe, expect, it } from 'vitest';
import { normalizeFailure, unexpectedFailure } from './api-error';

describe('normalizeFailure', () => {
  it('prefers the server message, then the error text, then the default', () => {
    expect(normalizeFailure({ status: 404, body: { message: '見つかりません' } }).message).toBe(
      '見つかりません',
    );
    expect(normalizeFailure({ status: 404, body: {}, error: new Error('boom') }).message).toBe(
      'boom',
    );
    expect(normalizeFailure({ status: 404 }).message).toBe('エラーが発生しました');
  });

  it('uses 500 when the status is unknown', () => {
    expect(normalizeFailure({}).status).toBe(500);
    expect(normalizeFailure({ status: 0 }).status).toBe(500);
  });

  it('camelCases field errors and returns null when there are none', () => {
    expect(
      normalizeFailure({ status: 422, body: { errors: { new_password: ['短すぎます'] } } }).errors,
    ).toEqual({
      newPassword: ['短すぎます'],
    });
    expect(normalizeFailure({ status: 422, body: { errors: null } }).errors).toBeNull();
  });

  it('has the failure shape', () => {
    expect(normalizeFailure({ status: 409, body: { message: '競合' } }).toFailure()).toEqual({
      success: false,
      data: null,
      status: 409,
      message: '競合',
      errors: null,
    });
  });
});

describe('unexpectedFailure', () => {
  it('is 「予期しないエラーが発生しました。」 with status 500', () => {
    expect(unexpectedFailure().toFailure()).toEqual({
      success: false,
      data: null,
      status: 500,
      message: '予期しないエラーが発生しました。',
      errors: null,
    });
  });
});
