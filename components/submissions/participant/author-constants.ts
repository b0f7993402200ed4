/** A blank author row of the submission form. */
export const EMPTY_AUTHOR = { name: '', surname: '', email: '', phone: '', country: '', company: '', corresponding: false };
