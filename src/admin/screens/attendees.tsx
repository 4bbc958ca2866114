import { useEffect, useState } from 'preact/hooks';
import type { components } from '../api-types.ts';
import { ApiFailure, downloadCsv, get, request, type Query } from '../api.ts';
import type { Ticket } from '../editor/tickets.tsx';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { goToList, Pager, pageOf } from '../listing.tsx';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
import '../ticket-words.ts';

/*
 * An event's attendees (issue 46 item 5), for those who may edit it, through the attendee API:
 * search, filters (ticket, checked in, RSVP status) in the URL, check in and out, cancel a place,
 * resend the confirmation (through the e-mail outbox), export the filtered list as CSV and print it
 * (admin.css' print rules leave the list alone). And the door's check-in screen, made for a phone:
 * the QR code's text (the check-in link) or a name, with a clear answer each time.
 */

type Attendee = components['schemas']['Attendee'];
interface Archive {
  total: number;
  total_pages: number;
  attendees: Attendee[];
}

const PER_PAGE = 50;
const STATUSES = ['going', 'not-going', 'cancelled', 'waitlisted'] as const;
const STATUS_WORD: Record<string, MessageKey> = {
  going: 'rsvpGoing',
  'not-going': 'rsvpNotGoing',
  cancelled: 'rsvpCancelled',
  waitlisted: 'rsvpWaitlisted',
};
const statusWord = (status: string) => t(STATUS_WORD[status] ?? 'rsvpGoing').toLowerCase();

/** The event's title, for the headings; the event read in the edit context, as the editor does. */
function useEventTitle(id: string): string | undefined {
  const [title, setTitle] = useState<string | undefined>();
  useEffect(() => {
    void get<{ title: string }>(`events/${id}`, { context: 'edit' }).then(
      ({ body }) => setTitle(body.title),
      () => setTitle(''),
    );
  }, [id]);
  return title;
}

const answersText = (answers: Record<string, unknown>) =>
  Object.entries(answers)
    .filter(([, value]) => value !== false && value !== '')
    .map(([label, value]) => `${label}: ${value === true ? '✓' : String(value)}`)
    .join('; ');

const ticketTitle = (attendee: Attendee) => (typeof attendee.ticket.title === 'string' ? attendee.ticket.title : '');

const failureText = (error: unknown) => (error instanceof ApiFailure ? error.message : String(error));

