import { useEffect, useState } from 'preact/hooks';
import type { components, paths } from '../api-types.ts';
import { ApiFailure, get, request } from '../api.ts';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { Pager, pageOf } from '../listing.tsx';
import '../mail-words.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';

/*
 * The e-mail outbox (administrators; the API of decisions 0112, 0113): whether e-mail is on, the
 * messages newest first by status, each one's attempts and last error, "Send again" for a failed
 * or kept one, and a test message.
 */

// The wire's own types (generated from the OpenAPI document: npm run admin-types).
type Outbox = paths['/mail/outbox']['get']['responses'][200]['content']['application/json'];
type OutboxMessage = components['schemas']['OutboxMessage'];

const TABS = ['all', 'pending', 'sent', 'failed', 'off'] as const;
const LABEL: Record<(typeof TABS)[number], MessageKey> = {
  all: 'mailAll',
  pending: 'mailPending',
  sent: 'mailSent',
  failed: 'mailFailed',
  off: 'mailKept',
};
const PER_PAGE = 50;

export default function MailOutbox({ search }: ScreenProps) {
  const status = TABS.find((tab) => tab !== 'all' && tab === search.get('status')) ?? 'all';
  const page = pageOf(search);
  const [outbox, setOutbox] = useState<Outbox | undefined>();
  const [message, setMessage] = useState('');
  const [testTo, setTestTo] = useState('');
  const [reload, setReload] = useState(0);
  useEffect(() => {
    void get<Outbox>('mail/outbox', {
      per_page: String(PER_PAGE),
      page: String(page),
      ...(status === 'all' ? {} : { status }),
    }).then(
      ({ body }) => setOutbox(body),
      (error: Error) => setMessage(error.message),
    );
  }, [status, page, reload]);
  const act = async (action: () => Promise<string>) => {
    try {
      setMessage(await action());
      setReload((count) => count + 1);
    } catch (error) {
      setMessage(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  const retry = (mail: OutboxMessage) =>
    act(async () => {
      await request('POST', `mail/outbox/${mail.id}/retry`, { body: {} });
      return t('mailRetried', { to: mail.to });
    });
  const sendTest = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      await request('POST', 'mail/test', { body: { to: testTo } });
      return t('mailTestQueued', { to: testTo });
    });
  };
  const counts = outbox?.counts;
  return (
    <>
      <h1>{t('mailOutbox')}</h1>
      {outbox === undefined ? null : outbox.enabled ? (
        <p>{t('mailOn')}</p>
      ) : (
        <div class="notice" role="note">
          <h2>{t('mailOff')}</h2>
          <p>{t('mailOffHint')}</p>
        </div>
      )}
      {outbox?.enabled ? (
        <form class="filters" onSubmit={sendTest}>
          <label>
            {t('mailTestTo')}{' '}
            <input
              type="email"
              required
              value={testTo}
              onInput={(input) => setTestTo((input.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit">{t('mailTestSend')}</button>
        </form>
      ) : null}
      <p role="status" class="message">
        {message}
      </p>
      <nav aria-label={t('mailFilter')}>
        <ul class="tabs">
          {TABS.map((tab) => (
            <li key={tab}>
              <a
                href={href(`mail${tab === 'all' ? '' : `?status=${tab}`}`)}
                aria-current={status === tab ? 'page' : undefined}
              >
                {t(LABEL[tab])}
                {counts
                  ? ` (${tab === 'all' ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[tab]})`
                  : ''}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {outbox === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : outbox.messages.length === 0 ? (
        <p>{t('mailNone')}</p>
      ) : (
        <table class="records plain">
          <caption class="visually-hidden">{t('mailOutbox')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('mailRecipient')}</th>
              <th scope="col">{t('mailSubject')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('mailAttempts')}</th>
              <th scope="col">{t('mailLastError')}</th>
              <th scope="col">{t('mailWritten')}</th>
              <th scope="col">{t('mailSentAt')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {outbox.messages.map((mail) => (
              <tr key={mail.id}>
                <td>{mail.to}</td>
                <td>{mail.subject}</td>
                <td>{t(LABEL[mail.status])}</td>
                <td>{mail.attempts}</td>
                <td>{mail.last_error ?? ''}</td>
                <td>{formatInstant(mail.created_at)}</td>
                <td>{mail.sent_at === null ? '' : formatInstant(mail.sent_at)}</td>
                <td>
                  {outbox.enabled && (mail.status === 'failed' || mail.status === 'off') ? (
                    <button
                      type="button"
                      aria-label={t('mailRetryTitle', { to: mail.to })}
                      onClick={() => void retry(mail)}
                    >
                      {t('mailRetry')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager path="mail" search={search} page={page} pages={outbox?.total_pages ?? 1} />
    </>
  );
}
