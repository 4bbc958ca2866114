import { useEffect, useState } from 'preact/hooks';
import { ROLE_NAMES, type Role } from '../../auth/roles.ts';
import type { components } from '../api-types.ts';
import { ApiFailure, fieldErrors, get, getEveryWp, listTotals, request, signInUrl } from '../api.ts';
import { ErrorSummary, Field, invalid, valueOf } from '../editor/fields.tsx';
// This screen's words, loaded with it.
import '../user-words.ts';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { goToList, pageOf, Pager, useListAnswer } from '../listing.tsx';
import { href, navigate } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
import { AppPasswords } from './app-passwords.tsx';

/*
 * Users, for administrators (WordPress' `wp/v2/users`, decisions 0067 and 0069): the list with search,
 * a role filter and pages; a new user's form; and each user's page: name, e-mail and role, a new
 * password, their application passwords, and deletion with their posts given to another user. The
 * API decides what is allowed (an administrator's own role, deleting oneself): its refusals are
 * shown beside the field they concern.
 */

/** The API's `WpUser` in the edit context, which this screen always asks for: its context=edit members are there. */
type User = Required<
  Pick<components['schemas']['WpUser'], 'id' | 'name' | 'username' | 'email' | 'roles' | 'registered_date'>
>;

const USERS = '/wp/v2/users';
const PER_PAGE = 20;
const ROLE_LABEL: Record<Role, MessageKey> = {
  administrator: 'roleAdministrator',
  editor: 'roleEditor',
  author: 'roleAuthor',
  contributor: 'roleContributor',
  subscriber: 'roleSubscriber',
};
const roleLabel = (role: string | undefined) =>
  role !== undefined && role in ROLE_LABEL ? t(ROLE_LABEL[role as Role]) : (role ?? '');
const shownName = (user: User) => user.name || user.username;

/** A control's id from the API's field name (`username`, `email`, `name`, `roles`, `password`). */
const control = (field: string) => `user-${field}`;

/** The field each of WordPress' user refusals concerns: these come without `data.params`. */
const FIELD_OF_CODE: Record<string, string> = {
  existing_user_login: 'username',
  rest_user_invalid_username: 'username',
  existing_user_email: 'email',
  rest_user_invalid_email: 'email',
  rest_user_invalid_password: 'password',
  rest_user_invalid_role: 'roles',
  rest_cannot_edit_roles: 'roles',
  rest_user_invalid_reassign: 'reassign',
};

/** A refusal's errors by control id: the fields named in `data.params`, else the field its code concerns. */
function userErrors(error: unknown): Record<string, string> {
  const byField = fieldErrors(error);
  const field = error instanceof ApiFailure ? FIELD_OF_CODE[error.code] : undefined;
  if (Object.keys(byField).length === 0 && field !== undefined) byField[field] = (error as ApiFailure).message;
  const errors = Object.fromEntries(Object.entries(byField).map(([name, text]) => [control(name), text]));
  return Object.keys(errors).length > 0
    ? errors
    : { [control('form')]: error instanceof Error ? error.message : String(error) };
}

/** What the next screen says first: a user made (their page) or deleted (the list). */
let notice = '';
const takeNotice = () => {
  const text = notice;
  notice = '';
  return text;
};

