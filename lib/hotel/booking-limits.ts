// The booking form's limits, without zod: the form shows them before its schema (booking-schemas.ts) is loaded.

export const REQUIREMENTS_MAX = 500;
export const GUESTS_MAX = 500;
/** No room type offers more rooms than this to one booking (the organiser's max per person is lower). */
export const ROOMS_MAX = 1000;
