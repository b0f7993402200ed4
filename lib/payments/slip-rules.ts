/** Transfer slips: a picture or a PDF of at most 10 MB (the handler and the slip field share these). */
export const SLIP_MAX_BYTES = 10 * 1024 * 1024;
export const SLIP_TYPES = ['pdf', 'jpg', 'jpeg', 'png'] as const;
