import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/*
 * A labelled field with its error from the API next to it (`aria-describedby`, `aria-invalid`):
 * every control has a visible label, as people and Playwright's getByLabel find it.
 */

export const errorId = (id: string) => `${id}-error`;

export function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
      {children}
      {error ? (
        <p class="field-error" id={errorId(id)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The attributes that tie a control to its error. */
export const invalid = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};

export const valueOf = (event: Event): string => (event.currentTarget as HTMLInputElement).value;
export const checkedOf = (event: Event): boolean => (event.currentTarget as HTMLInputElement).checked;

/**
 * The errors of a refused save, above the form, each a link to its field (by the control's id); it
 * takes the focus when it appears (a new `errors` object: one per refused save, never one per render), so a keyboard or screen-reader user starts from what to fix. A
 * link focuses its field itself: the router would take an in-admin link for a navigation.
 */
export function ErrorSummary({ errors, title }: { errors: Readonly<Record<string, string>>; title: string }) {
  const summary = useRef<HTMLDivElement>(null);
  const count = Object.keys(errors).length;
  useEffect(() => {
    if (count > 0) summary.current?.focus();
  }, [errors]);
  if (count === 0) return null;
  return (
    <div class="error-summary" role="alert" tabIndex={-1} ref={summary}>
      <p>{title}</p>
      <ul>
        {Object.entries(errors).map(([id, text]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(id)?.focus();
              }}
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
