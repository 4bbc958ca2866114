import type { ComponentChildren } from 'preact';
import type { AttendeeFieldInput } from '../../tickets/tickets.schemas.ts';
import type { RsvpFormState, RsvpProblem, TicketOffer } from '../rsvp-form.ts';
import type { RsvpMessages } from '../messages.ts';
import type { RsvpState } from '../../tickets/rsvp-changes.ts';
import { Layout, type PageContext } from './layout.tsx';
import { html } from './pages.tsx';

/*
 * The RSVP form of an event's page (issue 46; decisions 0125, 0126): one form per published
 * ticket, a plain POST that works without script, every control labelled, each problem next to
 * its field and in a summary, the visitor's input kept. Priced tickets show their price and the
 * ticket's own "Buy" link: no checkout here.
 */

const fill = (text: string, value: string | number) => text.replace(/%[ds]/, String(value));

/** A label, its control, and the field's problem, tied together by ids. */
function Field({
  id,
  label,
  problem,
  children,
  checkbox,
}: {
  id: string;
  label: ComponentChildren;
  problem: string | undefined;
  checkbox?: boolean;
  children: (attributes: Record<string, string | undefined>) => ComponentChildren;
}) {
  const attributes = {
    id,
    'aria-describedby': problem ? `${id}-error` : undefined,
    'aria-invalid': problem ? 'true' : undefined,
  };
  const error = problem ? (
    <span class="field-error" id={`${id}-error`}>
      {problem}
    </span>
  ) : null;
  if (checkbox) {
    return (
      <p class={problem ? 'field checkbox invalid' : 'field checkbox'}>
        {children(attributes)}
        <label for={id}>{label}</label>
        {error}
      </p>
    );
  }
  return (
    <p class={problem ? 'field invalid' : 'field'}>
      <label for={id}>{label}</label>
      {children(attributes)}
      {error}
    </p>
  );
}

