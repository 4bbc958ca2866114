import './admin.css';
import { render, type ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { currentSession, SETTINGS, signInUrl, type Session } from './api.ts';
import { t } from './i18n.ts';
import { href, match, navigate, useLocation } from './router.ts';
import { SCREENS, START, type Screen, type ScreenProps } from './screens.ts';

/*
 * The shell (decision 0054): the header with the user and "Sign out", the navigation built from
 * SCREENS, and the current screen, loaded on demand. Nobody signed in: the sign-in form, which
 * comes back to the same URL.
 */

const can = (session: Session, capability: string | undefined) =>
  capability === undefined || session.user.capabilities.includes(capability);

function Shell({ session }: { session: Session }) {
  const { path, search } = useLocation();
  const found = SCREENS.map((screen) => ({ screen, params: match(screen.path, path) })).find(
    (candidate) => candidate.params !== undefined,
  );
  const [loaded, setLoaded] = useState<{ load: Screen['load']; component: ComponentType<ScreenProps> } | undefined>();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (path === '') navigate(START, { replace: true });
  }, [path]);
  useEffect(() => {
    if (found === undefined) return;
    let current = true;
    void found.screen.load().then((module) => {
      if (current) setLoaded({ load: found.screen.load, component: module.default });
    });
    return () => {
      current = false;
    };
  }, [found?.screen.load]);
  useEffect(() => {
    // After an in-app navigation, a screen reader starts from the new screen's content, as after a page load.
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [path]);

  const allowed = found !== undefined && can(session, found.screen.capability);
  // Screens of one module (the editor's `events/new` and `events/:id`) stay mounted from one to the
  // other: a new event saved moves to its own URL and keeps the editor's state and message.
  const Current = allowed && loaded?.load === found.screen.load ? loaded.component : undefined;
  return (
    <>
      <a class="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <header class="admin-header">
        <a class="admin-name" href={href(START)}>
          {t('calendarAdmin')}
        </a>
        <nav aria-label={t('mainNavigation')}>
          <ul class="admin-nav">
            {SCREENS.filter((screen) => screen.nav !== undefined && can(session, screen.capability)).map((screen) => (
              <li key={screen.path}>
                <a href={href(screen.path)} aria-current={found?.screen === screen ? 'page' : undefined}>
                  {t(screen.nav!)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="admin-user">
          <a href={href('account')} aria-current={path === 'account' ? 'page' : undefined}>
            {session.user.name || session.user.login}
          </a>
          <form method="post" action={`${SETTINGS.base}/sign-out`}>
            <input type="hidden" name="_wpnonce" value={session.nonce} />
            <button type="submit" class="secondary">
              {t('signOut')}
            </button>
          </form>
        </div>
      </header>
      <main id="content" tabIndex={-1} ref={main}>
        {found === undefined && path !== '' ? (
          <p role="alert">{t('notFound')}</p>
        ) : !allowed && found !== undefined ? (
          <p role="alert">{t('notAllowed')}</p>
        ) : Current ? (
          <Current session={session} params={found!.params!} search={search} />
        ) : (
          <p aria-live="polite">{t('loading')}</p>
        )}
      </main>
    </>
  );
}

function App() {
  const [session, setSession] = useState<Session | null | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  useEffect(() => {
    currentSession().then(
      (found) => {
        if (found === null) location.assign(signInUrl(`${location.pathname}${location.search}`));
        else setSession(found);
      },
      (error: Error) => setFailed(error.message),
    );
  }, []);
  if (failed !== undefined)
    return (
      <p role="alert">
        {t('somethingWrong')} {failed}
      </p>
    );
  return session ? <Shell session={session} /> : <p aria-live="polite">{t('loading')}</p>;
}

document.documentElement.lang = t.language;
document.title = t('calendarAdmin');
render(<App />, document.getElementById('admin')!);
