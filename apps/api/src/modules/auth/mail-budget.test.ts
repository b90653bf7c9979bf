import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { MAILS_PER_ADDRESS, MAILS_PER_IP } from './mail-budget.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
});

const password = 'budget password';
const requests = [
  (email: string) => ['/password/reset/request', { email }] as const,
  (email: string) => ['/email/resend', { email }] as const,
  (email: string) =>
    ['/register', { name: '予算', email, password, password_confirmation: password }] as const,
];

describe('the mail budget', () => {
  it('is one budget per IP over every route that sends mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= MAILS_PER_IP; i += 1) {
      const [url, body] = requests[i % requests.length]!(`ip-budget-${i}@example.jp`);
      statuses.push((await client.post(url, body, {}, '192.0.2.50')).statusCode);
    }
    expect(statuses.slice(0, MAILS_PER_IP).every((status) => status < 300)).toBe(true);
    const refused = statuses.at(-1);
    expect(refused).toBe(429);
    // Another client still has its own budget.
    const [url, body] = requests[0]!('ip-budget-x@example.jp');
    expect((await client.post(url, body, {}, '192.0.2.51')).statusCode).toBe(200);
  });

  it('is one budget per address, whichever client and route asks', async () => {
    const email = 'mailbombed@example.jp';
    const statuses: number[] = [];
    for (let i = 0; i <= MAILS_PER_ADDRESS; i += 1) {
      const [url, body] = requests[i % requests.length]!(email);
      statuses.push((await client.post(url, body, {}, `198.51.100.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, MAILS_PER_ADDRESS).every((status) => status < 300)).toBe(true);
    const last = statuses.at(-1);
    expect(last).toBe(429);
    const refused = await client.post('/password/reset/request', { email }, {}, '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toContain('しばらく待って');
  });
});
