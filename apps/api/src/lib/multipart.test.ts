import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartPayload } from '../../test/multipart.js';
import { errorsPlugin } from '../plugins/errors.js';
import { parseFieldName, readMultipart } from './multipart.js';

const app = Fastify();

beforeAll(async () => {
  await app.register(errorsPlugin);
  await app.register(multipart, { throwFileSizeLimit: false });
  app.post('/echo', async (request) => {
    const body = await readMultipart(request, {
      fileFields: ['images'],
      maxFiles: 2,
      maxFileBytes: 8,
      fileTooLargeMessage: '大きすぎます',
      tooManyFilesMessage: '多すぎます',
    });
    return {
      fields: body.fields,
      files: Object.fromEntries([...body.files].map(([key, bytes]) => [key, bytes.toString()])),
    };
  });
  await app.ready();
});
afterAll(() => app.close());

async function send(fields: Parameters<typeof multipartPayload>[0]) {
  const { payload, headers } = await multipartPayload(fields);
  return app.inject({ method: 'POST', url: '/echo', payload, headers });
}

describe('parseFieldName', () => {
  it('splits indexed and bracketed keys and refuses malformed ones', () => {
    expect(parseFieldName('images[0]')).toEqual(['images', '0']);
    expect(parseFieldName('a[b][2]')).toEqual(['a', 'b', '2']);
    expect(parseFieldName('title')).toEqual(['title']);
    expect(parseFieldName('a[]')).toBeNull();
    expect(parseFieldName('a[b')).toBeNull();
    expect(parseFieldName('[0]')).toBeNull();
  });
});

describe('readMultipart', () => {
  it('folds indexed keys into arrays in index order and nested keys into objects', async () => {
    const response = await send({
      'tags[1]': 'b',
      'tags[0]': 'a',
      'tags[10]': 'c',
      'place[lat]': '35.6',
      title: '題名',
      'images[1]': { bytes: Buffer.from('second'), filename: '2.jpg' },
      'images[0]': { bytes: Buffer.from('first'), filename: '1.jpg' },
    });
    expect(response.json()).toEqual({
      fields: { tags: ['a', 'b', 'c'], place: { lat: '35.6' }, title: '題名' },
      files: { 'images.1': 'second', 'images.0': 'first' },
    });
  });

  it('never lets a key reach the prototype', async () => {
    const response = await send({ '__proto__[polluted]': 'yes', 'a[__proto__]': 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(response.statusCode).toBeLessThan(500);
  });

  it('reports oversized files, too many files and files in text fields as field errors', async () => {
    const big = await send({ 'images[0]': { bytes: Buffer.from('123456789'), filename: 'a' } });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ 'images.0': ['大きすぎます'] });

    const many = await send({
      'images[0]': { bytes: Buffer.from('1'), filename: 'a' },
      'images[1]': { bytes: Buffer.from('2'), filename: 'b' },
      'images[2]': { bytes: Buffer.from('3'), filename: 'c' },
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual({ images: ['多すぎます'] });

    const misplaced = await send({ title: { bytes: Buffer.from('1'), filename: 'a' } });
    expect(misplaced.json().errors).toEqual({ title: ['この項目にはファイルを送信できません。'] });
  });

  it('answers a JSON body with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(response.statusCode).toBe(415);
  });
});
