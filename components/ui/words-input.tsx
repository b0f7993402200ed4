'use client';

import { Pill, PillsInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';

/**
 * A short list of words (a submission's keywords) typed one after another, each shown as a pill
 * with its remove button: Enter, a `splitChars` character or leaving the box adds what was typed (a
 * pasted list is split), Backspace in an empty box takes the last word back. Mantine's PillsInput
 * without TagsInput's drop-down (Combobox and its floating layer), since nothing is suggested.
 */
export function WordsInput({
  label,
  description,
  required,
  error,
  value,
  onChange,
  maxWords,
  splitChars,
  'data-testid': testId,
}: {
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  value: string[];
  onChange: (words: string[]) => void;
  maxWords: number;
  splitChars: string[];
  'data-testid'?: string;
}) {
  const t = useTranslations('forms');
  const id = useId();
  const [draft, setDraft] = useState('');
  const split = (text: string) => {
    let parts = [text];
    for (const char of splitChars) parts = parts.flatMap((p) => p.split(char));
    return parts.map((p) => p.trim()).filter(Boolean);
  };
  /** Adds the words of `text` not already there, up to the limit; what is left over stays in the box. */
  const add = (text: string) => {
    const words = [...value];
    for (const word of split(text)) if (!words.includes(word) && words.length < maxWords) words.push(word);
    if (words.length !== value.length) onChange(words);
    setDraft('');
  };
  return (
    <PillsInput label={label} description={description} required={required} error={error} id={id}>
      <Pill.Group>
        {value.map((word, i) => (
          <Pill
            key={word}
            withRemoveButton
            onRemove={() => onChange(value.filter((_, j) => j !== i))}
            removeButtonProps={{ 'aria-label': t('removeWord', { word }), 'aria-hidden': false, tabIndex: 0 }}
          >
            {word}
          </Pill>
        ))}
        <PillsInput.Field
          value={draft}
          data-testid={testId}
          onChange={(event) => {
            const text = event.currentTarget.value;
            if (splitChars.some((char) => text.includes(char))) add(text);
            else setDraft(text);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              add(draft);
            } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => add(draft)}
        />
      </Pill.Group>
    </PillsInput>
  );
}
