import { useState } from 'preact/hooks';
import { ApiFailure, request, signInUrl } from '../api.ts';
import { t } from '../i18n.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
import { AppPasswords } from './app-passwords.tsx';

/** The user's own page: who they are, "Sign out everywhere" (every session of theirs, this one too), and their application passwords. */
export default function Account({ session }: ScreenProps) {
  const [message, setMessage] = useState('');
  const everywhere = async () => {
    try {
      await request('DELETE', 'sessions');
      location.assign(signInUrl(href('')));
    } catch (error) {
      setMessage(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  const { user } = session;
  return (
    <>
      <h1>{t('yourAccount')}</h1>
      <dl class="facts">
        <dt>{t('name')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('username')}</dt>
        <dd>{user.login}</dd>
        <dt>{t('email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('role')}</dt>
        <dd>{user.role}</dd>
      </dl>
      <button type="button" onClick={() => void everywhere()}>
        {t('signOutEverywhere')}
      </button>
      <p role="status" class="message">
        {message}
      </p>
      <AppPasswords owner="me" />
    </>
  );
}
