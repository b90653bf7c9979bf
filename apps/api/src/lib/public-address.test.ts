import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, isPublicAddress, publicOnlyLookup } from './public-address.js';

const policy = { allowedTestHosts: [] };
const reasonOf = (url: string) => {
  const checked = checkEndpointUrl(url, policy);
  return checked.ok ? 'ok' : checked.reason;
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:10.0.0.1',
    '::127.0.0.1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.196.106',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450::1',
  ])('takes %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkEndpointUrl', () => {
  it('takes an https URL on a public name', () => {
    expect(reasonOf('https://fcm.googleapis.com/fcm/send/abc:def')).toBe('ok');
    expect(reasonOf('https://updates.push.services.mozilla.com/wpush/v2/gAAA')).toBe('ok');
    expect(reasonOf('https://web.push.apple.com:443/QGx')).toBe('ok');
    expect(reasonOf('https://8.8.8.8/push')).toBe('ok');
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/a', 'not-https'],
    ['ftp://fcm.googleapis.com/a', 'not-https'],
    ['not a url', 'invalid'],
    ['https://user:secret@fcm.googleapis.com/a', 'credentials'],
    ['https://fcm.googleapis.com:8443/a', 'port'],
    ['https://127.0.0.1/push', 'private-host'],
    ['https://localhost/push', 'private-host'],
    ['https://push.localhost/push', 'private-host'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'private-host'],
    ['https://intranet/push', 'private-host'],
    ['https://169.254.169.254/latest/meta-data/', 'private-host'],
    ['https://[::1]/push', 'private-host'],
    ['https://[::ffff:127.0.0.1]/push', 'private-host'],
    ['https://[fd00:ec2::254]/', 'private-host'],
    // Decimal, octal and hex forms of 127.0.0.1, which the URL parser reads as the address.
    ['https://2130706433/', 'private-host'],
    ['https://0177.0.0.1/', 'private-host'],
    ['https://0x7f.1/', 'private-host'],
    ['https://127.1/', 'private-host'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(reasonOf(url)).toBe(reason);
  });

  it('lets the tests’ own host through only when configured, on any port', () => {
    const allowed = checkEndpointUrl('https://127.0.0.1:8443/push/x', {
      allowedTestHosts: ['127.0.0.1'],
    });
    expect(allowed.ok).toBe(true);
    expect(reasonOf('https://127.0.0.1:8443/push/x')).toBe('port');
    // Still https only.
    const plain = checkEndpointUrl('http://127.0.0.1:8443/push/x', {
      allowedTestHosts: ['127.0.0.1'],
    });
    expect(plain.ok).toBe(false);
  });
});

describe('publicOnlyLookup', () => {
  const lookup = (host: string, all: boolean, allowed: string[] = []) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) => {
      publicOnlyLookup({ allowedTestHosts: allowed })(host, { all }, (error, result) =>
        resolve({ error, result }),
      );
    });

  it('refuses a name that resolves to this machine, at connect time', async () => {
    for (const all of [false, true]) {
      const { error } = await lookup('localhost', all);
      expect(error?.code).toBe('ENONPUBLIC');
    }
  });

  it('resolves an allowed test host as usual', async () => {
    const { error, result } = await lookup('localhost', false, ['localhost']);
    expect(error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(result);
  });
});
