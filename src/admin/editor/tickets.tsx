import { useEffect, useState } from 'preact/hooks';
import type { components } from '../api-types.ts';
import { ApiFailure, fieldErrors, get, request } from '../api.ts';
import { formatWhen, t } from '../i18n.ts';
import { href } from '../router.ts';
import '../ticket-words.ts';
import { checkedOf, ErrorSummary, Field, invalid, valueOf } from './fields.tsx';

/*
 * The event editor's tickets panel (issue 46 item 5): the event's tickets and RSVPs through the
 * Event Tickets API (`tickets?include_post=`, `POST tickets`, `POST tickets/{id}`, `DELETE`), and a
 * form for one: name, description, price (0: a free RSVP), currency, capacity of its own, shared
 * or unlimited, sale window (the site's wall clock) and the questions each attendee is asked.
 * A form of its own beside the event's, so a ticket is saved without saving the event.
 */

export type Ticket = components['schemas']['Ticket'];
type Question = { label: string; type: 'text' | 'choice' | 'checkbox'; options: string; required: boolean };
interface TicketForm {
  name: string;
  description: string;
  price: string;
  currency: string;
  mode: 'own' | 'shared' | 'unlimited';
  capacity: string;
  shared: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  questions: Question[];
  /** The questions were changed here: only then are they sent (the API's answers leave `required` out today, so an untouched list is not rewritten from them). */
  questionsChanged: boolean;
}

const blank = (): TicketForm => ({
  name: '',
  description: '',
  price: '0',
  currency: 'USD',
  mode: 'own',
  capacity: '',
  shared: '',
  startDay: '',
  startTime: '',
  endDay: '',
  endTime: '',
  questions: [],
  questionsChanged: true,
});
const split = (wire: string) => (wire === '' ? ['', ''] : [wire.slice(0, 10), wire.slice(11, 16)]);

function formOf(ticket: Ticket): TicketForm {
  const [startDay = '', startTime = ''] = split(ticket.available_from);
  const [endDay = '', endTime = ''] = split(ticket.available_until);
  return {
    name: ticket.title,
    description: ticket.description,
    price: ticket.price,
    currency: ticket.currency,
    mode: ticket.capacity_mode,
    capacity: ticket.capacity < 0 ? '' : String(ticket.capacity),
    shared: '',
    startDay,
    startTime,
    endDay,
    endTime,
    questions: ticket.attendee_fields.map((field) => ({
      label: field.label,
      type: field.type,
      options: (field.options ?? []).join(', '),
      required: field.required ?? false,
    })),
    questionsChanged: false,
  };
}

/** The API's body: a sale bound only when its day is given (the API keeps one unset when it is not named). */
function bodyOf(form: TicketForm, event: number | undefined): Record<string, unknown> {
  const bound = (day: string, time: string) => (day === '' ? undefined : `${day} ${time === '' ? '00:00' : time}:00`);
  const start = bound(form.startDay, form.startTime);
  const end = bound(form.endDay, form.endTime);
  return {
    ...(event === undefined ? {} : { event }),
    name: form.name.trim(),
    description: form.description,
    price: form.price.trim() === '' ? '0' : form.price.trim(),
    currency: form.currency.trim().toUpperCase(),
    capacity_mode: form.mode,
    ...(form.mode !== 'unlimited' && form.capacity.trim() !== '' ? { capacity: Number(form.capacity) } : {}),
    ...(form.mode === 'shared' && form.shared.trim() !== '' ? { shared_capacity: Number(form.shared) } : {}),
    ...(start ? { start_date: start } : {}),
    ...(end ? { end_date: end } : {}),
    ...(form.questionsChanged ? { attendee_fields: attendeeFieldsOf(form.questions) } : {}),
  };
}

function attendeeFieldsOf(questions: readonly Question[]) {
  return questions.map((question) => ({
    label: question.label.trim(),
    type: question.type,
    required: question.required,
    ...(question.type === 'choice'
      ? {
          options: question.options
            .split(',')
            .map((option) => option.trim())
            .filter((option) => option !== ''),
        }
      : {}),
  }));
}

