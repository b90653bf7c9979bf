import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/modules/moderation/admin-commands.js';
import { createAuthClient } from '../auth-client.js';
import { multipartPayload } from '../multipart.js';
import { pngFile, stationGroupIdOf } from '../post-client.js';
import { createTestApp } from '../test-app.js';

/**
 * Property-based fuzzing of every operation in the OpenAPI document: random and hostile
 * path parameters, queries, bodies and content types, signed in or not. Whatever arrives,
 * the answer is never a 5xx, and every failure is the envelope. The seed is fixed and the
 * count bounded, so a run is repeatable and short (docs/security.md lists the counts).
 */

const SEED = 20_261_123;
/** 30 in `npm run test:hardening`; `npm test` sets fewer (vitest.config.ts, docs/testing.md). */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS || 30);

interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: JsonSchema;
}
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodyType: 'json' | 'multipart' | null;
  bodySchema: JsonSchema | undefined;
}
interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operations: Operation[] = [];
let token: string;
/** A second member's session for the fixed bodies, so the random runs' limits are not theirs. */
let bodiesToken: string;
const known = { postId: '', commentId: '', imageId: '', stationGroupId: 0 };
const counts = { requests: 0, byStatus: new Map<number, number>() };
const origin = 'http://localhost:3000';

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  'x\udfff',
  '\u2028',
  '0',
  '-1',
  '-0',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '0x10',
  '１２３',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%ZZ',
  'A'.repeat(300),
  'あ'.repeat(5000),
  '東京',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0190a000-0000-7000-8000-000000000000',
  '2026-02-30T10:00:00+09:00',
  '9999-12-31T23:59:59Z',
];

/** Percent-encodes a string byte by byte, lone surrogates included (as their raw UTF-8 bytes). */
function encodeValue(value: string, raw: boolean): string {
  if (raw) return value.replace(/[\s#?&/]/g, (c) => encodeURIComponent(c));
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out.toUpperCase().replace(/%([0-9A-F]{2})/g, '%$1');
}

function validValueFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const options = schema.anyOf ?? [schema];
  const arbitraries = options.map((option): fc.Arbitrary<string> => {
    if (option.enum) return fc.constantFrom(...option.enum.map(String));
    if (option.format === 'uuid')
      return fc.oneof(
        fc.constantFrom(known.postId, known.commentId, known.imageId),
        fc.uuid().map(String),
      );
    if (option.pattern?.includes('{20,128}')) return fc.stringMatching(/^[A-Za-z0-9_-]{20,60}$/);
    if (option.type === 'integer' || option.type === 'number') {
      if (/station_group|stationGroupId/.test(name))
        return fc.constant(String(known.stationGroupId));
      const min = option.minimum ?? -1000;
      const max = Math.min(option.maximum ?? 1000, 1_000_000);
      return option.type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max }).map(String)
        : fc.double({ min, max, noNaN: true }).map(String);
    }
    if (name === 'bbox') return fc.constantFrom('139,35,140,36', '122,20,154,46', '1,2,3');
    if (name === 'email') return fc.constantFrom('fuzz@example.jp', 'FUZZ@example.JP');
    return fc.string({ maxLength: 40 });
  });
  return fc.oneof(...arbitraries);
}

/** A value for one field: plausible, hostile, or random text (any code point, surrogates too). */
function valueFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValueFor(schema, name) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
}

