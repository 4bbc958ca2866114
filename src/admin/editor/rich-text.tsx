import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, type MessageKey } from '../i18n.ts';

/*
 * The description's rich-text editor (TipTap): it writes HTML, which the API stores filtered for the
 * writer's role (decision 0022), so what an author may not store is removed by the server, not
 * trusted to this editor. TipTap's own stylesheet injection is off: the CSP allows no inline style,
 * and admin.css carries the few rules it needs.
 */

const COMMANDS: readonly { name: string; label: MessageKey; run: (editor: Editor) => boolean; active: string }[] = [
  { name: 'bold', label: 'bold', run: (editor) => editor.chain().focus().toggleBold().run(), active: 'bold' },
  { name: 'italic', label: 'italic', run: (editor) => editor.chain().focus().toggleItalic().run(), active: 'italic' },
  {
    name: 'bulletList',
    label: 'bulletList',
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
    active: 'bulletList',
  },
];

export function RichText({
  id,
  labelledBy,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  labelledBy: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor>();
  const [, setTick] = useState(0);
  useEffect(() => {
    const instance = new Editor({
      element: host.current!,
      extensions: [StarterKit.configure({ link: { openOnClick: false } })],
      content: value,
      injectCSS: false,
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelledBy,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
      onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
      // The toolbar's pressed states follow the selection.
      onSelectionUpdate: () => setTick((tick) => tick + 1),
      onTransaction: () => setTick((tick) => tick + 1),
    });
    editor.current = instance;
    return () => instance.destroy();
  }, []);
  useEffect(() => {
    // A value set from outside (the record reloaded after a conflict) replaces the content.
    const current = editor.current;
    if (current && value !== (current.isEmpty ? '' : current.getHTML()))
      current.commands.setContent(value, { emitUpdate: false });
  }, [value]);
  return (
    <div class="rich-text">
      <div role="toolbar" aria-label={t('editorToolbar')} aria-controls={id}>
        {COMMANDS.map((command) => (
          <button
            key={command.name}
            type="button"
            class="secondary"
            aria-pressed={editor.current?.isActive(command.active) ? 'true' : 'false'}
            onClick={() => editor.current && command.run(editor.current)}
          >
            {t(command.label)}
          </button>
        ))}
      </div>
      <div ref={host} />
    </div>
  );
}