/** Where each body field's error goes: the control's id. */
const FIELD_OF: Record<string, string> = {
  name: 'ticket-name',
  title: 'ticket-name',
  description: 'ticket-description',
  price: 'ticket-price',
  currency: 'ticket-currency',
  capacity: 'ticket-capacity',
  shared_capacity: 'ticket-shared',
  start_date: 'ticket-start-day',
  end_date: 'ticket-end-day',
  attendee_fields: 'ticket-add-question',
};

export function saleText(ticket: Ticket): string {
  const from = ticket.available_from === '' ? undefined : formatWhen(ticket.available_from, false);
  const until = ticket.available_until === '' ? undefined : formatWhen(ticket.available_until, false);
  if (from && until) return t('saleBetween', { from, until });
  if (from) return t('saleFrom', { when: from });
  if (until) return t('saleUntil', { when: until });
  return t('saleAlways');
}

const AVAILABILITY = { available: 'onSale', sold_out: 'soldOut', unavailable: 'notOnSale' } as const;

export function placesText(ticket: Ticket): string {
  const { sold, available, status } = ticket.availability;
  const places = ticket.capacity < 0 ? t('placesUnlimited', { sold }) : t('placesTaken', { sold, left: available });
  return `${places} · ${t(AVAILABILITY[status])}`;
}

