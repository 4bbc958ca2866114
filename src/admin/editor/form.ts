import { SETTINGS } from '../api.ts';
import type { EventRecord } from '../events.ts';
import { ruleOf, rulePartsOf, type RuleParts } from './recurrence-rule.ts';

/*
 * The editor's state and its translation to and from the API: a record becomes the form's fields;
 * the form becomes the body of a write, holding only what changed since the record was read, so an
 * occurrence's "this date only" or a translation's write sends just the edited fields.
 */

export interface CustomField {
  key: string;
  label: string;
  value: string;
}

export interface EventForm extends RuleParts {
  title: string;
  description: string;
  excerpt: string;
  allDay: boolean;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  timezone: string;
  exdates: string;
  rdates: string;
  /** The venue's name: an existing venue's (linked by `venueId`) or a new one's. */
  venueName: string;
  venueId: number | null;
  venueAddress: string;
  venueCity: string;
  organizers: number[];
  categories: number[];
  newCategory: string;
  tags: string;
  cost: string;
  website: string;
  image: { id: number | null; url: string } | null;
  customFields: CustomField[];
  status: string;
  publishDay: string;
  publishTime: string;
  /** "Password protected" chosen; its password is `password` (empty: the event is public). */
  passwordProtected: boolean;
  password: string;
}

const split = (wire: string) => {
  const [day = '', time = ''] = wire.split(' ');
  return { day, time: time.slice(0, 5) };
};

export function blankForm(today: string): EventForm {
  return {
    title: '',
    description: '',
    excerpt: '',
    allDay: false,
    startDay: today,
    startTime: '19:00',
    endDay: today,
    endTime: '21:00',
    timezone: SETTINGS.zone,
    ...rulePartsOf(undefined, today),
    exdates: '',
    rdates: '',
    venueName: '',
    venueId: null,
    venueAddress: '',
    venueCity: '',
    organizers: [],
    categories: [],
    newCategory: '',
    tags: '',
    cost: '',
    website: '',
    image: null,
    customFields: [],
    status: 'draft',
    publishDay: '',
    publishTime: '',
    passwordProtected: false,
    password: '',
  };
}

const dayOf = (local: string) => local.slice(0, 10);

export function formOf(event: EventRecord): EventForm {
  const start = split(event.start_date);
  const end = split(event.end_date);
  const publish = split(event.date);
  const venue = Array.isArray(event.venue) ? undefined : event.venue;
  const rule =
    event.recurrence === undefined
      ? undefined
      : Array.isArray(event.recurrence.rrule)
        ? event.recurrence.rrule[0]
        : event.recurrence.rrule;
  const fields = Array.isArray(event.custom_fields) ? {} : event.custom_fields;
  return {
    title: event.title,
    description: event.description,
    excerpt: event.excerpt.replace(/<[^>]*>/g, '').trim(),
    allDay: event.all_day === true,
    startDay: start.day,
    startTime: start.time,
    endDay: end.day,
    endTime: end.time,
    timezone: event.timezone || SETTINGS.zone,
    ...rulePartsOf(rule, start.day),
    exdates: (event.recurrence?.exdates ?? []).map(dayOf).join('\n'),
    rdates: (event.recurrence?.rdates ?? []).map(dayOf).join('\n'),
    venueName: venue?.venue ?? '',
    venueId: venue?.id ?? null,
    venueAddress: '',
    venueCity: '',
    organizers: event.organizer.map((organizer) => organizer.id),
    categories: event.categories.map((category) => category.id),
    newCategory: '',
    tags: event.tags.map((tag) => tag.name).join(', '),
    cost: event.cost,
    website: event.website,
    image: event.image === false ? null : { id: event.image.id ?? null, url: event.image.url ?? '' },
    customFields: Object.entries(fields).map(([key, field]) => ({
      key,
      label: field.label ?? '',
      value: typeof field.value === 'string' ? field.value : JSON.stringify(field.value ?? ''),
    })),
    status: event.status,
    publishDay: publish.day,
    publishTime: publish.time,
    // Read in the edit context, which alone carries it (decision 0079).
    passwordProtected: (event.post_password ?? '') !== '',
    password: event.post_password ?? '',
  };
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The whole write body the form stands for. */
function bodyOf(form: EventForm): Record<string, unknown> {
  const time = (day: string, clock: string) => (form.allDay ? day : `${day} ${clock}`);
  const rule = ruleOf(form);
  const startClock = form.allDay ? '00:00:00' : `${form.startTime}:00`;
  const body: Record<string, unknown> = {
    title: form.title,
    description: form.description,
    excerpt: form.excerpt,
    all_day: form.allDay,
    start_date: time(form.startDay, form.startTime),
    end_date: time(form.endDay, form.endTime),
    timezone: form.timezone,
    recurrence:
      rule === null
        ? null
        : {
            rrule: rule,
            exdates: lines(form.exdates).map((day) => `${day} ${startClock}`),
            rdates: lines(form.rdates).map((day) => `${day} ${startClock}`),
          },
    venue:
      form.venueId !== null
        ? form.venueId
        : form.venueName.trim() === ''
          ? null
          : { venue: form.venueName.trim(), address: form.venueAddress, city: form.venueCity },
    organizer: form.organizers,
    categories: [...form.categories, ...(form.newCategory.trim() === '' ? [] : [form.newCategory.trim()])],
    tags: lines(form.tags),
    cost: form.cost,
    website: form.website,
    image: form.image === null ? null : (form.image.id ?? form.image.url),
    custom_fields: Object.fromEntries(
      form.customFields
        .filter((field) => field.key.trim() !== '')
        .map((field) => [field.key.trim(), { label: field.label, value: field.value }]),
    ),
    status: form.status,
    // "" removes a password: the event is public again.
    post_password: form.passwordProtected ? form.password : '',
  };
  if (form.status === 'future' && form.publishDay !== '')
    body.date = `${form.publishDay} ${form.publishTime || '00:00'}`;
  return body;
}

/** What to send: every field for a new event, else those that differ from the record as read. */
export function changes(form: EventForm, read: EventForm | undefined): Record<string, unknown> {
  const body = bodyOf(form);
  if (read === undefined) return body;
  const before = bodyOf(read);
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  );
}

/** Fields that differ between two readings of a record, for the "someone else changed it" notice. */
export function differences(mine: EventForm, theirs: EventForm): { field: string; before: string; after: string }[] {
  const a = bodyOf(mine);
  const b = bodyOf(theirs);
  return Object.keys(b)
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((field) => ({ field, before: show(a[field]), after: show(b[field]) }));
}

const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
