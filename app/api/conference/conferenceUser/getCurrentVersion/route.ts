import { route } from '@/lib/http/route';

/** The registration rule version new registrations use (only 'default' exists so far). */
export const GET = route({}, async () => ({ version: 'default' }));