export function TicketsPanel({ event }: { event: number | undefined }) {
  const [tickets, setTickets] = useState<Ticket[] | undefined>();
  const [editing, setEditing] = useState<{ id: number | undefined; form: TicketForm } | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (event === undefined) return;
    void get<{ tickets: Ticket[] }>('tickets', {
      include_post: event,
      per_page: 100,
      status: ['publish', 'draft', 'pending', 'private'],
    }).then(
      ({ body }) => setTickets(body.tickets),
      (error: Error) => setMessage(error.message),
    );
  }, [event, reload]);
  if (event === undefined) {
    return (
      <section class="section" aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">{t('ticketsPanel')}</h2>
        <p>{t('ticketsSaveFirst')}</p>
      </section>
    );
  }
  const form = editing?.form;
  const update = (change: Partial<TicketForm>) =>
    setEditing((current) => current && { ...current, form: { ...current.form, ...change } });
  // From the state as it is when the change lands: two quick changes (a choice typed, a box ticked) never undo each other.
  const updateQuestion = (index: number, change: Partial<Question>) =>
    setEditing(
      (current) =>
        current && {
          ...current,
          form: {
            ...current.form,
            questionsChanged: true,
            questions: current.form.questions.map((question, at) =>
              at === index ? { ...question, ...change } : question,
            ),
          },
        },
    );
  const save = async (submit: Event) => {
    submit.preventDefault();
    if (!editing) return;
    setErrors({});
    try {
      const { body } =
        editing.id === undefined
          ? await request<Ticket>('POST', 'tickets', { body: bodyOf(editing.form, event) })
          : await request<Ticket>('POST', `tickets/${editing.id}`, { body: bodyOf(editing.form, undefined) });
      setEditing(undefined);
      setMessage(t('ticketSaved', { name: body.title }));
      setReload((count) => count + 1);
    } catch (error) {
      const found = fieldErrors(error);
      const shown = Object.fromEntries(
        Object.entries(found).map(([field, text]) => [FIELD_OF[field] ?? 'ticket-name', text]),
      );
      setErrors(
        Object.keys(shown).length > 0
          ? shown
          : { 'ticket-name': error instanceof Error ? error.message : String(error) },
      );
    }
  };
  const remove = async (ticket: Ticket) => {
    if (!confirm(t('confirmDeleteTicket', { name: ticket.title }))) return;
    try {
      await request('DELETE', `tickets/${ticket.id}`);
      setMessage(t('ticketDeleted', { name: ticket.title }));
      setReload((count) => count + 1);
    } catch (error) {
      setMessage(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  return (
    <section class="section" aria-labelledby="tickets-heading">
      <h2 id="tickets-heading">{t('ticketsPanel')}</h2>
      <p class="actions">
        <a href={href(`events/${event}/attendees`)}>{t('attendeesLink')}</a>
        <a href={href(`events/${event}/check-in`)}>{t('checkInLink')}</a>
      </p>
      <p role="status" class="message">
        {message}
      </p>
      {tickets === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : tickets.length === 0 ? (
        <p>{t('noTickets')}</p>
      ) : (
        <table class="records plain">
          <caption class="visually-hidden">{t('ticketsPanel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ticketColumn')}</th>
              <th scope="col">{t('priceColumn')}</th>
              <th scope="col">{t('placesColumn')}</th>
              <th scope="col">{t('saleColumn')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {tickets.map((ticket) => (
              <tr key={ticket.id}>
                <td>{ticket.title}</td>
                <td>{ticket.cost}</td>
                <td>{placesText(ticket)}</td>
                <td>{saleText(ticket)}</td>
                <td class="actions">
                  <button
                    type="button"
                    class="secondary"
                    aria-label={t('ticketEditTitle', { name: ticket.title })}
                    onClick={() => {
                      setErrors({});
                      setEditing({ id: ticket.id, form: formOf(ticket) });
                    }}
                  >
                    {t('ticketEdit')}
                  </button>
                  <button
                    type="button"
                    class="danger"
                    aria-label={t('ticketDeleteTitle', { name: ticket.title })}
                    onClick={() => void remove(ticket)}
                  >
                    {t('ticketDelete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {form === undefined ? (
        <p>
          <button
            type="button"
            onClick={() => {
              setErrors({});
              setEditing({ id: undefined, form: blank() });
            }}
          >
            {t('addTicket')}
          </button>
        </p>
      ) : (
        <form class="editor" onSubmit={(submit) => void save(submit)} noValidate aria-labelledby="ticket-form-heading">
          <h3 id="ticket-form-heading">
            {editing?.id === undefined ? t('newTicket') : t('editTicketHeading', { name: form.name })}
          </h3>
          <ErrorSummary errors={errors} title={t('saveFailed')} />
          <Field id="ticket-name" label={t('ticketName')} error={errors['ticket-name']}>
            <input
              id="ticket-name"
              required
              value={form.name}
              onInput={(input) => update({ name: valueOf(input) })}
              {...invalid('ticket-name', errors['ticket-name'])}
            />
          </Field>
          <Field id="ticket-description" label={t('ticketDescription')} error={errors['ticket-description']}>
            <textarea
              id="ticket-description"
              rows={2}
              value={form.description}
              onInput={(input) => update({ description: valueOf(input) })}
            />
          </Field>
          <div class="row">
            <Field
              id="ticket-price"
              label={t('ticketPrice')}
              hint={t('ticketPriceHint')}
              error={errors['ticket-price']}
            >
              <input
                id="ticket-price"
                inputMode="decimal"
                value={form.price}
                onInput={(input) => update({ price: valueOf(input) })}
                aria-describedby={errors['ticket-price'] ? 'ticket-price-hint ticket-price-error' : 'ticket-price-hint'}
              />
            </Field>
            <Field id="ticket-currency" label={t('ticketCurrency')} error={errors['ticket-currency']}>
              <input
                id="ticket-currency"
                maxLength={3}
                autocomplete="off"
                value={form.currency}
                onInput={(input) => update({ currency: valueOf(input) })}
                {...invalid('ticket-currency', errors['ticket-currency'])}
              />
            </Field>
          </div>
          <fieldset>
            <legend>{t('ticketCapacity')}</legend>
            {(['own', 'shared', 'unlimited'] as const).map((mode) => (
              <label class="check" key={mode}>
                <input type="radio" name="ticket-mode" checked={form.mode === mode} onChange={() => update({ mode })} />{' '}
                {t(mode === 'own' ? 'capacityOwn' : mode === 'shared' ? 'capacityShared' : 'capacityUnlimited')}
              </label>
            ))}
            {form.mode === 'unlimited' ? null : (
              <Field
                id="ticket-capacity"
                label={form.mode === 'own' ? t('ticketPlaces') : t('ticketCap')}
                error={errors['ticket-capacity']}
              >
                <input
                  id="ticket-capacity"
                  type="number"
                  min={0}
                  value={form.capacity}
                  onInput={(input) => update({ capacity: valueOf(input) })}
                  {...invalid('ticket-capacity', errors['ticket-capacity'])}
                />
              </Field>
            )}
            {form.mode === 'shared' ? (
              <Field id="ticket-shared" label={t('ticketSharedPlaces')} error={errors['ticket-shared']}>
                <input
                  id="ticket-shared"
                  type="number"
                  min={0}
                  value={form.shared}
                  onInput={(input) => update({ shared: valueOf(input) })}
                  {...invalid('ticket-shared', errors['ticket-shared'])}
                />
              </Field>
            ) : null}
          </fieldset>
          <fieldset aria-describedby="ticket-sale-hint">
            <legend>{t('saleColumn')}</legend>
            <small id="ticket-sale-hint">{t('saleHint')}</small>
            <div class="row">
              <Field id="ticket-start-day" label={t('saleStartDay')} error={errors['ticket-start-day']}>
                <input
                  id="ticket-start-day"
                  type="date"
                  value={form.startDay}
                  onInput={(input) => update({ startDay: valueOf(input) })}
                  {...invalid('ticket-start-day', errors['ticket-start-day'])}
                />
              </Field>
              <Field id="ticket-start-time" label={t('saleStartTime')}>
                <input
                  id="ticket-start-time"
                  type="time"
                  value={form.startTime}
                  onInput={(input) => update({ startTime: valueOf(input) })}
                />
              </Field>
            </div>
            <div class="row">
              <Field id="ticket-end-day" label={t('saleEndDay')} error={errors['ticket-end-day']}>
                <input
                  id="ticket-end-day"
                  type="date"
                  value={form.endDay}
                  onInput={(input) => update({ endDay: valueOf(input) })}
                  {...invalid('ticket-end-day', errors['ticket-end-day'])}
                />
              </Field>
              <Field id="ticket-end-time" label={t('saleEndTime')}>
                <input
                  id="ticket-end-time"
                  type="time"
                  value={form.endTime}
                  onInput={(input) => update({ endTime: valueOf(input) })}
                />
              </Field>
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('attendeeFields')}</legend>
            {form.questions.map((question, index) => {
              const n = index + 1;
              const id = `ticket-question-${n}`;
              return (
                <fieldset key={index}>
                  <legend>{t('questionN', { n })}</legend>
                  <Field id={`${id}-label`} label={t('fieldQuestion')}>
                    <input
                      id={`${id}-label`}
                      value={question.label}
                      onInput={(input) => updateQuestion(index, { label: valueOf(input) })}
                    />
                  </Field>
                  <Field id={`${id}-type`} label={t('fieldType')}>
                    <select
                      id={`${id}-type`}
                      value={question.type}
                      onChange={(change) => updateQuestion(index, { type: valueOf(change) as Question['type'] })}
                    >
                      <option value="text">{t('fieldText')}</option>
                      <option value="choice">{t('fieldChoice')}</option>
                      <option value="checkbox">{t('fieldCheckbox')}</option>
                    </select>
                  </Field>
                  {question.type === 'choice' ? (
                    <Field id={`${id}-options`} label={t('fieldOptions')}>
                      <input
                        id={`${id}-options`}
                        value={question.options}
                        onInput={(input) => updateQuestion(index, { options: valueOf(input) })}
                      />
                    </Field>
                  ) : null}
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={question.required}
                      onChange={(change) => updateQuestion(index, { required: checkedOf(change) })}
                    />{' '}
                    {t('fieldRequired')}
                  </label>
                  <p>
                    <button
                      type="button"
                      class="secondary"
                      onClick={() =>
                        update({ questionsChanged: true, questions: form.questions.filter((_, at) => at !== index) })
                      }
                    >
                      {t('removeQuestion', { n })}
                    </button>
                  </p>
                </fieldset>
              );
            })}
            <p>
              <button
                id="ticket-add-question"
                type="button"
                class="secondary"
                onClick={() =>
                  update({
                    questionsChanged: true,
                    questions: [...form.questions, { label: '', type: 'text', options: '', required: false }],
                  })
                }
              >
                {t('addQuestion')}
              </button>
            </p>
          </fieldset>
          <div class="actions">
            <button type="submit">{t('saveTicket')}</button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setErrors({});
                setEditing(undefined);
              }}
            >
              {t('cancelTicket')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
