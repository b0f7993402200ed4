// `tsx --import ./scripts/node/allow-server-only.mjs …`: see server-only-resolve.mjs.
import { register } from 'node:module';

register('./server-only-resolve.mjs', import.meta.url);
