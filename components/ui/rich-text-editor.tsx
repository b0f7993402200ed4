'use client';

import { Input } from '@mantine/core';
import { getUploadImageExtension, RichTextEditor } from '@mantine/tiptap';
import TipTapImage from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

const LABEL_KEYS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'clearFormatting',
  'link',
  'unlink',
  'bulletList',
  'orderedList',
  'h2',
  'h3',
  'blockquote',
  'hr',
  'undo',
  'redo',
] as const;

/**
 * A rich-text box (HTML) for organiser content: headings, emphasis, lists, links, quotes. The HTML
 * is sanitised again wherever it is shown. The toolbar speaks the page's language.
 */
export function RichTextInput({
  label,
  value,
  onChange,
  error,
  testId,
  onImageUpload,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  testId?: string;
  /** Given, pictures can be inserted: the file is uploaded and its address put in the text. */
  onImageUpload?: (file: File) => Promise<string>;
}) {
  const t = useTranslations('richText');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
      ...(onImageUpload ? [getUploadImageExtension(TipTapImage, { onImageUpload })] : []),
    ],
    content: value,
    immediatelyRender: false,
    // The editable area is a multi-line text box named by the field's label (Input.Wrapper's label
    // points at no input here).
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // A new value from outside (a reset) replaces the content; typing does not loop back.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const labels = Object.fromEntries(LABEL_KEYS.map((key) => [`${key}ControlLabel`, t(key)]));
  return (
    <Input.Wrapper label={label} error={error} data-testid={testId}>
      <RichTextEditor
        editor={editor}
        mt={4}
        labels={{
          ...labels,
          imageUploadControlLabel: t('image'),
          linkEditorInputLabel: t('linkUrl'),
          linkEditorInputPlaceholder: 'https://',
          linkEditorSave: t('save'),
          linkEditorExternalLink: t('newWindow'),
          linkEditorInternalLink: t('sameWindow'),
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            {onImageUpload && <RichTextEditor.ImageUpload accept="image/png,image/jpeg" />}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
