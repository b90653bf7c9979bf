import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartPayload } from '../../test/multipart.js';
import { errorsPlugin } from '../plugins/errors.js';
import { requestBodiesPlugin } from '../plugins/request-bodies.js';
import { parseFieldName, readMultipart } from './multipart.js';
import { createUploadGate } from './upload-gate.js';

const app = Fastify();
let uploadDir: string;
const seenPaths: string[] = [];
let holdUpload: Promise<void> | null = null;

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-multipart-'));
  await app.register(errorsPlugin);
  await app.register(requestBodiesPlugin, {
    uploadDir,
    uploadGate: createUploadGate({ total: 3, perMember: 1 }),
  });
  app.post('/echo', { schema: { consumes: ['multipart/form-data'] } }, async (request) => {
    const member = request.headers['x-member'];
    const body = await readMultipart(request, {
      fileFields: ['images'],
      maxFiles: 2,
      maxFileBytes: 8,
      fileTooLargeMessage: '大きすぎます',
      tooManyFilesMessage: '多すぎます',
      ...(typeof member === 'string' && { memberId: member }),
    });
    if (holdUpload) await holdUpload;
    const files: Record<string, string> = {};
    for (const [key, file] of body.files) {
      seenPaths.push(file.path);
      files[key] = await fs.readFile(file.path, 'utf8');
    }
    return { fields: body.fields, files };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

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

  it('keeps files on disk only while their request runs', async () => {
    seenPaths.length = 0;
    const response = await send({ 'images[0]': { bytes: Buffer.from('on disk'), filename: 'a' } });
    expect(response.json().files).toEqual({ 'images.0': 'on disk' });
    expect(seenPaths).toHaveLength(1);
    expect(seenPaths[0]!.startsWith(uploadDir)).toBe(true);
    // Removed once the answer has gone (the hook runs just after the response ends).
    await vi.waitFor(() => expect(fs.access(seenPaths[0]!)).rejects.toThrow(), { timeout: 2_000 });
  });

  it('admits a few uploads at once, and one per member (limits of this test app)', async () => {
    let release!: () => void;
    holdUpload = new Promise<void>((resolve) => (release = resolve));
    const form = await multipartPayload({ title: 'x' });
    const as = (member: string) =>
      app.inject({
        method: 'POST',
        url: '/echo',
        payload: form.payload,
        headers: { ...form.headers, 'x-member': member },
      });
    const running = [as('a'), as('b'), as('c')];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sameMember = await as('a');
    expect(sameMember.statusCode).toBe(429);
    expect(sameMember.headers['retry-after']).toBeDefined();
    const full = await as('d');
    expect(full.statusCode).toBe(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(full.json().message).toContain('混み合って');
    release();
    holdUpload = null;
    expect((await Promise.all(running)).map((response) => response.statusCode)).toEqual([
      200, 200, 200,
    ]);
    expect((await as('d')).statusCode).toBe(200);
  });

  it('answers a JSON body with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(response.statusCode).toBe(415);
  });
});
