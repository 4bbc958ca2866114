import { html } from '../pages/views/pages.tsx';
import { Layout, type PageContext } from '../pages/views/layout.tsx';
import type { SignInMessages } from './sign-in.messages.ts';

/** What the setup page shows: the form (with the link's token), or why the link does not open it. */
export type SetupView =
  | {
      readonly form: {
        readonly token: string;
        readonly login: string;
        readonly email: string;
        readonly error?: string;
      };
    }
  | { readonly refusal: string; readonly signIn?: string };

/** The first administrator's setup page (decision 0097): as the sign-in form, server-rendered, labels on every field. */
export function setupPage(page: PageContext, words: SignInMessages, action: string, view: SetupView): string {
  return html(
    <Layout page={page} head={{ title: words.setupTitle, canonical: action, noindex: true }}>
      <section class="sign-in" aria-labelledby="setup-title">
        <h1 id="setup-title">{words.setupTitle}</h1>
        {'refusal' in view ? (
          <p class="error" role="alert">
            {view.refusal} {view.signIn === undefined ? null : <a href={view.signIn}>{words.title}</a>}
          </p>
        ) : (
          <>
            {view.form.error === undefined ? (
              <p>{words.setupIntro}</p>
            ) : (
              <p class="error" role="alert">
                {view.form.error}
              </p>
            )}
            <form method="post" action={action}>
              <input type="hidden" name="token" value={view.form.token} />
              <p>
                <label for="setup-login">{words.setupLogin}</label>
                <input
                  id="setup-login"
                  name="login"
                  type="text"
                  autocomplete="username"
                  autocapitalize="none"
                  spellcheck={false}
                  required
                  value={view.form.login}
                />
              </p>
              <p>
                <label for="setup-email">{words.setupEmail}</label>
                <input
                  id="setup-email"
                  name="email"
                  type="email"
                  autocomplete="email"
                  required
                  value={view.form.email}
                />
              </p>
              <p>
                <label for="setup-password">{words.setupPassword}</label>
                <input
                  id="setup-password"
                  name="password"
                  type="password"
                  autocomplete="new-password"
                  minlength={8}
                  required
                />
              </p>
              <p>
                <button type="submit">{words.setupSubmit}</button>
              </p>
            </form>
          </>
        )}
      </section>
    </Layout>,
  );
}
