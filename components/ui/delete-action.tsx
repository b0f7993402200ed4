'use client';

import { Button } from '@mantine/core';
import { useApiAction } from '@/components/ui/use-api';

/**
 * A list row's delete button: asks `confirm` first (the app's confirm dialog), sends DELETE to `path`, says `done` and
 * refreshes, or says the server's reason when it refuses (in use, has children, not found …).
 */
export function DeleteAction({
  path,
  label,
  confirm,
  done,
  testId = 'delete',
}: {
  path: string;
  label: string;
  confirm: string;
  done: string;
  testId?: string;
}) {
  const { run, busy } = useApiAction();
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color="red"
      loading={busy}
      data-testid={testId}
      onClick={() => run(path, { method: 'DELETE' }, done, { confirm: { message: confirm, color: 'red', confirmLabel: label } })}
    >
      {label}
    </Button>
  );
}
