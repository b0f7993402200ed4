/**
 * npm run idp:demo — the demo's organisation identity provider: the tests' oidc-provider stand-in
 * on http://localhost:3900 with one account. The demo database lists it as "Demo University"
 * (db/seed-identity.ts); with `npm start` running in another terminal, choose it on the login page.
 */
import { DEMO_IDP, demoAppOrigins } from '../lib/oidc/demo';
import { callbackUris, OidcStandin } from '../testing/standins/oidc';

async function main() {
  const origins = demoAppOrigins();
  const standin = await OidcStandin.start({
    port: DEMO_IDP.port,
    hostname: 'localhost',
    title: 'Demo University — sign in',
    clients: [{ clientId: DEMO_IDP.clientId, clientSecret: DEMO_IDP.clientSecret, redirectUris: origins.flatMap(callbackUris) }],
    accounts: [DEMO_IDP.account],
  });
  console.info(
    [
      `Demo identity provider: ${standin.issuer} (discovery: ${standin.issuer}/.well-known/openid-configuration)`,
      `Sign in there as ${DEMO_IDP.account.email} / ${DEMO_IDP.account.password}`,
      `Callbacks accepted for: ${origins.join(', ')} (IDP_DEMO_APP_ORIGINS adds more)`,
      'On the conference login page choose "Demo University" (示范大学). Ctrl+C stops it.',
    ].join('\n'),
  );
  const stop = () => void standin.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
