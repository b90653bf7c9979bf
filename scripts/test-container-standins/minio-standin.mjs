// `minio server /data`, played by s3rver: the keys are MINIO_ROOT_USER / MINIO_ROOT_PASSWORD.
import S3rver from 's3rver';
import account from 's3rver/lib/models/account.js';

const { DUMMY_ACCOUNT } = account;

const [command, directory = '/data'] = process.argv.slice(2);
if (command !== 'server') throw new Error(`minio stand-in: only "server <dir>" (got ${command})`);
DUMMY_ACCOUNT.createKeyPair(process.env.MINIO_ROOT_USER, process.env.MINIO_ROOT_PASSWORD);
const server = new S3rver({ address: '0.0.0.0', port: 9000, directory, vhostBuckets: false });
server.run().then(() => console.log('minio stand-in (s3rver) on :9000'));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
