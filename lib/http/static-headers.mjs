/**
 * Headers that never change, on every answer: next.config.mjs gives them to what Next.js serves, scripts/serve.ts to
 * the API calls it hands straight to their route handlers (lib/server/api-direct.ts). The page and API policies that
 * depend on the request are set per request (proxy.ts, lib/http/route.ts).
 */
export const STATIC_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
];

/** The door's screen reads QR codes with the phone's camera (issue 24): this page of a site only, nothing else. */
export const CAMERA_PAGES = ['/platform/checkin', '/en/platform/checkin'];
export const CAMERA_PERMISSIONS = 'camera=(self), microphone=(), geolocation=(), payment=()';
