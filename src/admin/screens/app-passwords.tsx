import { useEffect, useState } from 'preact/hooks';
import type { components } from '../api-types.ts';
import { ApiFailure, request } from '../api.ts';
import { ErrorSummary, Field, invalid, valueOf } from '../editor/fields.tsx';
// This screen's words, loaded with it.
import '../user-words.ts';
import { formatInstant, t } from '../i18n.ts';

/*
 * A user's application passwords (WordPress' `wp/v2/users/{id|me}/application-passwords`, decision
 * 0067), on one's own account and on a user's page for administrators: the list with when each was
 * made and last used, a new one made with a name and its password shown once (with a copy button:
 * only the creation's answer holds it), each revoked on its own or all at once.
 */

type AppPassword = components['schemas']['WpApplicationPassword'];

/** The one field of the form: the API's `name`. */
const NAME_FIELD = 'app-password-name';

export function AppPasswords({ owner }: { owner: number | 'me' }) {
  const collection = `/wp/v2/users/${owner}/application-passwords`;
  const [passwords, setPasswords] = useState<AppPassword[] | undefined>();
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; password: string } | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [reload, setReload] = useState(0);
  useEffect(() => {
    void request<AppPassword[]>('GET', collection).then(
      ({ body }) => setPasswords(body),
      (error: Error) => setMessage(error.message),
    );
  }, [collection, reload]);

  const create = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    try {
      const { body } = await request<AppPassword>('POST', collection, { body: { name: name.trim() } });
      setMade({ name: body.name, password: body.password ?? '' });
      setName('');
      setReload((count) => count + 1);
    } catch (error) {
      // A duplicate name (409) or a refused one (400) concerns the one field there is.
      setErrors({ [NAME_FIELD]: error instanceof Error ? error.message : String(error) });
    }
  };
  const act = async (question: string, work: () => Promise<string>) => {
    if (!confirm(question)) return;
    try {
      setMessage(await work());
      setReload((count) => count + 1);
    } catch (error) {
      setMessage(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  const revoke = (password: AppPassword) =>
    act(t('confirmRevokeAppPassword', { name: password.name }), async () => {
      await request('DELETE', `${collection}/${password.uuid}`);
      return t('appPasswordRevoked', { name: password.name });
    });
  const revokeAll = (count: number) =>
    act(t('confirmRevokeAll', { count }), async () => {
      const { body } = await request<{ count: number }>('DELETE', collection);
      return t('allRevoked', { count: body.count });
    });
  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      setMessage(t('copied'));
    } catch {
      setMessage(t('copyFailed'));
    }
  };

  return (
    <section class="section">
      <h2>{t('appPasswords')}</h2>
      <p>{t('appPasswordsHelp')}</p>
      {made !== undefined ? (
        <div class="dialog" role="region" aria-label={t('newAppPassword', { name: made.name })}>
          <h3>{t('newAppPassword', { name: made.name })}</h3>
          <p>
            <strong>{t('appPasswordOnce')}</strong>
          </p>
          <Field id="app-password-made" label={t('appPassword')}>
            <input
              id="app-password-made"
              class="secret"
              readOnly
              value={made.password}
              onFocus={(focus) => focus.currentTarget.select()}
            />
          </Field>
          <div class="actions">
            <button type="button" onClick={() => void copy(made.password)}>
              {t('copyPassword')}
            </button>
            <button type="button" class="secondary" onClick={() => setMade(undefined)}>
              {t('hidePassword')}
            </button>
          </div>
        </div>
      ) : null}
      <form class="editor" onSubmit={(event) => void create(event)} noValidate>
        <ErrorSummary errors={errors} title={t('saveFailed')} />
        <Field id={NAME_FIELD} label={t('appPasswordName')} error={errors[NAME_FIELD]}>
          <input
            id={NAME_FIELD}
            required
            maxLength={100}
            value={name}
            onInput={(input) => setName(valueOf(input))}
            {...invalid(NAME_FIELD, errors[NAME_FIELD])}
          />
        </Field>
        <div class="actions">
          <button type="submit">{t('createAppPassword')}</button>
        </div>
      </form>
      <p role="status" class="message">
        {message}
      </p>
      {passwords === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : passwords.length === 0 ? (
        <p>{t('noAppPasswords')}</p>
      ) : (
        <>
          <table class="records plain">
            <caption class="visually-hidden">{t('appPasswords')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('created')}</th>
                <th scope="col">{t('lastUsed')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {passwords.map((password) => (
                <tr key={password.uuid}>
                  <td>{password.name}</td>
                  <td>{formatInstant(password.created)}</td>
                  <td>{password.last_used === null ? t('never') : formatInstant(password.last_used)}</td>
                  <td>
                    <button type="button" class="danger" onClick={() => void revoke(password)}>
                      {t('revokeAppPassword', { name: password.name })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" class="danger" onClick={() => void revokeAll(passwords.length)}>
            {t('revokeAll')}
          </button>
        </>
      )}
    </section>
  );
}
