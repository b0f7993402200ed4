import { E2E_CHECK_EMAIL_LIMIT, hostUrl } from './support/env';
import { expect, test } from './support/test';

/**
 * Per-client limits key on the socket address scripts/serve.ts passes on (x-confhub-client-ip),
 * and a client cannot choose it: each request below claims another address in that header and in
 * X-Forwarded-For (the server runs without TRUST_PROXY), yet all of them count as 127.0.0.1.
 */
test('checkEmail is limited per client, and a client-sent address does not get around it', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= E2E_CHECK_EMAIL_LIMIT; i++) {
    const res = await fetch(hostUrl(null, `/api/conference/conferenceRegUserConfig/checkEmail?email=probe${i}%40example.org`), {
      headers: { 'x-confhub-client-ip': `203.0.113.${i}`, 'x-forwarded-for': `198.51.100.${i}` },
    });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, E2E_CHECK_EMAIL_LIMIT)).toEqual(Array(E2E_CHECK_EMAIL_LIMIT).fill(200));
  expect(statuses.at(-1)).toBe(429);
});
