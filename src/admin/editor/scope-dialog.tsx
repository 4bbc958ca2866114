import { useEffect, useRef } from 'preact/hooks';
import { t, type MessageKey } from '../i18n.ts';

/*
 * Which dates of a series a save is for (`scope`, decisions 0025 and 0104). Asked in a modal dialog
 * that takes focus the moment Save is pressed: a question placed at the foot of a long form, with
 * focus left on Save, went unseen, and Save seemed to do nothing.
 */

export type Scope = 'this' | 'following' | 'all';
const CHOICES: readonly { scope: Scope; label: MessageKey }[] = [
  { scope: 'this', label: 'scopeThis' },
  { scope: 'following', label: 'scopeFollowing' },
  { scope: 'all', label: 'scopeAll' },
];

/**
 * Open while mounted: the native modal dialog (the rest of the page inert, focus kept inside,
 * Escape cancels). Focus starts on "this date only", the API's own default for a date, and goes
 * back to what had it (the Save pressed) when the dialog goes.
 */
export function ScopeDialog({ onChoose, onCancel }: { onChoose: (scope: Scope) => void; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current!;
    element.showModal();
    element.querySelector('button')?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);
  // Escape: the dialog's `cancel`; the editor unmounts it, which closes it.
  const cancel = (event: Event) => {
    event.preventDefault();
    onCancel();
  };
  return (
    <dialog ref={dialog} class="dialog" aria-labelledby="scope-question" onCancel={cancel}>
      <p id="scope-question">{t('scopeQuestion')}</p>
      <div class="actions">
        {CHOICES.map(({ scope, label }) => (
          <button key={scope} type="button" onClick={() => onChoose(scope)}>
            {t(label)}
          </button>
        ))}
        <button type="button" class="secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </dialog>
  );
}
