import type { StaticPageKey } from '@admin/contract';
import { Button, Group, NativeSelect, Popover, Stack, Text, TextInput } from '@mantine/core';
import {
  H1Control,
  H2Control,
  H3Control,
  H4Control,
  Link,
  RichTextEditor,
  useRichTextEditorContext,
} from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { useKeepDraft, useRestoredDraft } from '../../auth/drafts';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import classes from './page-editor.module.css';

/** Font sizes offered by the editor (spec: 8 to 96). */
const FONT_SIZES = [8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 28, 32, 36, 40, 48, 56, 64, 72, 80, 88, 96];

function FontSizeControl() {
  const { editor } = useRichTextEditorContext();
  const current = (editor?.getAttributes('textStyle').fontSize as string | undefined) ?? '';
  return (
    <NativeSelect
      size="xs"
      aria-label="Font size"
      value={current}
      disabled={!editor?.isEditable}
      onChange={(e) => {
        const v = e.currentTarget.value;
        const chain = editor?.chain().focus();
        if (v) {
          chain?.setFontSize(v).run();
        } else {
          chain?.unsetFontSize().run();
        }
      }}
      data={[
        { value: '', label: 'Font size' },
        ...FONT_SIZES.map((s) => ({ value: `${s}px`, label: `${s}` })),
      ]}
      w={104}
    />
  );
}

function ImageUrlControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const valid = /^https?:\/\/\S+$/i.test(url.trim()) || /^\/\S+$/.test(url.trim());
  const insert = () => {
    if (!valid) {
      return;
    }
    editor?.chain().focus().setImage({ src: url.trim(), alt: alt.trim() }).run();
    setUrl('');
    setAlt('');
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom" withArrow shadow="md">
      <Popover.Target>
        <RichTextEditor.Control
          aria-label="Insert image by URL"
          title="Insert image by URL"
          onClick={() => setOpened((o) => !o)}
          disabled={!editor?.isEditable}
        >
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <TextInput
            label="Image URL"
            placeholder="https://example.com/picture.png"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                insert();
              }
            }}
            error={url && !valid ? 'Enter an http(s) address' : undefined}
          />
          <TextInput
            label="Description (alt text)"
            description="What the image shows, for people who cannot see it; leave empty if it is only decoration"
            value={alt}
            maxLength={250}
            onChange={(e) => setAlt(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                insert();
              }
            }}
          />
          <Group justify="flex-end">
            <Button size="xs" onClick={insert} disabled={!valid}>
              Insert image
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The editor's name on its page (each static page has its own address) for a kept draft. */
const CMS_DRAFT = 'page-content';

/** The rich-text editor of one static page with Save at the top and the bottom. */
export default function PageEditor({
  pageKey,
  initialHtml,
  canSave,
}: {
  pageKey: StaticPageKey;
  initialHtml: string;
  canSave: boolean;
}) {
  // An edit in progress when the session ended comes back after signing in again (issue 34 point 8).
  const restored = useRestoredDraft<string>(CMS_DRAFT);
  const kept = canSave && typeof restored === 'string' ? restored : undefined;
  const [dirty, setDirty] = useState(kept !== undefined);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      TextStyle,
      FontSize,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image,
      // Pages may hold tables (Payment Terms' prices): without these the editor would flatten
      // them into text and a save would lose them.
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
    ],
    content: kept ?? initialHtml,
    editable: canSave,
    // The editable area is the textbox: it needs the name (the editor's frame is only a box).
    editorProps: { attributes: { 'aria-label': 'Page content', 'aria-multiline': 'true' } },
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    onUpdate: () => setDirty(true),
  });
  const save = useApiMutation(calls.saveSettings, {
    invalidates: [calls.getSettings],
    onSuccess: (res) => {
      // Show what the server kept after sanitizing.
      editor?.commands.setContent(res.data.data, { emitUpdate: false });
      setDirty(false);
    },
  });
  useUnsavedChanges(dirty && canSave && !save.isPending);
  useKeepDraft(CMS_DRAFT, dirty && canSave && editor ? editor.getHTML() : undefined);
  const saveButton = (where: string) => (
    <Button
      onClick={() => editor && save.mutate({ data_key: pageKey, data: editor.getHTML() })}
      loading={save.isPending}
      disabled={!canSave || !editor}
      data-where={where}
    >
      Save
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {!canSave
            ? 'You can read this page; saving needs the update_static_pages permission.'
            : dirty
              ? 'Unsaved changes'
              : ' '}
        </Text>
        {saveButton('top')}
      </Group>
      <RichTextEditor editor={editor} classNames={{ content: classes.content }}>
        {canSave ? (
          <RichTextEditor.Toolbar sticky stickyOffset={60}>
            <RichTextEditor.ControlsGroup>
              <FontSizeControl />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <H1Control />
              <H2Control />
              <H3Control />
              <H4Control />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
              <ImageUrlControl />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.AlignLeft />
              <RichTextEditor.AlignCenter />
              <RichTextEditor.AlignRight />
              <RichTextEditor.AlignJustify />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        ) : null}
        <RichTextEditor.Content mih={320} />
      </RichTextEditor>
      <Group justify="flex-end">{saveButton('bottom')}</Group>
    </Stack>
  );
}
