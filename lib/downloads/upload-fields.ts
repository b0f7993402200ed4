import { AppError } from '@/lib/http/app-error';
import { assertCleanStrings } from '@/lib/http/request-input';
import { isUnsafeString } from '@/lib/http/text';

/**
 * The fields sent beside an uploaded material: the multipart form's `data` part, JSON of the
 * material's title, description and audience (checked by ZMaterialInput afterwards). A file name
 * or a part holding a NUL byte or a lone surrogate is refused like any other input.
 */
export function materialFields(form: FormData, fileName: string): unknown {
  const raw = form.get('data');
  if (typeof raw !== 'string' || isUnsafeString(fileName)) throw new AppError('INVALID_INPUT');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('INVALID_INPUT');
  }
  assertCleanStrings(value);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('INVALID_INPUT');
  return value;
}
