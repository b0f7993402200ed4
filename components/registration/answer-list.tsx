'use client';

import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DescribedAnswer } from '@/lib/registration/describe-answers';
import { showApiError } from '@/components/ui/form-errors';
import { useDownload } from '@/components/ui/use-api';

/** A registration's answers as label and value; uploaded files open through the download call. */
export function AnswerList({ answers }: { answers: DescribedAnswer[] }) {
  const download = useDownload();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {answers.map((a) => (
        <div key={a.key} data-answer={a.key}>
          <Text size="xs" c="dimmed">
            {a.label}
          </Text>
          {a.files ? (
            <Stack gap={0}>
              {a.files.map((file) => (
                <Anchor
                  key={file.name}
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  data-testid="answer-file"
                  onClick={() =>
                    download('/conference/conferenceUser/download/files', [{ name: file.name, field: file.field }]).catch((e: unknown) =>
                      showApiError(e),
                    )
                  }
                >
                  {file.originalName}
                </Anchor>
              ))}
            </Stack>
          ) : (
            <Text size="sm">{a.value}</Text>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}
