/**
 * The demo's organisation identity provider (`npm run idp:demo`, the tests' stand-in on
 * http://localhost:3900) and its sign-in. Public values, like the demo logins: never for a real deployment.
 */
export const DEMO_IDP = {
  port: 3900,
  issuer: 'http://localhost:3900',
  slug: 'demo-university',
  clientId: 'confhub-demo',
  clientSecret: 'confhub-demo-client-secret-2026',
  account: { sub: 'demo-researcher-1', email: 'researcher@demo-university.example.org', password: 'Demo-Idp-2026', name: 'Li Hua' },
} as const;

/** The app origins whose callbacks the demo provider accepts (IDP_DEMO_APP_ORIGINS, comma-separated, to add others). */
export function demoAppOrigins(): string[] {
  const extra = (process.env.IDP_DEMO_APP_ORIGINS ?? '').split(',').map((s) => s.trim().replace(/\/$/, ''));
  const port = process.env.PORT ?? '3000';
  return [...new Set([`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...extra.filter(Boolean)])];
}