/** The controls of a ticket's attendee fields, named `answer_{index}`: text, a choice, a checkbox. */
export function AnswerFields({
  messages,
  prefix,
  fields,
  values,
  problem,
}: {
  messages: RsvpMessages;
  prefix: string;
  fields: readonly AttendeeFieldInput[];
  values: Readonly<Record<string, string>>;
  problem: string | undefined;
}) {
  return (
    <>
      {fields.map((field, index) => {
        const name = `answer_${index}`;
        const id = `${prefix}-${name}`;
        const label = field.required ? field.label : `${field.label} ${messages.optional}`;
        if (field.type === 'checkbox') {
          return (
            <Field id={id} label={label} problem={undefined} checkbox>
              {(attributes) => (
                <input
                  {...attributes}
                  type="checkbox"
                  name={name}
                  value="on"
                  checked={values[name] === 'on'}
                  required={field.required}
                />
              )}
            </Field>
          );
        }
        if (field.type === 'choice') {
          return (
            <Field id={id} label={label} problem={undefined}>
              {(attributes) => (
                <select {...attributes} name={name} required={field.required}>
                  <option value="">{messages.choose}</option>
                  {(field.options ?? []).map((option) => (
                    <option value={option} selected={values[name] === option}>
                      {option}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          );
        }
        return (
          <Field id={id} label={label} problem={undefined}>
            {(attributes) => (
              <input
                {...attributes}
                type="text"
                name={name}
                value={values[name] ?? ''}
                required={field.required}
                maxLength={500}
              />
            )}
          </Field>
        );
      })}
      {problem ? (
        <p class="field-error" id={`${prefix}-answers-error`}>
          {problem}
        </p>
      ) : null}
    </>
  );
}

/** The problems of a form sent, listed before it (and each beside its field). */
export function Problems({
  messages,
  id,
  problems,
}: {
  messages: RsvpMessages;
  id: string;
  problems: Partial<Record<RsvpProblem, string>>;
}) {
  const list = Object.values(problems).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <div class="form-problems" role="alert" aria-labelledby={id}>
      <h4 id={id}>{messages.problems}</h4>
      <ul>
        {list.map((problem) => (
          <li>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

function OfferForm({
  page,
  offer,
  action,
  day,
  state,
}: {
  page: PageContext;
  offer: TicketOffer;
  action: string;
  day: string | undefined;
  state: RsvpFormState | undefined;
}) {
  const messages = page.messages.rsvp;
  const prefix = `rsvp-${offer.id}`;
  const values = state?.values ?? {};
  const problems = state?.problems ?? {};
  const waitlist = offer.left === 0;
  const most = offer.left === null || waitlist ? 100 : Math.min(offer.left, 100);
  const notGoing = values.going === 'no';
  return (
    <form method="post" action={action} class="rsvp-form" aria-labelledby={`${prefix}-title`}>
      <Problems messages={messages} id={`${prefix}-problems`} problems={problems} />
      <input type="hidden" name="ticket_id" value={String(offer.id)} />
      {/* An occurrence's page: its form's problems come back on the same date's page. */}
      {day ? <input type="hidden" name="day" value={day} /> : null}
      {waitlist ? <input type="hidden" name="waitlist" value="1" /> : null}
      {waitlist ? null : (
        <fieldset class="rsvp-going">
          <legend>{messages.answer}</legend>
          <p class="field checkbox">
            <input id={`${prefix}-going`} type="radio" name="going" value="yes" checked={!notGoing} />
            <label for={`${prefix}-going`}>{messages.going}</label>
          </p>
          <p class="field checkbox">
            <input id={`${prefix}-not-going`} type="radio" name="going" value="no" checked={notGoing} />
            <label for={`${prefix}-not-going`}>{messages.notGoing}</label>
          </p>
        </fieldset>
      )}
      <Field id={`${prefix}-name`} label={messages.name} problem={problems.name}>
        {(attributes) => (
          <input
            {...attributes}
            type="text"
            name="name"
            value={values.name ?? ''}
            required
            autocomplete="name"
            maxLength={200}
          />
        )}
      </Field>
      <Field id={`${prefix}-email`} label={messages.email} problem={problems.email}>
        {(attributes) => (
          <input
            {...attributes}
            type="email"
            name="email"
            value={values.email ?? ''}
            required
            autocomplete="email"
            maxLength={254}
          />
        )}
      </Field>
      <Field id={`${prefix}-quantity`} label={messages.quantity} problem={problems.quantity}>
        {(attributes) => (
          <input
            {...attributes}
            type="number"
            name="quantity"
            value={values.quantity ?? '1'}
            min={1}
            max={most}
            required
            inputMode="numeric"
          />
        )}
      </Field>
      <AnswerFields
        messages={messages}
        prefix={prefix}
        fields={offer.fields}
        values={values}
        problem={problems.answers}
      />
      {/* The honeypot: hidden from people and assistive technology by the stylesheet, out of the tab order (as the community form's). */}
      <p class="trap" aria-hidden="true">
        <label for={`${prefix}-homepage`}>{messages.trap}</label>
        <input id={`${prefix}-homepage`} name="homepage" type="text" tabindex={-1} autocomplete="off" value="" />
      </p>
      <p>
        <button type="submit">{waitlist ? messages.joinWaitlist : messages.send}</button>
      </p>
    </form>
  );
}

/** One ticket: its name, price or places, and its form, or why there is none. */
function Offer({
  page,
  offer,
  action,
  day,
  state,
}: {
  page: PageContext;
  offer: TicketOffer;
  action: string;
  day: string | undefined;
  state: RsvpFormState | undefined;
}) {
  const messages = page.messages.rsvp;
  const prefix = `rsvp-${offer.id}`;
  const formProblem = state?.problems.form;
  let body: ComponentChildren;
  if (!offer.free) {
    body = offer.buyUrl ? (
      <p>
        <a class="button-link" href={offer.buyUrl} rel="external noopener">
          {messages.buy}: {offer.name}
        </a>
      </p>
    ) : null;
  } else if (offer.sale === 'not-started') {
    body = <p class="rsvp-state">{fill(messages.saleStarts, offer.startsAt ?? '')}</p>;
  } else if (offer.sale === 'ended') {
    body = <p class="rsvp-state">{messages.saleEnded}</p>;
  } else if (offer.left === 0 && !offer.waitlist) {
    body = <p class="rsvp-state">{messages.full}</p>;
  } else {
    body = <OfferForm page={page} offer={offer} action={action} day={day} state={state} />;
  }
  return (
    <section class="ticket" aria-labelledby={`${prefix}-title`} id={prefix}>
      <h3 id={`${prefix}-title`}>{offer.name}</h3>
      {offer.description ? <p>{offer.description}</p> : null}
      {offer.free ? (
        offer.sale === 'open' && !(offer.left === 0 && !offer.waitlist) ? (
          <p class="rsvp-state">
            {offer.left === null
              ? messages.unlimited
              : offer.left === 0
                ? messages.fullWaitlist
                : fill(messages.placesLeft, offer.left)}
          </p>
        ) : null
      ) : (
        <p class="rsvp-state">
          {messages.price}: {offer.cost}
          {offer.buyUrl ? null : ` ${messages.noCheckout}`}
        </p>
      )}
      {formProblem && !(offer.free && offer.sale === 'open') ? (
        <p class="error" role="alert">
          {formProblem}
        </p>
      ) : null}
      {body}
    </section>
  );
}

/** The event's tickets and their forms, posted to `action`; `state` is the form just sent, refilled with its problems. */
export function RsvpSection({
  page,
  offers,
  action,
  day,
  state,
}: {
  page: PageContext;
  offers: readonly TicketOffer[];
  action: string;
  day?: string | undefined;
  state: RsvpFormState | undefined;
}) {
  if (offers.length === 0) return null;
  return (
    <section class="rsvp" aria-labelledby="rsvp-heading">
      <h2 id="rsvp-heading">{page.messages.rsvp.heading}</h2>
      {offers.map((offer) => (
        <Offer
          page={page}
          offer={offer}
          action={action}
          day={day}
          state={state?.ticketId === offer.id ? state : undefined}
        />
      ))}
    </section>
  );
}

/** What the page of an RSVP's changes shows (decision 0125). */
export interface RsvpPageView {
  /** The page's own address: the signed link, which its forms post to. */
  readonly action: string;
  readonly state: RsvpState;
  /** What was just done: sent, changed or cancelled (the redirect's `?done=`). */
  readonly done?: 'sent' | 'changed' | 'cancelled' | 'promoted';
  /** A change just refused: the values sent and the problems. */
  readonly form?: {
    readonly values: Readonly<Record<string, string>>;
    readonly problems: Partial<Record<RsvpProblem, string>>;
  };
}

/**
 * The confirmation after an RSVP and the page of its changes, at the signed link (decision 0125):
 * what the RSVP holds, a form to change how many places and the answers, and one to cancel it.
 * Nobody else's: never cached, never indexed.
 */
export function rsvpPage(page: PageContext, view: RsvpPageView): string {
  const messages = page.messages.rsvp;
  const { state } = view;
  const places = state.seats.length;
  const stateText =
    state.status === 'going'
      ? fill(messages.stateGoing, places)
      : state.status === 'waitlisted'
        ? fill(messages.stateWaitlisted, places)
        : state.status === 'not-going'
          ? messages.stateNotGoing
          : messages.stateCancelled;
  const done =
    view.done === 'sent'
      ? fill(messages.sent, state.email)
      : view.done === 'changed'
        ? messages.changed
        : view.done === 'cancelled'
          ? messages.cancelled
          : view.done === 'promoted'
            ? `${messages.changed} ${messages.promoted}`
            : undefined;
  const problems = view.form?.problems ?? {};
  const values: Record<string, string> = view.form?.values ?? {
    quantity: String(Math.max(places, 1)),
    ...Object.fromEntries(
      state.fields.flatMap((field, index): [string, string][] => {
        const answer = state.answers[field.label];
        if (field.type === 'checkbox') return answer === true ? [[`answer_${index}`, 'on']] : [];
        return typeof answer === 'string' ? [[`answer_${index}`, answer]] : [];
      }),
    ),
  };
  const most = state.left === null || state.status !== 'going' ? 100 : Math.min(100, state.left + places);
  const open = state.status !== 'cancelled';
  return html(
    <Layout
      page={page}
      head={{ title: `${messages.yourRsvp}: ${state.event.title}`, canonical: view.action, noindex: true }}
    >
      <section class="rsvp-page" aria-labelledby="rsvp-title">
        <h1 id="rsvp-title">{messages.yourRsvp}</h1>
        {done ? (
          <p class="notice" role="status">
            {done}
          </p>
        ) : null}
        <p class="rsvp-state">{stateText}</p>
        <dl class="event-facts">
          <dt>{messages.event}</dt>
          <dd>
            <a href={state.event.url}>{state.event.title}</a>
          </dd>
          <dt>{messages.ticket}</dt>
          <dd>{state.ticket.name}</dd>
          <dt>{messages.name}</dt>
          <dd>{state.name}</dd>
          <dt>{messages.email}</dt>
          <dd>{state.email}</dd>
        </dl>
        {open ? (
          <>
            <p>{messages.keepLink}</p>
            <form method="post" action={view.action} class="rsvp-form" aria-labelledby="rsvp-change">
              <h2 id="rsvp-change">{messages.change}</h2>
              <Problems messages={messages} id="rsvp-change-problems" problems={problems} />
              <input type="hidden" name="action" value="change" />
              {state.status === 'not-going' ? null : (
                <Field id="rsvp-quantity" label={messages.quantity} problem={problems.quantity}>
                  {(attributes) => (
                    <input
                      {...attributes}
                      type="number"
                      name="quantity"
                      value={values.quantity ?? '1'}
                      min={1}
                      max={most}
                      required
                      inputMode="numeric"
                    />
                  )}
                </Field>
              )}
              <AnswerFields
                messages={messages}
                prefix="rsvp"
                fields={state.fields}
                values={values}
                problem={problems.answers}
              />
              <p>
                <button type="submit">{messages.save}</button>
              </p>
            </form>
            <form method="post" action={view.action} class="rsvp-cancel" aria-labelledby="rsvp-cancel">
              <h2 id="rsvp-cancel">{messages.cancel}</h2>
              <p>{messages.cancelHint}</p>
              <input type="hidden" name="action" value="cancel" />
              <p>
                <button type="submit">{messages.cancel}</button>
              </p>
            </form>
          </>
        ) : (
          <p>
            <a href={state.event.url}>{state.event.title}</a>
          </p>
        )}
      </section>
    </Layout>,
  );
}
