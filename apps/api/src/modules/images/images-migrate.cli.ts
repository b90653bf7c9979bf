import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../config.js';
import { createLocalImageStorage } from './image-storage.js';
import { migrateImages } from './image-migration.js';
import { createS3ImageStorage, parseS3Url } from './s3-image-storage.js';

/**
 * npm run images:migrate -- --to s3|local [--keep-source] [--concurrency N]
 * Moves every stored image between the local folder DATA_DIR/images and the bucket of S3_URL,
 * verifying each copy by SHA-256 before deleting the source. Safe to interrupt and run again.
 * See docs/deploy.md#moving-images.
 */
const usage =
  'usage: npm run images:migrate -- --to s3|local [--keep-source] [--concurrency 4]\n' +
  '  S3_URL names the bucket, DATA_DIR the local folder (its images/ subfolder).';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    'keep-source': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '4' },
  },
});
const concurrency = Number(values.concurrency);
if (
  (values.to !== 's3' && values.to !== 'local') ||
  !Number.isInteger(concurrency) ||
  concurrency < 1 ||
  concurrency > 64
) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
if (!config.s3Url) {
  console.error('S3_URL is not set: it names the bucket to move images to or from.');
  process.exit(2);
}
const local = createLocalImageStorage(path.join(config.dataDir, 'images'));
const bucket = createS3ImageStorage(parseS3Url(config.s3Url));
const [source, target] = values.to === 's3' ? [local, bucket] : [bucket, local];
console.error(`moving images from ${source.description} to ${target.description}`);

const bar = new cliProgress.SingleBar(
  {
    format:
      '{bar} {percentage}% | {value}/{total} | copied {copied}, already there {there}, failed {failed}',
    stream: process.stderr,
    // Without a terminal (CI, logs), a line now and then instead of redrawing.
    noTTYOutput: true,
    notTTYSchedule: 5_000,
  },
  cliProgress.Presets.shades_classic,
);
const counts = { copied: 0, there: 0, failed: 0 };
const summary = await migrateImages(source, target, {
  keepSource: values['keep-source'],
  concurrency,
  progress: {
    start: (total) => bar.start(total, 0, counts),
    step: (outcome) => {
      if (outcome.result === 'copied') counts.copied += 1;
      else if (outcome.result === 'already-there') counts.there += 1;
      else counts.failed += 1;
      bar.increment(1, counts);
    },
  },
});
bar.stop();
for (const failure of summary.failed) console.error(`failed: ${failure.key}: ${failure.error}`);
console.log(
  `${summary.total} objects: ${summary.copied} copied, ${summary.alreadyThere} already there, ` +
    `${summary.failed.length} failed; ${summary.deleted} deleted from the source after verification`,
);
bucket.client.destroy();
process.exit(summary.failed.length ? 1 : 0);
