/**
 * Slides or a poster: PDF or PPTX (checked by content too), within the spec's upload size. Its own module (no zod)
 * because the presenter's upload button on the light submissions page checks the extension before sending.
 */
export const SLIDES_TYPES = ['pdf', 'pptx'] as const;
export const SLIDES_FIELD = 'programmeSlides';
