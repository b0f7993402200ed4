'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { describedByOf, PlainField } from './plain-form';
import w from './words-input.module.css';

/**
 * A short list of words (a submission's keywords) typed one after another, each shown as a pill with its remove
 * button: Enter, a `splitChars` character or leaving the box adds what was typed (a pasted list is split), Backspace in
 * an empty box takes the last word back. Plain elements in Mantine's PillsInput look (the plain form kit, no drop-down
 * layer, nothing of Mantine shipped); the error's id is `<id>-error`, named by the box's input.
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
  const describedBy = describedByOf(id, description, error);
  return (
    <PlainField id={id} label={label} description={description} error={error} required={required}>
      <div className={w.box} data-invalid={error ? true : undefined}>
        {value.map((word, i) => (
          <span key={word} className={w.pill}>
            <span className={w.pillText}>{word}</span>
            <button
              type="button"
              className={w.remove}
              aria-label={t('removeWord', { word })}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <svg viewBox="0 0 15 15" width="10" height="10" aria-hidden>
                <path
                  fill="currentColor"
                  d="M11.78 4.03a.75.75 0 0 0-1.06-1.06L7.5 6.19 4.28 2.97a.75.75 0 0 0-1.06 1.06L6.44 7.25l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.31l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.25l3.22-3.22Z"
                />
              </svg>
            </button>
          </span>
        ))}
        <input
          id={id}
          className={w.field}
          value={draft}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
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
      </div>
    </PlainField>
  );
}