export function UsersList({ search }: ScreenProps) {
  const page = pageOf(search);
  const text = search.get('search') ?? '';
  const role = search.get('roles') ?? '';
  const [listing, setListing] = useListAnswer<{ users: User[]; pages: number }>(search.toString());
  const [message, setMessage] = useState(takeNotice);
  useEffect(() => {
    void get<User[]>(USERS, { context: 'edit', page, per_page: PER_PAGE, search: text, roles: role }).then(
      ({ body, headers }) => setListing({ users: body, pages: listTotals(headers, body.length).pages }),
      (error: Error) => setMessage(error.message),
    );
  }, [search.toString()]);
  const filter = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' ? entry.trim() : '';
    };
    goToList('users', search, { search: value('search'), roles: value('roles') });
  };
  return (
    <>
      <div class="screen-heading">
        <h1>{t('users')}</h1>
        <a class="button" href={href('users/new')}>
          {t('addUser')}
        </a>
      </div>
      <form class="filters" role="search" onSubmit={filter}>
        <label>
          {t('search')} <input type="search" name="search" defaultValue={text} />
        </label>
        <label>
          {t('role')}{' '}
          <select name="roles" value={role}>
            <option value="">{t('allRoles')}</option>
            {ROLE_NAMES.map((name) => (
              <option key={name} value={name}>
                {roleLabel(name)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('filter')}</button>
      </form>
      <p role="status" class="message">
        {message}
      </p>
      {listing === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : listing.users.length === 0 ? (
        <p>{t('noUsers')}</p>
      ) : (
        <table class="records plain">
          <caption class="visually-hidden">{t('users')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('username')}</th>
              <th scope="col">{t('email')}</th>
              <th scope="col">{t('role')}</th>
              <th scope="col">{t('registered')}</th>
            </tr>
          </thead>
          <tbody>
            {listing.users.map((user) => (
              <tr key={user.id}>
                <td>
                  <a href={href(`users/${user.id}`)}>{shownName(user)}</a>
                </td>
                <td>{user.username}</td>
                <td>{user.email}</td>
                <td>{roleLabel(user.roles[0])}</td>
                <td>{formatInstant(user.registered_date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {listing ? <Pager path="users" search={search} page={page} pages={listing.pages} /> : null}
    </>
  );
}

function RoleSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (role: string) => void;
}) {
  const id = control('roles');
  return (
    <Field id={id} label={t('role')} error={error}>
      <select id={id} value={value} onChange={(change) => onChange(valueOf(change))} {...invalid(id, error)}>
        {ROLE_NAMES.map((name) => (
          <option key={name} value={name}>
            {roleLabel(name)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A text field of a user's form, by the API's field name. */
function TextField({
  field,
  label,
  value,
  error,
  type = 'text',
  autocomplete,
  onInput,
}: {
  field: string;
  label: MessageKey;
  value: string;
  error: string | undefined;
  type?: string;
  autocomplete?: string;
  onInput: (value: string) => void;
}) {
  const id = control(field);
  return (
    <Field id={id} label={t(label)} error={error}>
      <input
        id={id}
        type={type}
        autocomplete={autocomplete}
        value={value}
        onInput={(input) => onInput(valueOf(input))}
        {...invalid(id, error)}
      />
    </Field>
  );
}

const formError = (errors: Record<string, string>) =>
  errors[control('form')] ? (
    <p role="alert" class="field-error">
      {errors[control('form')]}
    </p>
  ) : null;

export function NewUser() {
  const [form, setForm] = useState({ username: '', email: '', name: '', roles: 'subscriber', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const save = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      const { body } = await request<User>('POST', USERS, { body: { ...form, roles: [form.roles] } });
      notice = t('userCreated', { name: shownName(body) });
      navigate(`users/${body.id}`, { replace: true });
    } catch (error) {
      setErrors(userErrors(error));
      setBusy(false);
    }
  };
  return (
    <form class="editor" onSubmit={(event) => void save(event)} noValidate>
      <h1>{t('newUser')}</h1>
      <p>
        <a href={href('users')}>{t('backToList')}</a>
      </p>
      <ErrorSummary errors={errors} title={t('saveFailed')} />
      {formError(errors)}
      <TextField
        field="username"
        label="username"
        autocomplete="off"
        value={form.username}
        error={errors[control('username')]}
        onInput={set('username')}
      />
      <TextField
        field="email"
        label="email"
        type="email"
        autocomplete="off"
        value={form.email}
        error={errors[control('email')]}
        onInput={set('email')}
      />
      <TextField field="name" label="name" value={form.name} error={errors[control('name')]} onInput={set('name')} />
      <RoleSelect value={form.roles} error={errors[control('roles')]} onChange={set('roles')} />
      <TextField
        field="password"
        label="accountPassword"
        type="password"
        autocomplete="new-password"
        value={form.password}
        error={errors[control('password')]}
        onInput={set('password')}
      />
      <div class="save-bar">
        <button type="submit" disabled={busy}>
          {t('createUser')}
        </button>
      </div>
    </form>
  );
}

export function UserPage({ session, params }: ScreenProps) {
  const id = Number(params.id);
  const own = session.user.id === id;
  const [user, setUser] = useState<User | undefined>();
  const [form, setForm] = useState({ name: '', email: '', roles: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState(takeNotice);
  const [failed, setFailed] = useState<string | undefined>();
  const adopt = (read: User) => {
    setUser(read);
    setForm({ name: read.name, email: read.email, roles: read.roles[0] ?? 'subscriber' });
  };
  useEffect(() => {
    void get<User>(`${USERS}/${id}`, { context: 'edit' }).then(
      ({ body }) => adopt(body),
      (error: Error) => setFailed(error.message),
    );
  }, [id]);
  if (failed !== undefined) return <p role="alert">{failed}</p>;
  if (user === undefined) return <p aria-live="polite">{t('loading')}</p>;

  const save = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    const body = {
      ...(form.name === user.name ? {} : { name: form.name }),
      ...(form.email === user.email ? {} : { email: form.email }),
      ...(form.roles === user.roles[0] ? {} : { roles: [form.roles] }),
    };
    if (Object.keys(body).length === 0) return setMessage(t('nothingChanged'));
    setMessage(t('saving'));
    try {
      adopt((await request<User>('POST', `${USERS}/${id}`, { query: { context: 'edit' }, body })).body);
      setMessage(t('saved'));
    } catch (error) {
      setErrors(userErrors(error));
      setMessage('');
    }
  };
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  return (
    <>
      <h1>{t('userHeading', { name: shownName(user) })}</h1>
      <p>
        <a href={href('users')}>{t('backToList')}</a>
      </p>
      <form class="editor section" onSubmit={(event) => void save(event)} noValidate>
        <h2>{t('userDetails')}</h2>
        <ErrorSummary errors={errors} title={t('saveFailed')} />
        {formError(errors)}
        <dl class="facts">
          <dt>{t('username')}</dt>
          <dd>{user.username}</dd>
          <dt>{t('registered')}</dt>
          <dd>{formatInstant(user.registered_date)}</dd>
        </dl>
        <TextField field="name" label="name" value={form.name} error={errors[control('name')]} onInput={set('name')} />
        <TextField
          field="email"
          label="email"
          type="email"
          value={form.email}
          error={errors[control('email')]}
          onInput={set('email')}
        />
        <RoleSelect value={form.roles} error={errors[control('roles')]} onChange={set('roles')} />
        <div class="save-bar">
          <button type="submit">{t('save')}</button>
          <p role="status" class="message">
            {message}
          </p>
        </div>
      </form>
      <ResetPassword user={user} own={own} />
      <AppPasswords owner={id} />
      {own ? (
        <section class="section">
          <h2>{t('deleteUser')}</h2>
          <p>{t('cannotDeleteSelf')}</p>
        </section>
      ) : (
        <DeleteUser user={user} session={session} />
      )}
    </>
  );
}

/** "Set a new password": the API ends the user's sessions with it, one's own included (then: sign in again). */
function ResetPassword({ user, own }: { user: User; own: boolean }) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const reset = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    try {
      await request('POST', `${USERS}/${user.id}`, { body: { password } });
      if (own) return location.assign(signInUrl(href(`users/${user.id}`)));
      setPassword('');
      setMessage(t('passwordSet', { name: shownName(user) }));
    } catch (error) {
      setErrors(userErrors(error));
    }
  };
  return (
    <form class="editor section" onSubmit={(event) => void reset(event)} noValidate>
      <h2>{t('resetPassword')}</h2>
      <p>{t('resetPasswordHelp')}</p>
      {formError(errors)}
      <TextField
        field="password"
        label="newPassword"
        type="password"
        autocomplete="new-password"
        value={password}
        error={errors[control('password')]}
        onInput={setPassword}
      />
      <div class="actions">
        <button type="submit">{t('setPassword')}</button>
        <p role="status" class="message">
          {message}
        </p>
      </div>
    </form>
  );
}

/**
 * The users who can be given a deleted user's posts: every one who can write (subscribers cannot),
 * all pages (decision 0079), by name, so that typing a name's first letters in the list finds it.
 */
const HEIRS = { roles: ROLE_NAMES.filter((role) => role !== 'subscriber').join(',') };
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, t.language);

function DeleteUser({ user, session }: { user: User; session: ScreenProps['session'] }) {
  const [heirs, setHeirs] = useState<{ id: number; name: string }[]>([]);
  const [heir, setHeir] = useState(String(session.user.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void getEveryWp<{ id: number; name: string }>(USERS, HEIRS).then(
      (every) => setHeirs(every.filter((candidate) => candidate.id !== user.id).sort(byName)),
      (error: Error) => setErrors({ [control('form')]: error.message }),
    );
  }, [user.id]);
  const remove = async (event: Event) => {
    event.preventDefault();
    const heirName = heirs.find((candidate) => String(candidate.id) === heir)?.name ?? heir;
    if (!confirm(t('confirmDeleteUser', { name: shownName(user), heir: heirName }))) return;
    try {
      await request('DELETE', `${USERS}/${user.id}`, { query: { force: true, reassign: heir } });
      notice = t('userDeleted', { name: shownName(user), heir: heirName });
      navigate('users');
    } catch (error) {
      setErrors(userErrors(error));
    }
  };
  const id = control('reassign');
  return (
    <form class="editor section" onSubmit={(event) => void remove(event)}>
      <h2>{t('deleteUser')}</h2>
      <p>{t('deleteUserHelp')}</p>
      {formError(errors)}
      <Field id={id} label={t('reassignTo')} error={errors[id]}>
        <select id={id} value={heir} onChange={(change) => setHeir(valueOf(change))} {...invalid(id, errors[id])}>
          {heirs.map((candidate) => (
            <option key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </option>
          ))}
        </select>
      </Field>
      <div class="actions">
        <button type="submit" class="danger">
          {t('deleteUserNamed', { name: shownName(user) })}
        </button>
      </div>
    </form>
  );
}
