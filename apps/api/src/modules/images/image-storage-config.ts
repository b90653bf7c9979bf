import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { createLocalImageStorage, type ImageStorage } from './image-storage.js';
import { createS3ImageStorage, parseS3Url } from './s3-image-storage.js';

/** The storage the configuration names: the bucket of S3_URL, or the folder DATA_DIR/images. */
export function imageStorageFromConfig(config: Pick<AppConfig, 's3Url' | 'dataDir'>): ImageStorage {
  if (config.s3Url) return createS3ImageStorage(parseS3Url(config.s3Url));
  return createLocalImageStorage(path.join(config.dataDir, 'images'));
}
