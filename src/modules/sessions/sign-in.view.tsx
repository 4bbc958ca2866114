import { html } from '../pages/views/pages.tsx';
import { Layout, type PageContext } from '../pages/views/layout.tsx';
import type { SignInMessages } from './sign-in.messages.ts';

/** The sign-in form (decision 0040): server-rendered, no script needed, labels on every field. */
export function signInPage(
  page: PageContext,
  words: SignInMessages,
  view: { action: string; next: string; login: string; error?: string },
): string {
  return html(
    <Layout page={page} head={{ title: words.title, canonical: view.action, noindex: true }}>
      <section class="sign-in" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{words.title}</h1>
        {view.error === undefined ? null : (
          <p class="error" role="alert">
            {view.error}
          </p>
        )}
        <form method="post" action={view.action}>
          <input type="hidden" name="next" value={view.next} />
          <p>
            <label for="sign-in-login">{words.login}</label>
            <input
              id="sign-in-login"
              name="login"
              type="text"
              autocomplete="username"
              autocapitalize="none"
              spellcheck={false}
              required
              value={view.login}
            />
          </p>
          <p>
            <label for="sign-in-password">{words.password}</label>
            <input id="sign-in-password" name="password" type="password" autocomplete="current-password" required />
          </p>
          <p>
            <button type="submit">{words.submit}</button>
          </p>
        </form>
      </section>
    </Layout>,
  );
}