/** Any JSON value, for fields given the wrong type. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, [], {}, [1, 2], { a: { b: null } }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

function jsonBody(schema: JsonSchema | undefined): fc.Arbitrary<{ payload: string; type: string }> {
  const properties = Object.entries(schema?.properties ?? {});
  const object = fc
    .tuple(
      ...properties.map(([name, property]) =>
        fc.option(fc.oneof({ weight: 4, arbitrary: valueFor(property, name) }, anyJson), {
          freq: 5,
        }),
      ),
      fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 }),
    )
    .map((values) => {
      const extra = values.pop() as Record<string, unknown>;
      const body: Record<string, unknown> = { ...extra };
      properties.forEach(([name], index) => {
        if (values[index] !== null) body[name] = values[index];
      });
      return JSON.stringify(body);
    });
  const payload = fc.oneof(
    { weight: 6, arbitrary: object },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'null',
        '42',
        '[]',
        '"text"',
        '{',
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        '',
      ),
    },
  );
  const type = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/json; charset=latin1',
      ),
    },
  );
  return fc.record({ payload, type });
}

async function multipartBody(
  schema: JsonSchema | undefined,
  values: (string | null)[],
  files: number,
  mode: 'ok' | 'no-boundary' | 'truncated' | 'garbage-file',
) {
  const fields: Parameters<typeof multipartPayload>[0] = {};
  Object.keys(schema?.properties ?? {}).forEach((name, index) => {
    const value = values[index];
    if (value !== null && value !== undefined && name !== 'images' && name !== 'avatar')
      fields[name] = value;
  });
  const file = await pngFile();
  for (let index = 0; index < files; index += 1) {
    const bytes = mode === 'garbage-file' ? Buffer.from('not an image at all') : file.bytes;
    fields[schema?.properties?.avatar ? 'avatar' : `images[${index}]`] = { ...file, bytes };
  }
  const form = await multipartPayload(fields);
  if (mode === 'no-boundary') return { payload: form.payload, type: 'multipart/form-data' };
  if (mode === 'truncated')
    return {
      payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
      type: form.headers['content-type']!,
    };
  return { payload: form.payload, type: form.headers['content-type']! };
}

function requestFor(operation: Operation): fc.Arbitrary<Promise<FuzzRequest>> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const properties = Object.entries(operation.bodySchema?.properties ?? {});
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => valueFor(p.schema, p.name)), fc.constant('')),
      rawPath: fc.boolean(),
      query: fc.tuple(
        ...queryParams.map((p) => fc.option(valueFor(p.schema, p.name), { freq: 2 })),
        fc.constant(null),
      ),
      json: jsonBody(operation.bodySchema),
      formValues: fc.tuple(
        ...properties.map(([name, p]) => fc.option(valueFor(p, name), { freq: 2 })),
        fc.constant(null),
      ),
      files: fc.integer({ min: 0, max: 2 }),
      formMode: fc.constantFrom('ok', 'ok', 'ok', 'no-boundary', 'truncated', 'garbage-file'),
      signedIn: fc.boolean(),
      client: fc.integer({ min: 1, max: 65_000 }),
    })
    .map(async (draw) => {
      let path = operation.path;
      pathParams.forEach((parameter, index) => {
        const value = draw.path[index] ?? '';
        path = path.replace(`{${parameter.name}}`, encodeValue(value, draw.rawPath));
      });
      const query = queryParams
        .map((parameter, index) => {
          const value = draw.query[index];
          return value === null || value === undefined
            ? null
            : `${parameter.name}=${encodeValue(value, false)}`;
        })
        .filter(Boolean)
        .join('&');
      const headers: Record<string, string> = { origin };
      // Logging out would end the session the rest of the run signs in with.
      if (draw.signedIn && !operation.path.endsWith('/logout'))
        headers.authorization = `Bearer ${token}`;
      let payload: string | Buffer | undefined;
      if (operation.bodyType === 'json') {
        payload = draw.json.payload;
        headers['content-type'] = draw.json.type;
      } else if (operation.bodyType === 'multipart') {
        const form = await multipartBody(
          operation.bodySchema,
          draw.formValues,
          draw.files,
          draw.formMode as 'ok',
        );
        payload = form.payload;
        headers['content-type'] = form.type;
      }
      return {
        method: operation.method,
        url: query ? `${path}?${query}` : path,
        headers,
        payload,
        remoteAddress: `10.${(draw.client >> 8) & 255}.${draw.client & 255}.7`,
      };
    });
}

async function send(request: FuzzRequest) {
  const response = await ctx.app.inject(request);
  counts.requests += 1;
  counts.byStatus.set(response.statusCode, (counts.byStatus.get(response.statusCode) ?? 0) + 1);
  const where = `${request.method} ${request.url.slice(0, 200)} → ${response.statusCode}`;
  expect(response.statusCode, where).toBeLessThan(500);
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  if (response.statusCode >= 400 || isJson) {
    expect(isJson, where).toBe(true);
    const body = response.json();
    expect(Object.keys(body), where).toEqual(
      expect.arrayContaining(['data', 'message', 'status', 'success', 'errors']),
    );
    expect(body.status, where).toBe(response.statusCode);
    expect(body.success, where).toBe(response.statusCode < 400);
    if (response.statusCode >= 400) expect(typeof body.message, where).toBe('string');
  }
  return response;
}

/**
 * What every operation that takes a body is also sent, whatever `FUZZ_RUNS` says: no body at
 * all (as without a type, and empty with the JSON type), JSON that is no object, and an empty
 * object. No body reached a refinement that read a field of `null`, a 500 the random runs
 * never drew (docs/security.md#input).
 */
