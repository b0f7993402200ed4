import { fuzzWalk } from './walk';

// The fuzz walk (walk.ts) on postgres; the other engine's walk is its own file, so the two run at once.
fuzzWalk('postgres');
