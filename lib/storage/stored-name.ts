/** A name the server gave an uploaded file: 32 hex characters and the original extension. */
const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** The original name as shown back to people: no path, no control characters, at most 200 characters. */
export function cleanName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? 'file';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(-200) || 'file';
}