export function AttendeesScreen({ params, search }: ScreenProps) {
  const event = params.id!;
  const path = `events/${event}/attendees`;
  const title = useEventTitle(event);
  const page = pageOf(search);
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const [archive, setArchive] = useState<Archive | undefined>();
  const [message, setMessage] = useState('');
  const [reload, setReload] = useState(0);
  const [typed, setTyped] = useState(search.get('search') ?? '');
  const filters: Query = {
    post_id: Number(event),
    search: search.get('search') ?? undefined,
    ticket_id: search.get('ticket') ?? undefined,
    checkedin: search.get('checked_in') ?? undefined,
    rsvp_going_status: search.get('status') ?? undefined,
  };
  useEffect(() => {
    void get<{ tickets: Ticket[] }>('tickets', {
      include_post: Number(event),
      per_page: 100,
      status: ['publish', 'draft', 'pending', 'private'],
    }).then(
      ({ body }) => setTickets(body.tickets),
      () => setTickets([]),
    );
  }, [event]);
  useEffect(() => {
    void get<Archive>('attendees', { ...filters, per_page: PER_PAGE, page }).then(
      ({ body }) => setArchive(body),
      (error) => setMessage(failureText(error)),
    );
  }, [search.toString(), reload]);
  const act = async (action: () => Promise<string>) => {
    try {
      setMessage(await action());
      setReload((count) => count + 1);
    } catch (error) {
      setMessage(failureText(error));
    }
  };
  const checkIn = (attendee: Attendee, on: boolean) =>
    act(async () => {
      await request(on ? 'POST' : 'DELETE', `attendees/${attendee.id}/check-in`);
      return t(on ? 'doneCheckedIn' : 'doneCheckedOut', { name: attendee.title });
    });
  const cancel = (attendee: Attendee) => {
    if (!confirm(t('confirmCancelSeat', { name: attendee.title }))) return;
    void act(async () => {
      await request('POST', `attendees/${attendee.id}/cancel`);
      return t('doneCancelled', { name: attendee.title });
    });
  };
  const resend = (attendee: Attendee) =>
    act(async () => {
      await request('POST', `attendees/${attendee.id}/resend`);
      return t('doneResent', { email: attendee.email });
    });
  const exportCsv = () =>
    act(async () => {
      await downloadCsv('attendees', filters, `attendees-${event}.csv`);
      return '';
    });
  const choose = (key: string) => (change: Event) =>
    goToList(path, search, { [key]: (change.currentTarget as HTMLSelectElement).value });
  const checked = archive?.attendees.filter((attendee) => attendee.checked_in).length ?? 0;
  return (
    <>
      <div class="screen-heading">
        <h1>{t('attendeesHeading', { title: title ?? '…' })}</h1>
        <p class="actions no-print">
          <a href={href(`events/${event}`)}>{t('backToEvent')}</a>
          <a href={href(`events/${event}/check-in`)}>{t('checkInLink')}</a>
        </p>
      </div>
      <form
        class="filters no-print"
        role="search"
        aria-label={t('attendeeFilters')}
        onSubmit={(submit) => {
          submit.preventDefault();
          goToList(path, search, { search: typed.trim() });
        }}
      >
        <label>
          {t('attendeeSearch')}{' '}
          <input type="search" value={typed} onInput={(input) => setTyped((input.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">{t('search')}</button>
        <label>
          {t('ticketColumn')}
          <select value={search.get('ticket') ?? ''} onChange={choose('ticket')}>
            <option value="">{t('anyTicket')}</option>
            {tickets.map((ticket) => (
              <option key={ticket.id} value={String(ticket.id)}>
                {ticket.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('checkedInFilter')}
          <select value={search.get('checked_in') ?? ''} onChange={choose('checked_in')}>
            <option value="">{t('everyone')}</option>
            <option value="true">{t('checkedInYes')}</option>
            <option value="false">{t('checkedInNo')}</option>
          </select>
        </label>
        <label>
          {t('rsvpFilter')}
          <select value={search.get('status') ?? ''} onChange={choose('status')}>
            <option value="">{t('rsvpAny')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(STATUS_WORD[status]!)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p class="actions no-print">
        <button type="button" class="secondary" onClick={() => void exportCsv()}>
          {t('exportCsv')}
        </button>
        <button type="button" class="secondary" onClick={() => print()}>
          {t('printList')}
        </button>
      </p>
      <p role="status" class="message">
        {message}
      </p>
      {archive === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : archive.attendees.length === 0 ? (
        <p>{t('noAttendees')}</p>
      ) : (
        <>
          <p>{t('attendeeTotal', { count: archive.total, checked })}</p>
          <table class="records plain attendees">
            <caption class="visually-hidden">{t('attendeesHeading', { title: title ?? '' })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('attendeeName')}</th>
                <th scope="col">{t('attendeeEmail')}</th>
                <th scope="col">{t('ticketColumn')}</th>
                <th scope="col">{t('rsvpFilter')}</th>
                <th scope="col">{t('attendeeCheckedIn')}</th>
                <th scope="col">{t('attendeeAnswers')}</th>
                <th scope="col" class="no-print">
                  {t('attendeeActions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {archive.attendees.map((attendee) => (
                <tr key={attendee.id}>
                  <td>{attendee.title}</td>
                  <td>{attendee.email}</td>
                  <td>{ticketTitle(attendee)}</td>
                  <td>{t(STATUS_WORD[attendee.rsvp_status] ?? 'rsvpGoing')}</td>
                  <td>{attendee.checked_in_at ? formatInstant(attendee.checked_in_at) : t('notCheckedIn')}</td>
                  <td>{answersText(attendee.answers)}</td>
                  <td class="actions no-print">
                    {attendee.rsvp_status !== 'going' ? null : attendee.checked_in ? (
                      <button
                        type="button"
                        class="secondary"
                        aria-label={t('checkOutTitle', { name: attendee.title })}
                        onClick={() => void checkIn(attendee, false)}
                      >
                        {t('checkOut')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        aria-label={t('checkInTitle', { name: attendee.title })}
                        onClick={() => void checkIn(attendee, true)}
                      >
                        {t('checkIn')}
                      </button>
                    )}
                    {attendee.rsvp_status === 'cancelled' ? null : (
                      <button
                        type="button"
                        class="secondary"
                        aria-label={t('resendTitle', { email: attendee.email })}
                        onClick={() => void resend(attendee)}
                      >
                        {t('resend')}
                      </button>
                    )}
                    {attendee.rsvp_status === 'going' || attendee.rsvp_status === 'waitlisted' ? (
                      <button
                        type="button"
                        class="danger"
                        aria-label={t('cancelSeatTitle', { name: attendee.title })}
                        onClick={() => cancel(attendee)}
                      >
                        {t('cancelSeat')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div class="no-print">
        <Pager path={path} search={search} page={page} pages={archive?.total_pages ?? 1} />
      </div>
    </>
  );
}

/** What a QR code's text (the check-in link `?event_qr_code=1&ticket_id=…&event_id=…&security_code=…`) says, or undefined. */
export function codeOf(
  text: string,
): { attendee: number; event: number | undefined; securityCode: string } | undefined {
  const trimmed = text.trim();
  const query = trimmed.includes('?') ? trimmed.slice(trimmed.indexOf('?') + 1) : trimmed;
  const params = new URLSearchParams(query.split('#')[0]);
  const attendee = Number(params.get('ticket_id'));
  const securityCode = params.get('security_code') ?? '';
  if (!Number.isInteger(attendee) || attendee <= 0 || securityCode === '') return undefined;
  const event = Number(params.get('event_id'));
  return { attendee, event: Number.isInteger(event) && event > 0 ? event : undefined, securityCode };
}

type Feedback = { kind: 'ok' | 'warning' | 'error'; text: string };

export function CheckInScreen({ params }: ScreenProps) {
  const event = Number(params.id);
  const title = useEventTitle(params.id!);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [found, setFound] = useState<Attendee[] | undefined>();
  const [feedback, setFeedback] = useState<Feedback | undefined>();
  const [counts, setCounts] = useState<{ checked: number; total: number } | undefined>();
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const total = (query: Query) =>
      get<Archive>('attendees', { post_id: event, rsvp_going_status: 'going', per_page: 1, ...query }).then(
        ({ body }) => body.total,
      );
    void Promise.all([total({ checkedin: 'true' }), total({})]).then(
      ([checked, all]) => setCounts({ checked, total: all }),
      () => setCounts(undefined),
    );
  }, [event, reload]);

  /** Checks one attendee in, saying plainly what happened: done, already done (and when), or why not. */
  const admit = async (attendee: Attendee, securityCode?: string): Promise<Feedback> => {
    if (attendee.post_id !== event) return { kind: 'error', text: t('checkInOtherEvent') };
    if (securityCode !== undefined && attendee.security_code !== securityCode)
      return { kind: 'error', text: t('checkInWrongCode') };
    if (attendee.rsvp_status !== 'going')
      return {
        kind: 'error',
        text: t('checkInNotGoing', { name: attendee.title, status: statusWord(attendee.rsvp_status) }),
      };
    if (attendee.checked_in)
      return {
        kind: 'warning',
        text: t('checkInAlready', {
          name: attendee.title,
          when: attendee.checked_in_at ? formatInstant(attendee.checked_in_at) : '',
        }),
      };
    // The code goes through the original's `qr` route, which checks it once more.
    if (securityCode !== undefined)
      await request('POST', 'qr', { body: { ticket_id: attendee.id, security_code: securityCode } });
    else await request('POST', `attendees/${attendee.id}/check-in`);
    return { kind: 'ok', text: t('checkInOk', { name: attendee.title }) };
  };
  const run = async (work: () => Promise<Feedback>) => {
    try {
      setFeedback(await work());
    } catch (error) {
      setFeedback({
        kind: 'error',
        text:
          error instanceof ApiFailure && (error.status === 404 || error.code === 'attendee_security_code_mismatch')
            ? t('checkInWrongCode')
            : failureText(error),
      });
    }
    setReload((count) => count + 1);
  };
  const withCode = (submit: Event) => {
    submit.preventDefault();
    const read = codeOf(code);
    if (read === undefined) return setFeedback({ kind: 'error', text: t('checkInNotACode') });
    if (read.event !== undefined && read.event !== event)
      return setFeedback({ kind: 'error', text: t('checkInOtherEvent') });
    void run(async () => {
      const { body } = await get<Attendee>(`attendees/${read.attendee}`);
      const answer = await admit(body, read.securityCode);
      if (answer.kind === 'ok') setCode('');
      return answer;
    });
  };
  const find = (submit: Event) => {
    submit.preventDefault();
    if (name.trim() === '') return;
    void get<Archive>('attendees', { post_id: event, search: name.trim(), per_page: 20 }).then(
      ({ body }) => {
        setFound(body.attendees);
        setFeedback(body.attendees.length === 0 ? { kind: 'warning', text: t('checkInNoMatch') } : undefined);
      },
      (error) => setFeedback({ kind: 'error', text: failureText(error) }),
    );
  };
  const admitFound = (attendee: Attendee) =>
    void run(async () => {
      const answer = await admit(attendee);
      if (found)
        setFound(
          found.map((one) =>
            one.id === attendee.id && answer.kind === 'ok'
              ? { ...one, checked_in: true, checked_in_at: new Date().toISOString() }
              : one,
          ),
        );
      return answer;
    });
  return (
    <div class="check-in">
      <h1>{t('checkInHeading', { title: title ?? '…' })}</h1>
      <p class="actions">
        <a href={href(`events/${event}/attendees`)}>{t('attendeesLink')}</a>
        <a href={href(`events/${event}`)}>{t('backToEvent')}</a>
      </p>
      {counts ? <p>{t('checkInCount', counts)}</p> : null}
      <div role="status" class={`feedback ${feedback?.kind ?? ''}`}>
        {feedback ? (
          <p>
            {feedback.kind === 'ok' ? '✓ ' : feedback.kind === 'error' ? '✗ ' : '! '}
            {feedback.text}
          </p>
        ) : null}
      </div>
      <form class="editor" onSubmit={withCode}>
        <div class="field">
          <label for="check-in-code">{t('checkInCode')}</label>
          <small id="check-in-code-hint">{t('checkInCodeHint')}</small>
          <input
            id="check-in-code"
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            aria-describedby="check-in-code-hint"
            value={code}
            onInput={(input) => setCode((input.target as HTMLInputElement).value)}
          />
        </div>
        <button type="submit">{t('checkInWithCode')}</button>
      </form>
      <form class="editor" role="search" onSubmit={find}>
        <div class="field">
          <label for="check-in-name">{t('checkInFind')}</label>
          <input
            id="check-in-name"
            type="search"
            autocomplete="off"
            value={name}
            onInput={(input) => setName((input.target as HTMLInputElement).value)}
          />
        </div>
        <button type="submit">{t('checkInFindButton')}</button>
      </form>
      {found && found.length > 0 ? (
        <ul class="queue" aria-label={t('checkInMatches')}>
          {found.map((attendee) => (
            <li key={attendee.id}>
              <strong>{attendee.title}</strong> · {attendee.email} · {ticketTitle(attendee)} ·{' '}
              {t(STATUS_WORD[attendee.rsvp_status] ?? 'rsvpGoing')}
              {attendee.checked_in ? (
                <p>
                  {t('checkInAlready', {
                    name: attendee.title,
                    when: attendee.checked_in_at ? formatInstant(attendee.checked_in_at) : '',
                  })}
                </p>
              ) : null}
              {attendee.rsvp_status === 'going' && !attendee.checked_in ? (
                <p>
                  <button
                    type="button"
                    aria-label={t('checkInTitle', { name: attendee.title })}
                    onClick={() => admitFound(attendee)}
                  >
                    {t('checkIn')}
                  </button>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
