import type { ComponentChildren } from 'preact';
import type { Choice, CommunityErrors, CommunityField, CommunityForm, CommunityOptions } from '../community.ts';
import type { CommunityMessages } from '../messages.ts';
import { Layout, type PageContext } from './layout.tsx';
import { html } from './pages.tsx';

/*
 * The community submission form (decision 0062) and its thank-you page: server-rendered, usable
 * without script, a label for every control, and each problem next to its field (linked from a
 * summary at the top and from the field by `aria-describedby`).
 */

/** A problem's words: the form's own checks give a code, the API's validation its message. */
function problemText(messages: CommunityMessages, problem: string): string {
  const codes: Record<string, string> = {
    required: messages.errorRequired,
    date: messages.errorDate,
    time: messages.errorTime,
    choice: messages.errorChoice,
    either: messages.errorEither,
    proof: messages.errorProof,
  };
  return codes[problem] ?? problem;
}

interface FieldProps {
  readonly page: PageContext;
  readonly name: CommunityField;
  readonly label: string;
  readonly form: CommunityForm | undefined;
  readonly errors: CommunityErrors;
  readonly hint?: string;
}

/** A label, the control, a hint and the field's problem, tied together by ids. */
function Field({
  page,
  name,
  label,
  errors,
  hint,
  children,
}: Omit<FieldProps, 'form' | 'name'> & {
  name: CommunityField | 'image';
  children: (attributes: Record<string, string | undefined>) => ComponentChildren;
}) {
  const problem = errors[name];
  const described = [hint ? `${name}-hint` : '', problem ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <p class={problem ? 'field invalid' : 'field'}>
      <label for={`community-${name}`}>{label}</label>
      {hint ? (
        <span class="field-hint" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
      {children({
        id: `community-${name}`,
        name,
        'aria-describedby': described,
        'aria-invalid': problem ? 'true' : undefined,
      })}
      {problem ? (
        <span class="field-error" id={`${name}-error`}>
          {problemText(page.messages.community, problem)}
        </span>
      ) : null}
    </p>
  );
}

function TextField(props: FieldProps & { type?: string; required?: boolean; autocomplete?: string }) {
  return (
    <Field {...props}>
      {(attributes) => (
        <input
          {...attributes}
          type={props.type ?? 'text'}
          value={props.form?.[props.name] ?? ''}
          required={props.required}
          autocomplete={props.autocomplete}
        />
      )}
    </Field>
  );
}

function ChoiceField(props: FieldProps & { choices: readonly Choice[] }) {
  const chosen = props.form?.[props.name] ?? '';
  return (
    <Field {...props}>
      {(attributes) => (
        <select {...attributes}>
          <option value="">{props.page.messages.community.noneChosen}</option>
          {props.choices.map((choice) => (
            <option value={String(choice.id)} selected={String(choice.id) === chosen}>
              {choice.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The form; with `asksProof`, its script (served by the service, decision 0095) fetches a challenge
 * when the visitor sends it, solves it, and sends the solution in the hidden `proof` field.
 */
export function communityFormPage(
  page: PageContext,
  view: {
    action: string;
    options: CommunityOptions;
    form?: CommunityForm;
    errors?: CommunityErrors;
    asksProof: boolean;
  },
): string {
  const messages = page.messages.community;
  const errors = view.errors ?? {};
  const { form, options } = view;
  const field = (name: CommunityField, label: string) => ({ page, name, label, form, errors });
  const problems = Object.entries(errors) as [CommunityField | 'form', string][];
  return html(
    <Layout page={page} head={{ title: messages.title, canonical: view.action, noindex: true }}>
      <h1>{messages.title}</h1>
      <p>{messages.intro}</p>
      {problems.length > 0 ? (
        <div class="form-problems" role="alert" aria-labelledby="form-problems">
          <h2 id="form-problems">{messages.formErrors}</h2>
          <ul>
            {problems.map(([name, problem]) => (
              <li>
                {name === 'form' ? (
                  problemText(messages, problem)
                ) : (
                  <a href={`#community-${name}`}>{problemText(messages, problem)}</a>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        class="community-form"
        method="post"
        action={view.action}
        enctype="multipart/form-data"
        data-challenge={view.asksProof ? `${page.assets}/events/community/challenge/` : undefined}
      >
        <fieldset>
          <legend>{messages.event}</legend>
          <TextField {...field('title', messages.eventTitle)} required />
          <Field {...field('description', messages.description)} hint={messages.descriptionHint}>
            {(attributes) => (
              <textarea {...attributes} rows={6}>
                {form?.description ?? ''}
              </textarea>
            )}
          </Field>
          <div class="field-row">
            <TextField {...field('start_date', messages.startDate)} type="date" required />
            <TextField {...field('start_time', messages.startTime)} type="time" />
          </div>
          <div class="field-row">
            <TextField {...field('end_date', messages.endDate)} type="date" hint={messages.endDateHint} />
            <TextField {...field('end_time', messages.endTime)} type="time" />
          </div>
          <p class="field checkbox">
            <input
              id="community-all_day"
              name="all_day"
              type="checkbox"
              value="1"
              checked={(form?.all_day ?? '') !== ''}
            />
            <label for="community-all_day">{messages.allDay}</label>
          </p>
          <ChoiceField {...field('category', messages.category)} choices={options.categories} />
          {/* The upload's part is `file`, as the media route reads it (media/upload.ts). */}
          <Field page={page} name="image" label={messages.image} errors={errors} hint={messages.imageHint}>
            {(attributes) => (
              <input {...attributes} name="file" type="file" accept="image/jpeg,image/png,image/webp,image/gif" />
            )}
          </Field>
          <TextField {...field('alt_text', messages.altText)} />
        </fieldset>
        <fieldset>
          <legend>{messages.venue}</legend>
          <ChoiceField {...field('venue', messages.existingVenue)} choices={options.venues} />
          <p class="field-hint">{messages.orNewVenue}</p>
          <TextField {...field('venue_name', messages.venueName)} />
          <TextField {...field('venue_address', messages.venueAddress)} autocomplete="street-address" />
          <TextField {...field('venue_city', messages.venueCity)} autocomplete="address-level2" />
        </fieldset>
        <fieldset>
          <legend>{messages.organizer}</legend>
          <ChoiceField {...field('organizer', messages.existingOrganizer)} choices={options.organizers} />
          <p class="field-hint">{messages.orNewOrganizer}</p>
          <TextField {...field('organizer_name', messages.organizerName)} />
          <TextField {...field('organizer_email', messages.organizerEmail)} type="email" />
        </fieldset>
        {/* The honeypot: hidden from people and assistive technology by the stylesheet (no inline style under the CSP), out of the tab order. */}
        <p class="trap" aria-hidden="true">
          <label for="community-homepage">{messages.trap}</label>
          <input id="community-homepage" name="homepage" type="text" tabindex={-1} autocomplete="off" value="" />
        </p>
        {view.asksProof ? (
          <>
            <input type="hidden" name="proof" value="" />
            <noscript>
              <p>{messages.proofNeedsScript}</p>
            </noscript>
          </>
        ) : null}
        <p>
          <button type="submit">{messages.submit}</button>
        </p>
        {view.asksProof ? <p class="proof-status" role="status" data-working={messages.proofWorking} /> : null}
      </form>
      {view.asksProof ? <script src={`${page.assets}/assets/community.js`} defer /> : null}
    </Layout>,
  );
}

export function communityThanksPage(page: PageContext, view: { form: string }): string {
  const messages = page.messages.community;
  return html(
    <Layout page={page} head={{ title: messages.thanksTitle, canonical: view.form, noindex: true }}>
      <h1>{messages.thanksTitle}</h1>
      <p role="status">{messages.thanksText}</p>
      <p>
        <a href={view.form}>{messages.submitAnother}</a>
      </p>
      <p>
        <a href={page.urls.page('events')}>{page.messages.upcoming}</a>
      </p>
    </Layout>,
  );
}
