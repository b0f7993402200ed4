import { createGate } from '@/lib/http/gate';

/**
 * Registrations served at once by this process (REGISTER_CONCURRENCY, 16): the rest wait their
 * turn in arrival order, so when registration opens the first to click are served first.
 */
export const registrationGate = createGate(Number(process.env.REGISTER_CONCURRENCY ?? 16));
