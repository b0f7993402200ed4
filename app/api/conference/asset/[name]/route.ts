import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { extensionOf } from '@/lib/storage/file-types';
import { storageKey } from '@/lib/storage/keys';
import { isStoredName } from '@/lib/storage/stored-name';
import { otherMethods } from '@/lib/http/method-not-allowed';

const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * A public file of this site's conference (the banner, a look's thumbnail, a page's image, a hotel's photo), cached by
 * browsers: its name never changes content. Public once the conference is: before that, its administrators' only.
 */
export const GET = route({ published: true }, async ({ conference, params }) => {
  const name = params.name ?? '';
  if (!isStoredName(name)) throw new AppError('NOT_FOUND');
  const mime = MIME[extensionOf(name)] ?? 'application/octet-stream';
  return storedFileResponse(storageKey(conference.id, 'public', name), { mime, fileName: null, cache: 'immutable' }, 'NOT_FOUND');
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
