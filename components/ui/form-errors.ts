import { notifications } from '@mantine/notifications';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Shows a failed call: field messages go under their fields, the message in a notification. */
export function showApiError<T extends FieldValues>(error: unknown, setError?: UseFormSetError<T>, fieldMap: Record<string, Path<T>> = {}) {
  if (error instanceof ApiError) {
    if (setError && error.fields) {
      for (const [key, message] of Object.entries(error.fields)) {
        const field = fieldMap[key] ?? (key.replace(/^data\./, '') as Path<T>);
        setError(field, { type: 'server', message });
      }
    }
    notifications.show({ color: error.status === 401 || error.status === 409 ? 'orange' : 'red', message: error.message });
    return;
  }
  notifications.show({ color: 'red', message: String((error as Error)?.message ?? error) });
}

/** A failed call's message in the user's language, for a form that shows it on the field it concerns. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : String((error as Error)?.message ?? error);
}

export { safeReturnPath } from '@/lib/http/return-path';
