import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';

/**
 * The uploading side of the upload flood (bench/upload-flood.bench.ts), run in a worker thread:
 * builds one post form of `photos` valid JPEGs padded to 19 MB, says it is ready, and when told
 * until when, has every member post it again and again. Answers with the count of each status.
 */

interface FloodData {
  url: string;
  tokens: string[];
  stationGroupId: number;
  photos: number;
  photoBytes: number;
}

const data = workerData as FloodData;

async function paddedJpeg(): Promise<Buffer> {
  const { data: pixels, info } = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const jpeg = await sharp(pixels, { raw: info }).jpeg({ quality: 90 }).toBuffer();
  // Bytes after the end-of-image marker: decoders ignore them, the upload limit does not.
  return Buffer.concat([jpeg, Buffer.alloc(data.photoBytes - jpeg.length, 0x20)]);
}

/** The post form, built once and sent by every member. */
async function floodForm() {
  const photo = await paddedJpeg();
  const form = new FormData();
  form.append('kind', 'image');
  form.append('station_group_id', String(data.stationGroupId));
  for (let i = 0; i < data.photos; i += 1)
    form.append(
      `images[${i}]`,
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
      `photo-${i}.jpg`,
    );
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return { body, contentType: encoded.headers.get('content-type') ?? '' };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function flood(until: number) {
  const { body, contentType } = form;
  const statuses: Record<string, number> = {};
  await Promise.all(
    data.tokens.map(async (token) => {
      while (Date.now() < until) {
        const response = await fetch(`${data.url}/api/v2/posts`, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        }).catch(() => null);
        const status = response ? String(response.status) : 'network error';
        statuses[status] = (statuses[status] ?? 0) + 1;
        await response?.arrayBuffer().catch(() => undefined);
        // A refused upload comes back after Retry-After, as a client should (capped for the run).
        const retry = Number(response?.headers.get('retry-after') ?? 0);
        if (response && response.status >= 400) await sleep(Math.min(retry, 2) * 1000);
      }
    }),
  );
  return statuses;
}

const form = await floodForm();
parentPort!.once('message', (message: { until: number }) => {
  void flood(message.until).then((statuses) => parentPort!.postMessage({ statuses }));
});
parentPort!.postMessage({ ready: true });
