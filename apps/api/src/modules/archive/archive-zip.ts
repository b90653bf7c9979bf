import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';

/**
 * Writes a ZIP file as a stream (fflate): one entry at a time, each chunk written to the file
 * before the next is read, waiting on the file when it is behind. So memory holds a chunk and
 * the deflate window, never an entry or the archive, whatever their size. Photos are stored as
 * they are (WebP is compressed already); text is deflated. fflate writes no ZIP64: an archive
 * stays under 4 GB (docs/archive.md#limits).
 */
export class ZipFileWriter {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private readonly pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly encoder = new TextEncoder();
  /** Bytes written so far. */
  bytes = 0;

  constructor(file: string) {
    this.out = createWriteStream(file, { flags: 'w' });
    this.out.on('error', (error) => {
      this.failure = error;
    });
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.pending.push(chunk);
    });
  }

  /** Hands what fflate produced to the file; waits while the file is behind. */
  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    for (const chunk of this.pending.splice(0)) {
      this.bytes += chunk.length;
      if (!this.out.write(chunk)) await once(this.out, 'drain');
    }
    // Let requests run between chunks: an archive is background work.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failure) throw this.failure;
  }

  private async write(
    entry: ZipInputFile & { push(chunk: Uint8Array, final?: boolean): void },
    chunks: AsyncIterable<Uint8Array>,
  ): Promise<void> {
    this.zip.add(entry);
    for await (const chunk of chunks) {
      entry.push(chunk);
      await this.flush();
    }
    entry.push(new Uint8Array(0), true);
    await this.flush();
  }

  /** A text file (UTF-8, deflated), given in parts (a page of posts at a time). */
  async addText(name: string, parts: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const encoder = this.encoder;
    async function* bytes() {
      for await (const part of parts) yield encoder.encode(part);
    }
    await this.write(new ZipDeflate(name, { level: 6 }), bytes());
  }

  /** A binary file as it is (stored, not deflated), read from a stream. */
  async addStream(name: string, stream: AsyncIterable<Uint8Array>): Promise<void> {
    await this.write(new ZipPassThrough(name), stream);
  }

  /** Writes the central directory and closes the file. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.flush();
    this.out.end();
    await finished(this.out);
  }

  /** Stops without finishing (the caller removes the file). */
  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }
}
