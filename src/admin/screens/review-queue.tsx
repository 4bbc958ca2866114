import { useEffect, useState } from 'preact/hooks';
import { ApiFailure } from '../api.ts';
import { listEvents, setStatus, type EventRecord } from '../events.ts';
import { formatWhen, t } from '../i18n.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';

/** Contributors' events wait here as `pending`: an editor publishes them or sends them back to draft. */
export default function ReviewQueue(_props: ScreenProps) {
  const [events, setEvents] = useState<EventRecord[] | undefined>();
  const [message, setMessage] = useState('');
  const load = () => void listEvents({ status: 'pending', perPage: 50 }).then((page) => setEvents(page.items), (error: Error) => setMessage(error.message));
  useEffect(load, []);
  const decide = async (event: EventRecord, status: 'publish' | 'draft') => {
    try {
      await setStatus(event.id, status);
      setMessage(t(status === 'publish' ? 'publishedTitle' : 'sentBackTitle', { title: event.title }));
      load();
    } catch (error) {
      setMessage(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  return (
    <>
      <h1>{t('reviewQueue')}</h1>
      <p role="status" class="message">{message}</p>
      {events === undefined ? <p aria-live="polite">{t('loading')}</p> : events.length === 0 ? <p>{t('nothingToReview')}</p> : (
        <ul class="queue">
          {events.map((event) => (
            <li key={event.id}>
              <h2><a href={href(`events/${event.id}`)}>{event.title}</a></h2>
              <p>{formatWhen(event.start_date, event.all_day === true)}</p>
              <div class="actions">
                <button type="button" onClick={() => void decide(event, 'publish')} aria-label={t('publishTitle', { title: event.title })}>{t('actionPublish')}</button>
                <button type="button" class="secondary" onClick={() => void decide(event, 'draft')} aria-label={t('sendBackTitle', { title: event.title })}>{t('sendBack')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
