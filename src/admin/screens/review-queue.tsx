import { useEffect, useState } from 'preact/hooks';
import { ApiFailure } from '../api.ts';
import { communitySenders, listEvents, rejectAllFrom, setStatus, type EventRecord } from '../events.ts';
import { formatWhen, t } from '../i18n.ts';
import '../review-words.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';

/**
 * Contributors' events wait here as `pending`: an editor publishes them or sends them back to
 * draft. A community submission shows the address it was sent from, with one button that rejects
 * everything pending from that address (decision 0095).
 */
export default function ReviewQueue(_props: ScreenProps) {
  const [events, setEvents] = useState<EventRecord[] | undefined>();
  const [senders, setSenders] = useState<ReadonlyMap<number, string>>(new Map());
  const [message, setMessage] = useState('');
  const failed = (error: unknown) => setMessage(error instanceof ApiFailure ? error.message : String(error));
  const load = () =>
    void listEvents({ status: 'pending', perPage: 50 })
      .then(async (page) => {
        const submissions = await communitySenders(page.items.map((event) => event.id));
        setSenders(new Map(submissions.map((submission) => [submission.event, submission.address])));
        setEvents(page.items);
      })
      .catch(failed);
  useEffect(load, []);
  const decide = async (event: EventRecord, status: 'publish' | 'draft') => {
    try {
      await setStatus(event.id, status);
      setMessage(t(status === 'publish' ? 'publishedTitle' : 'sentBackTitle', { title: event.title }));
      load();
    } catch (error) {
      failed(error);
    }
  };
  const rejectAll = async (address: string) => {
    if (!confirm(t('confirmRejectAll', { address }))) return;
    try {
      setMessage(t('rejectedAll', { address, ...(await rejectAllFrom(address)) }));
      load();
    } catch (error) {
      failed(error);
    }
  };
  return (
    <>
      <h1>{t('reviewQueue')}</h1>
      <p role="status" class="message">
        {message}
      </p>
      {events === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : events.length === 0 ? (
        <p>{t('nothingToReview')}</p>
      ) : (
        <ul class="queue">
          {events.map((event) => {
            const address = senders.get(event.id);
            return (
              <li key={event.id}>
                <h2>
                  <a href={href(`events/${event.id}`)}>{event.title}</a>
                </h2>
                <p>{formatWhen(event.start_date, event.all_day === true)}</p>
                {address === undefined ? null : <p>{t('sentFrom', { address })}</p>}
                <div class="actions">
                  <button
                    type="button"
                    onClick={() => void decide(event, 'publish')}
                    aria-label={t('publishTitle', { title: event.title })}
                  >
                    {t('actionPublish')}
                  </button>
                  <button
                    type="button"
                    class="secondary"
                    onClick={() => void decide(event, 'draft')}
                    aria-label={t('sendBackTitle', { title: event.title })}
                  >
                    {t('sendBack')}
                  </button>
                  {address === undefined ? null : (
                    <button type="button" class="danger" onClick={() => void rejectAll(address)}>
                      {t('rejectAllFrom', { address })}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
