import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FieldErrors } from '@ekispot/shared';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError, validationFailed } from './http-error.js';

/**
 * Multipart bodies (docs/product-rules.md#calls-and-their-names): text fields and files, arrays as indexed keys (`images[0]`),
 * nested objects as `a[b]`, null values simply absent. Files are streamed to temporary files
 * on disk within per-file limits, never held whole in memory, and removed once the answer has
 * gone; the text fields are then validated like JSON, so field errors look the same.
 */

/** An uploaded file waiting on disk for its request to use it. */
export interface UploadedFile {
  path: string;
  size: number;
}

export interface MultipartOptions {
  /** Base names of the fields that may carry files (`avatar`, `images`). */
  fileFields: readonly string[];
  maxFileBytes: number;
  maxFiles: number;
  /** Message for a file over `maxFileBytes`. */
  fileTooLargeMessage: string;
  /** Message for more than `maxFiles` files, reported on the first file field. */
  tooManyFilesMessage?: string;
  /** The member uploading: admitted through the upload gate (lib/upload-gate.ts) first. */
  memberId?: string;
}

export interface MultipartBody {
  /** Text fields, with indexed and bracketed keys folded into arrays and objects. */
  fields: Record<string, unknown>;
  /** Files by dotted field name (`avatar`, `images.0`), in the order they arrived. */
  files: Map<string, UploadedFile>;
  /**
   * Text values sent under a file field's name (`images[2]` = an existing photo's id), by
   * dotted name with their own index, so files and texts can be merged in slot order.
   */
  fileFieldTexts: Map<string, string>;
}

const MAX_TEXT_FIELDS = 100;
const MAX_TEXT_FIELD_BYTES = 64 * 1024;
const NOT_A_FILE_FIELD = 'この項目にはファイルを送信できません。';

export const MALFORMED_FORM_MESSAGE =
  '送信されたフォームの形式が正しくありません。もう一度お試しください。';

/**
 * The parser's own complaints (no boundary, a form cut short, broken headers) are the
 * client's fault: 400. Our errors, the framework's limits (413) and system errors (a full
 * disk) keep their meaning.
 */
function asMalformedForm(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('FST_'))
    return error;
  return new HttpError('BAD_REQUEST', MALFORMED_FORM_MESSAGE);
}

/** `images[0]` → ['images', '0']; `a[b][c]` → ['a', 'b', 'c']; anything malformed → null. */
export function parseFieldName(name: string): string[] | null {
  const match = /^([A-Za-z_][\w-]*)((?:\[[\w-]*\])*)$/.exec(name);
  if (!match) return null;
  const [, head, rest] = match as unknown as [string, string, string];
  const segments = [head];
  for (const part of rest.matchAll(/\[([\w-]*)\]/g)) {
    if (part[1] === '') return null;
    segments.push(part[1]!);
  }
  return segments;
}

const isIndex = (segment: string) => /^(0|[1-9]\d{0,3})$/.test(segment);

type Tree = Record<string, unknown>;

function setPath(root: Tree, segments: string[], value: string): void {
  let node: Tree = root;
  segments.forEach((segment, position) => {
    if (segment === '__proto__' || segment === 'constructor' || segment === 'prototype') return;
    if (position === segments.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next !== 'object' || next === null) node[segment] = Object.create(null) as Tree;
    node = node[segment] as Tree;
  });
}

/** Objects whose keys are all indexes become arrays in index order (gaps closed). */
function foldArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Tree);
  const folded = entries.map(([key, inner]) => [key, foldArrays(inner)] as const);
  if (folded.length > 0 && folded.every(([key]) => isIndex(key))) {
    return folded.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(folded);
}

/** Reads the whole multipart body; throws 422 with field errors for files out of bounds. */
export async function readMultipart(
  request: FastifyRequest,
  options: MultipartOptions,
): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'multipart/form-data で送信してください。');
  }
  if (options.memberId !== undefined)
    request.afterResponse.push(request.server.uploads.gate.admit(options.memberId));
  const tree: Tree = Object.create(null) as Tree;
  const files = new Map<string, UploadedFile>();
  const fileFieldTexts = new Map<string, string>();
  const fieldErrors: FieldErrors = {};
  const parts = request.parts({
    limits: {
      fileSize: options.maxFileBytes,
      files: options.maxFiles,
      fields: MAX_TEXT_FIELDS,
      fieldSize: MAX_TEXT_FIELD_BYTES,
    },
  });
  try {
    for await (const part of parts)
      await readPart(request, part, options, { tree, files, fileFieldTexts, fieldErrors });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'FST_FILES_LIMIT'))
      throw asMalformedForm(error);
    (fieldErrors[options.fileFields[0] ?? '_'] ??= []).push(
      options.tooManyFilesMessage ?? `ファイルは${options.maxFiles}個まで送信できます。`,
    );
  }
  if (Object.keys(fieldErrors).length > 0) throw validationFailed(fieldErrors);
  return { fields: foldArrays(tree) as Record<string, unknown>, files, fileFieldTexts };
}

/** Streams one file part to a temporary file that is removed after the answer. */
async function saveToDisk(request: FastifyRequest, part: MultipartFile): Promise<UploadedFile> {
  const { dir } = request.server.uploads;
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  request.afterResponse.push(() => fs.rm(file, { force: true }));
  const out = createWriteStream(file, { flags: 'wx' });
  await pipeline(part.file, out);
  return { path: file, size: out.bytesWritten };
}

async function readPart(
  request: FastifyRequest,
  part: Multipart,
  options: MultipartOptions,
  into: {
    tree: Tree;
    files: Map<string, UploadedFile>;
    fileFieldTexts: Map<string, string>;
    fieldErrors: FieldErrors;
  },
): Promise<void> {
  const { tree, files, fileFieldTexts, fieldErrors } = into;
  const segments = parseFieldName(part.fieldname);
  const key = segments?.join('.') ?? part.fieldname;
  if (part.type === 'file') {
    if (!segments || !options.fileFields.includes(segments[0]!)) {
      let size = 0;
      for await (const chunk of part.file) size += (chunk as Buffer).length;
      if (size > 0 || part.filename) (fieldErrors[key] ??= []).push(NOT_A_FILE_FIELD);
      return;
    }
    const saved = await saveToDisk(request, part);
    // An empty file input still sends a part with no name and no bytes: it means "no file".
    if (saved.size === 0 && !part.filename) return;
    if (part.file.truncated) (fieldErrors[key] ??= []).push(options.fileTooLargeMessage);
    else files.set(key, saved);
    return;
  }
  if (!segments) return;
  if (part.valueTruncated) {
    (fieldErrors[key] ??= []).push('入力が長すぎます。');
    return;
  }
  const value = String(part.value);
  if (options.fileFields.includes(segments[0]!)) fileFieldTexts.set(key, value);
  setPath(tree, segments, value);
}

/** Validates multipart text fields with a zod schema, reporting issues as 422 field errors. */
export function parseFields<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  throw validationFailed(fieldErrors);
}

/**
 * For multipart routes: the route's `body` schema documents the form in the OpenAPI, but the
 * body is read by `readMultipart`, so the framework must not validate it as JSON.
 */
export const multipartValidatorCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data) => ({ value: data })
    : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
