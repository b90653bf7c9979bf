import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts any well-formed signature made with these credentials. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A local S3-compatible server (s3rver, from npm: no network, runs in CI) on a free port of
 * 127.0.0.1, with one empty bucket; `url` is the S3_URL that reaches it.
 */
export async function startS3Server(bucket = 'ekispot-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const { accessKeyId, secretAccessKey } = S3_TEST_CREDENTIALS;
  return {
    port,
    bucket,
    directory,
    endpoint: `http://127.0.0.1:${port}`,
    url: (prefix = '') =>
      `s3+http://${accessKeyId}:${secretAccessKey}@127.0.0.1:${port}/${bucket}${prefix ? `/${prefix}` : ''}?path_style=true`,
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
