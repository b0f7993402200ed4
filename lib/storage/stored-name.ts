/** A name the server gave an uploaded file: 32 hex characters and the original extension. */
const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}