const FIXED_BODIES: { label: string; payload?: string }[] = [
  { label: 'no body' },
  { label: 'an empty body', payload: '' },
  { label: 'null', payload: 'null' },
  { label: 'a number', payload: '42' },
  { label: 'a string', payload: '"text"' },
  { label: 'an array', payload: '[]' },
  { label: 'an empty object', payload: '{}' },
];

/** A body schema that admits `null` (`.nullish()`): that route may be sent no body. */
function admitsNull(schema: JsonSchema | undefined): boolean {
  return schema?.type === 'null' || (schema?.anyOf ?? []).some((option) => admitsNull(option));
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  const auth = createAuthClient(ctx, origin);
  ({ token } = await auth.insertMemberAndLogIn('fuzz@example.jp', 'fuzz password 1'));
  ({ token: bodiesToken } = await auth.insertMemberAndLogIn(
    'bodies@example.jp',
    'fuzz password 2',
  ));
  known.stationGroupId = await stationGroupIdOf(ctx.db, '東京', 13);
  const form = await multipartPayload({
    kind: 'image',
    station_group_id: String(known.stationGroupId),
    'images[0]': await pngFile(),
  });
  const post = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/posts',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
  known.postId = post.json().data.id;
  known.imageId = post.json().data.images[0].id;
  const comment = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/posts/${known.postId}/comments`,
    payload: { body: 'ファズのコメント' },
    headers: { authorization: `Bearer ${token}` },
  });
  known.commentId = comment.json().data.id;

  // The whole API: the moderators' document (the public one leaves their operations out).
  const { token: moderatorToken } = await auth.insertMemberAndLogIn(
    'docs@example.jp',
    'fuzz doc 3',
  );
  await runAdminCommand(ctx.db, 'grant-moderator', ['docs@example.jp']);
  const document = (
    await ctx.app.inject({
      url: '/api/v2/moderation/openapi.json',
      headers: { authorization: `Bearer ${moderatorToken}` },
    })
  ).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  // An event stream never ends, so it cannot be answered through inject; its own tests
  // (notification-stream.test.ts) cover it over real HTTP.
  const isEventStream = (raw: Record<string, unknown>) =>
    JSON.stringify(raw.responses ?? {}).includes('text/event-stream');
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, raw]) => !isEventStream(raw))
      .map(([method, raw]) => {
        const content = (raw.requestBody as { content?: Record<string, { schema: JsonSchema }> })
          ?.content;
        const bodyType = content?.['multipart/form-data']
          ? ('multipart' as const)
          : content?.['application/json']
            ? ('json' as const)
            : null;
        return {
          method: method.toUpperCase(),
          path,
          parameters: (raw.parameters as Parameter[] | undefined) ?? [],
          bodyType,
          bodySchema: (content?.['multipart/form-data'] ?? content?.['application/json'])?.schema,
        };
      }),
  );
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('fuzzing the OpenAPI document', () => {
  it('finds every operation', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    // The moderators' operations too, which the public document leaves out.
    expect(
      operations.filter((operation) => operation.path.startsWith('/api/v2/moderation/')).length,
    ).toBeGreaterThan(3);
  });

  it('never answers 5xx, and always the envelope', async () => {
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          await send(await request);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
    // Paths no operation has: garbage, bad encodings, over-long segments.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'),
        fc.oneof(
          fc.constantFrom('%ZZ', '%ED%A0%80', '%C0%AF', '%E3%81', 'x'.repeat(300), '..%2F..%2Fetc'),
          fc.string({ maxLength: 30 }).map((value) => encodeValue(value, false)),
        ),
        fc.constantFrom(
          '/api/v2/posts/',
          '/api/v2/stations/',
          '/api/v2/',
          '/api/v2/auth/email/verify/',
        ),
        async (method, segment, prefix) => {
          await send({
            method,
            url: `${prefix}${segment}`,
            headers: {},
            remoteAddress: '10.9.9.9',
          });
        },
      ),
      { seed: SEED, numRuns: Math.max(20, RUNS_PER_OPERATION * 3), endOnFailure: true },
    );
    console.info(
      `fuzz: ${counts.requests} requests over ${operations.length} operations; statuses ${JSON.stringify(
        Object.fromEntries([...counts.byStatus].sort(([a], [b]) => a - b)),
      )}`,
    );
  }, 600_000);

  it('answers no body, null, a number, a string, an array and {} on every operation that takes one', async () => {
    const statuses = new Map<number, number>();
    let client = 0;
    for (const operation of operations.filter((o) => o.bodyType !== null)) {
      let path = operation.path;
      for (const parameter of operation.parameters.filter((p) => p.in === 'path'))
        path = path.replace(`{${parameter.name}}`, encodeURIComponent(validPathValue(parameter)));
      for (const body of FIXED_BODIES) {
        client += 1;
        const response = await send({
          method: operation.method,
          url: path,
          headers: {
            origin,
            ...(!operation.path.endsWith('/logout') && { authorization: `Bearer ${bodiesToken}` }),
            ...(body.payload !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body.payload !== undefined && { payload: body.payload }),
          remoteAddress: `10.7.${client >> 8}.${client & 255}`,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${operation.method} ${operation.path} with ${body.label}`;
        const mayBeLeftOut =
          admitsNull(operation.bodySchema) && ['', 'null', undefined].includes(body.payload);
        if (operation.bodyType === 'json' && body.payload !== '{}' && !mayBeLeftOut) {
          expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, where).toBeLessThan(500);
        }
      }
    }
    console.info(
      `fuzz, fixed bodies: ${client} requests; statuses ${JSON.stringify(
        Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      )}`,
    );
  }, 120_000);

  it('answers NUL and control characters in every query and path parameter without a 5xx', async () => {
    const values = ['%00', 'a%00', '%E3%81%82%00', '%01', '%7F'];
    for (const operation of operations) {
      for (const parameter of operation.parameters) {
        if (parameter.in !== 'query' && parameter.in !== 'path') continue;
        for (const value of values) {
          let path = operation.path;
          for (const other of operation.parameters.filter((p) => p.in === 'path'))
            path = path.replace(
              `{${other.name}}`,
              other === parameter ? value : encodeURIComponent(validPathValue(other)),
            );
          const url = parameter.in === 'query' ? `${path}?${parameter.name}=${value}` : path;
          await send({
            method: operation.method,
            url,
            headers: { origin, authorization: `Bearer ${token}` },
            ...(operation.bodyType === 'json' && {
              payload: '{}',
              headers: {
                origin,
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
              },
            }),
            remoteAddress: '10.8.8.8',
          });
        }
      }
    }
  }, 120_000);

  it('refuses control characters in search words with a Japanese field error', async () => {
    for (const url of [
      '/api/v2/users?q=%00',
      '/api/v2/users?q=a%00',
      '/api/v2/users?q=%E3%81%82%00',
      '/api/v2/users?q=%01',
      '/api/v2/stations/search?q=a%00',
      '/api/v2/stations/search?q=%01',
    ]) {
      const response = await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.q, url).toEqual([
        '使用できない文字（制御文字など）が含まれています。',
      ]);
    }
  });
});

/** A value that passes a path parameter's own check, so the one under test is what is judged. */
function validPathValue(parameter: Parameter): string {
  if (parameter.schema.format === 'uuid') return known.postId;
  if (parameter.schema.type === 'integer' || parameter.schema.type === 'number')
    return String(known.stationGroupId);
  return 'x';
}
