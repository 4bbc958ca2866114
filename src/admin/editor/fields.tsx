import type { ComponentChildren } from 'preact';

/*
 * A labelled field with its error from the API next to it (`aria-describedby`, `aria-invalid`):
 * every control has a visible label, as people and Playwright's getByLabel find it.
 */

export const errorId = (id: string) => `${id}-error`;

export function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string | undefined; hint?: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
      {children}
      {error ? <p class="field-error" id={errorId(id)}>{error}</p> : null}
    </div>
  );
}

/** The attributes that tie a control to its error. */
export const invalid = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {});

export const valueOf = (event: Event): string => (event.currentTarget as HTMLInputElement).value;
export const checkedOf = (event: Event): boolean => (event.currentTarget as HTMLInputElement).checked;
