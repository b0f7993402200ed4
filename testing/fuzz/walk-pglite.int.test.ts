import { fuzzWalk } from './walk';

// The fuzz walk (walk.ts) on pglite; the other engine's walk is its own file, so the two run at once.
fuzzWalk('pglite');
