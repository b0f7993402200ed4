/** Spreadsheet imports: xlsx, or CSV in UTF-8, of at most 2 MB (the reader and the upload field share these). */
export const SHEET_TYPES = ['xlsx', 'csv'] as const;
export const SHEET_MAX_BYTES = 2 * 1024 * 1024;
