/**
 * Node resolve hook for the scripts run outside Next (start, seed, benches, the e2e seed): modules
 * marked `import 'server-only'` are loaded there on purpose, so the marker resolves to its empty
 * module. Only that one specifier changes; everything else (React, next-intl) resolves as usual,
 * unlike Node's `--conditions=react-server`, which would also give React's server build to the
 * client-side libraries a script loads.
 */
const EMPTY = new URL('../../node_modules/server-only/empty.js', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'server-only') return { url: EMPTY, shortCircuit: true };
  return nextResolve(specifier, context);
}
