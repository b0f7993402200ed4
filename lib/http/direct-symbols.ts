/**
 * What the server's direct API path (lib/server/api-direct.ts) and route() hand each other without web streams:
 * a web stream per request and per answer was a noticeable share of a registration rush's work. Only that path
 * marks its requests; through Next.js's router everything goes as web streams, as before.
 */

/** On a request: a small body already read whole, for a route whose JSON body route() reads (its only reader). */
export const READ_BODY = Symbol.for('confhub.readBody');
/** On a request: the direct path sends the answer, and takes a JSON answer's text from JSON_TEXT. */
export const DIRECT = Symbol.for('confhub.direct');
/** On an answer to a DIRECT request: its JSON text (the answer itself carries no body). */
export const JSON_TEXT = Symbol.for('confhub.jsonText');
