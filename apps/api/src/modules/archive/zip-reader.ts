import fs from 'node:fs/promises';
import { createInflateRaw, crc32 } from 'node:zlib';

/**
 * Reads a ZIP the way an import needs (docs/archive.md#importing): from its central directory at
 * the end, so a file cut short is known before anything is read from it; every name checked
 * before any entry is used; each entry inflated as a stream, bounded, and its CRC compared. An
 * entry is read into memory only up to the bound its caller gives (a photo's 20 MB).
 */

export type ZipProblem =
  | { kind: 'not-zip' }
  | { kind: 'truncated' }
  | { kind: 'unsafe-entry'; name: string }
  | { kind: 'damaged-entry'; name: string }
  | { kind: 'too-large'; name: string };

export class ZipReadError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip: ${problem.kind}${'name' in problem ? ` (${problem.name})` : ''}`);
    this.name = 'ZipReadError';
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

/** A name that stays inside the folder it would be unpacked into: no `..`, no root, no `\`. */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (name.startsWith('/') || name.includes('\\') || name.includes('\0') || /^[A-Za-z]:/.test(name))
    return false;
  return name
    .split('/')
    .every((segment, index, all) =>
      segment === '' ? index === all.length - 1 : segment !== '..' && segment !== '.',
    );
}

export interface ZipFile {
  entries: Map<string, ZipEntry>;
  /** The entry's bytes, at most `maxBytes` once inflated; the CRC is checked. */
  read(name: string, maxBytes: number): Promise<Buffer>;
  close(): Promise<void>;
}

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function readDirectory(handle: fs.FileHandle, size: number): Promise<ZipEntry[]> {
  const head = await readAt(handle, 0, 4);
  const startsLikeZip = head.length === 4 && head.readUInt32LE(0) === LOCAL;
  const tailLength = Math.min(size, 22 + MAX_COMMENT);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipReadError({ kind: startsLikeZip ? 'truncated' : 'not-zip' });
  const count = tail.readUInt16LE(at + 10);
  const directorySize = tail.readUInt32LE(at + 12);
  const directoryOffset = tail.readUInt32LE(at + 16);
  const eocdOffset = size - tailLength + at;
  if (directoryOffset + directorySize > eocdOffset) throw new ZipReadError({ kind: 'truncated' });
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== CENTRAL)
      throw new ZipReadError({ kind: 'truncated' });
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const name = directory.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    const entry: ZipEntry = {
      name,
      method: directory.readUInt16LE(offset + 10),
      crc: directory.readUInt32LE(offset + 16),
      compressedSize: directory.readUInt32LE(offset + 20),
      size: directory.readUInt32LE(offset + 24),
      localHeaderOffset: directory.readUInt32LE(offset + 42),
    };
    if (!isSafeEntryName(name)) throw new ZipReadError({ kind: 'unsafe-entry', name });
    if (entry.localHeaderOffset + entry.compressedSize > directoryOffset)
      throw new ZipReadError({ kind: 'truncated' });
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export async function openZip(file: string): Promise<ZipFile> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const entries = new Map(
      (await readDirectory(handle, size)).map((entry) => [entry.name, entry]),
    );
    return {
      entries,
      read: (name, maxBytes) => readEntry(handle, entries, name, maxBytes),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readEntry(
  handle: fs.FileHandle,
  entries: Map<string, ZipEntry>,
  name: string,
  maxBytes: number,
): Promise<Buffer> {
  const entry = entries.get(name);
  if (!entry) throw new ZipReadError({ kind: 'damaged-entry', name });
  if (entry.size > maxBytes) throw new ZipReadError({ kind: 'too-large', name });
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipReadError({ kind: 'damaged-entry', name });
  const local = await readAt(handle, entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL)
    throw new ZipReadError({ kind: 'damaged-entry', name });
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = await readAt(handle, start, entry.compressedSize);
  if (raw.length !== entry.compressedSize) throw new ZipReadError({ kind: 'truncated' });
  const bytes = entry.method === 0 ? raw : await inflate(raw, maxBytes, name);
  if (bytes.length !== entry.size || crc32(bytes) !== entry.crc)
    throw new ZipReadError({ kind: 'damaged-entry', name });
  return bytes;
}

/** Inflates with a bound: a ZIP bomb stops at `maxBytes`, not when memory runs out. */
function inflate(raw: Buffer, maxBytes: number, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    const chunks: Buffer[] = [];
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        inflater.destroy();
        reject(new ZipReadError({ kind: 'too-large', name }));
        return;
      }
      chunks.push(chunk);
    });
    inflater.on('error', () => reject(new ZipReadError({ kind: 'damaged-entry', name })));
    inflater.on('end', () => resolve(Buffer.concat(chunks)));
    inflater.end(raw);
  });
}
