import { isStoredName } from './stored-name';

/**
 * The areas of a conference's storage: `temp` (uploads not yet attached to a saved form), `files`
 * (attached uploads, served to those allowed), `public` (images anyone may fetch: banner, pictures,
 * thumbnails, hotel photos) and `generated` (files the server made itself: receipts).
 */
export type StorageArea = 'temp' | 'files' | 'public' | 'generated';

/**
 * The key of a stored object: `<conference id>/<area>/<stored name>`. Names are made by us (random
 * hex and the extension), never taken from the client, so no key can leave its conference's area.
 */
export function storageKey(conferenceId: number, area: StorageArea, name: string): string {
  if (!Number.isSafeInteger(conferenceId) || conferenceId <= 0) throw new Error(`not a conference id: ${conferenceId}`);
  if (!isStoredName(name)) throw new Error(`not a stored file name: ${name}`);
  return `${conferenceId}/${area}/${name}`;
}

const KEY = /^[1-9][0-9]*\/(temp|files|public|generated)\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

/** A key storageKey makes (drivers refuse anything else). */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}
