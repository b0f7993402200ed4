import { Text } from '@mantine/core';

/**
 * A form's refusal that belongs to no field (useApiForm's `formError`), shown in the form itself
 * beside its button until the next submit: a notification is never its only copy.
 */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text c="red" size="sm" role="alert" data-testid="form-error">
      {message}
    </Text>
  );
}
