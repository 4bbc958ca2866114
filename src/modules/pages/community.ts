import type { Challenge } from 'altcha-lib';
import type { Caller } from '../../auth/roles.ts';
import type { Clock } from '../../clock.ts';
import { escapeHtml } from '../../content/html.ts';
import { isSupportedDay } from '../../dates/supported-range.ts';
import type { Deadline } from '../../deadline.ts';
import { ApiError } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, Storage } from '../../storage/types.ts';
import type { EventWriter } from '../events/event-writer.ts';
import { filesOf, type MediaService } from '../media/media.service.ts';
import type { StoredImage } from '../media/image-files.ts';
import type { Upload } from '../media/upload.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import { CATEGORY } from '../terms/taxonomy.ts';
import type { CommunitySenders, NewNames, Reused, Sender } from './community-senders.ts';
import type { CommunityProofOfWork } from './community-proof.ts';
import type { TermsService } from '../terms/terms.service.ts';

/*
 * Community submissions (decision 0062): visitors, signed in or not, propose an event through a
 * public form. The proposal is written through the API's own write path (EventWriter's validation
 * and create, inline venues and organizers through LinkedRecordsService) as a contributor writes:
 * pending, its text filtered, never published; editors review it through the API's pending status.
 */

/** The form's fields, by name, as the visitor sent them (trimmed text, '' when absent). */
export const COMMUNITY_FIELDS = [
  'title',
  'description',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'all_day',
  'venue',
  'venue_name',
  'venue_address',
  'venue_city',
  'organizer',
  'organizer_name',
  'organizer_email',
  'category',
  // The image's text alternative (the file itself comes as the upload's `file` part: field `image` on the form's errors).
  'alt_text',
  // The honeypot: hidden from people by the stylesheet, filled by form-filling robots.
  'homepage',
  // The proof of work the form's script adds when it is asked for (decision 0095): base64 of ALTCHA's JSON payload.
  'proof',
] as const;
export type CommunityField = (typeof COMMUNITY_FIELDS)[number];
export type CommunityForm = Readonly<Record<CommunityField, string>>;
/** A problem per field (the form shows it next to the field); `form` for one of no field. */
export type CommunityErrors = Partial<Record<CommunityField | 'image' | 'form', string>>;

/** A proposal not stored: the form again with its problems, answered with `status` (400, or 429 media_busy) and `headers` (its Retry-After). */
export interface CommunityRefusal {
  readonly errors: CommunityErrors;
  readonly options: CommunityOptions;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

/** A choice of an existing published record or term: its id and name. */
export interface Choice {
  readonly id: number;
  readonly name: string;
}
export interface CommunityOptions {
  readonly venues: readonly Choice[];
  readonly organizers: readonly Choice[];
  readonly categories: readonly Choice[];
}

/** The most existing venues, organizers and categories a form offers (by name); more are entered as new. */
export const CHOICES_LIMIT = 200;
/** The longest text a field keeps: a description's, a proof's, and every other field's. */
const FIELD_LIMITS: Partial<Record<CommunityField, number>> = { description: 10_000, proof: 2000 };
const FIELD_LIMIT = 300;

/**
 * Who a submission is written as: the signed-in visitor (their own id, so they see it among their
 * pending events) or nobody (author 0, as WordPress stores an anonymous community submission), in
 * either case with a contributor's rights, whatever their role: the form never publishes, and the
 * text is filtered as an untrusted writer's (decision 0022).
 */
const submitter = (visitor: Caller | null): Caller => ({
  id: visitor?.id ?? 0,
  login: visitor?.login ?? '',
  role: 'contributor',
});

/** The visitor's fields from a form body: each a string (the first of repeated ones), trimmed and cut to its limit. */
export function readCommunityForm(body: unknown): CommunityForm {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const read = (name: CommunityField) => {
    const raw = Array.isArray(source[name]) ? (source[name] as unknown[])[0] : source[name];
    return typeof raw === 'string' ? raw.trim().slice(0, FIELD_LIMITS[name] ?? FIELD_LIMIT) : '';
  };
  return Object.fromEntries(COMMUNITY_FIELDS.map((name) => [name, read(name)])) as CommunityForm;
}

/** Plain text as HTML paragraphs: the visitor's markup is text, a blank line starts a paragraph, a line break is kept. */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\r?\n/g, '<br />')}</p>`)
    .join('\n');

/** The API's parameters as the form's fields, so that the write path's problems show next to the field they concern. */
const FIELD_OF_PARAM: Readonly<Record<string, CommunityField>> = {
  title: 'title',
  description: 'description',
  start_date: 'start_date',
  end_date: 'end_date',
  venue: 'venue_name',
  organizer: 'organizer_name',
  categories: 'category',
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export class CommunitySubmissions {
  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write' | 'touchContent'>,
    private readonly writer: Pick<EventWriter, 'validateWrite' | 'create'>,
    private readonly venues: LinkedRecordsService,
    private readonly organizers: LinkedRecordsService,
    private readonly terms: TermsService,
    private readonly media: Pick<MediaService, 'store' | 'create' | 'files'>,
    private readonly clock: Clock,
    private readonly senders: CommunitySenders,
    /** The proof of work each proposal must carry; undefined when CALENDAR_COMMUNITY_PROOF_OF_WORK is off. */
    private readonly proofOfWork: CommunityProofOfWork | undefined,
  ) {}

  /** Whether the form asks its script for a proof of work. */
  get asksProof(): boolean {
    return this.proofOfWork !== undefined;
  }

  /** A challenge for the form's script to solve; no such page when no proof is asked. */
  challenge(): Promise<Challenge> {
    if (this.proofOfWork === undefined) throw new ApiError('rest_no_route');
    return this.proofOfWork.challenge();
  }

  /** The published venues and organizers and the categories a visitor may pick, by name, as an anonymous reader lists them. */
  async options(tx: ReadTx, language: LanguageCode): Promise<CommunityOptions> {
    const window = { page: 1, perPage: CHOICES_LIMIT, offset: 0 };
    const linked = async (service: LinkedRecordsService) =>
      (
        await service.list(tx, { page: 1, per_page: CHOICES_LIMIT, only_with_upcoming: false }, null, window, language)
      ).rows.map((row) => ({ id: row.post.id, name: row.post.title }));
    const [venues, organizers, categories] = await Promise.all([
      linked(this.venues),
      linked(this.organizers),
      this.terms.list(
        tx,
        CATEGORY,
        { page: 1, per_page: CHOICES_LIMIT, hide_empty: false, orderby: 'name' },
        window,
        language,
      ),
    ]);
    const byName = (a: Choice, b: Choice) => a.name.localeCompare(b.name);
    return {
      venues: venues.sort(byName),
      organizers: organizers.sort(byName),
      categories: categories.items.map((item) => ({ id: item.row.id, name: item.row.name })).sort(byName),
    };
  }

  /**
   * Stores a proposal as a pending event, in one write unit: the form's own checks (required
   * fields, a choice among the offered ones), then the API's validation and create, whose problems
   * come back by field and leave nothing written. A filled honeypot stores nothing and answers as a
   * success would: a robot learns nothing from it. An address past its daily cap is refused (429,
   * thrown) before anything is stored, and again inside the unit, where its proposals are counted
   * one after the other (decision 0095). When a proof of work is asked, a proposal without a valid
   * one, or with one spent before, is refused as the form's problem, nothing stored.
   */
  async submit(
    form: CommunityForm,
    upload: Upload | undefined,
    visitor: Caller | null,
    address: string,
    language: LanguageCode,
    deadline: Deadline,
  ): Promise<{ stored: number | undefined } | CommunityRefusal> {
    if (form.homepage !== '') return { stored: undefined };
    const caller = submitter(visitor);
    const sender: Sender = { address, userId: caller.id };
    const names: NewNames = {
      venue: form.venue === '' ? form.venue_name : '',
      organizer: form.organizer === '' ? form.organizer_name : '',
    };
    await this.storage.read((tx) => this.senders.ensureUnderDailyLimit(tx, sender));
    const refused = async (errors: CommunityErrors, busy?: ApiError): Promise<CommunityRefusal> => ({
      errors,
      options: await this.storage.read((tx) => this.options(tx, language)),
      status: busy?.status ?? 400,
      headers: busy?.headers ?? {},
    });
    const proof = this.proofOfWork && (await this.proofOfWork.check(form.proof));
    if (this.proofOfWork !== undefined && proof === undefined) return refused({ form: 'proof' });
    // The image's files are written first, outside the unit (the slow part, as the media route does); a refused proposal removes them.
    // It is a visitor's: the anonymous pixel limit applies, whoever is signed in (the form writes as an untrusted contributor).
    let image: StoredImage | undefined;
    if (upload?.file !== undefined && upload.file.bytes.length > 0) {
      try {
        image = await this.media.store(upload, 'visitor', deadline);
      } catch (error) {
        // Too many images waiting: the form again, its input kept to send later, with the 503 and its Retry-After.
        if (error instanceof ApiError && error.code === 'media_busy') return refused({ image: error.message }, error);
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        return refused({ image: error.message });
      }
    }
    try {
      const result = await this.storage.write(async (tx) => {
        await this.senders.hold(tx, sender);
        await this.senders.ensureUnderDailyLimit(tx, sender);
        const options = await this.options(tx, language);
        const reused = await this.senders.reused(tx, names, sender, caller);
        const checked = this.check(form, options, reused);
        if ('errors' in checked) return { errors: checked.errors, options, status: 400, headers: {} };
        // Spent once the proposal is known good, in its unit: a replayed proof finds it spent.
        if (proof !== undefined && !(await this.proofOfWork!.spend(tx, proof)))
          return { errors: { form: 'proof' }, options, status: 400, headers: {} };
        const input =
          image === undefined
            ? checked.input
            : { ...checked.input, image: (await this.media.create(tx, upload!, image, caller)).id };
        await this.writer.validateWrite(tx, input, caller);
        const row = await this.writer.create(tx, input, caller, language);
        await this.senders.record(tx, row.post.id, names, reused, sender);
        await this.storage.touchContent(tx, this.clock.now());
        return { stored: row.post.id };
      }, deadline);
      if ('errors' in result && image !== undefined) await this.media.files.remove(filesOf(image));
      return result;
    } catch (error) {
      if (image !== undefined) await this.media.files.remove(filesOf(image));
      // Thrown out of the unit, so that whatever it wrote (an inline venue before the event's refusal) is rolled back.
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      return refused(errorsOf(error));
    }
  }

  /** The form's own rules, then the API's input for it, linking the `reused` records instead of creating new ones. */
  private check(
    form: CommunityForm,
    options: CommunityOptions,
    reused: Reused,
  ): { input: EventCreateInput } | { errors: CommunityErrors } {
    const errors: CommunityErrors = {};
    const allDay = form.all_day !== '';
    if (form.title === '') errors.title = 'required';
    if (!isSupportedDay(form.start_date)) errors.start_date = form.start_date === '' ? 'required' : 'date';
    const endDay = form.end_date || form.start_date;
    if (form.end_date !== '' && !isSupportedDay(form.end_date)) errors.end_date = 'date';
    if (!allDay) {
      if (!TIME.test(form.start_time)) errors.start_time = form.start_time === '' ? 'required' : 'time';
      if (!TIME.test(form.end_time)) errors.end_time = form.end_time === '' ? 'required' : 'time';
    }
    const chosen = (value: string, choices: readonly Choice[]) =>
      value === '' ? undefined : choices.find((choice) => String(choice.id) === value);
    const venue = chosen(form.venue, options.venues);
    const organizer = chosen(form.organizer, options.organizers);
    const category = chosen(form.category, options.categories);
    if (form.venue !== '' && venue === undefined) errors.venue = 'choice';
    if (form.organizer !== '' && organizer === undefined) errors.organizer = 'choice';
    if (form.category !== '' && category === undefined) errors.category = 'choice';
    if (venue !== undefined && form.venue_name !== '') errors.venue_name = 'either';
    if (organizer !== undefined && form.organizer_name !== '') errors.organizer_name = 'either';
    if (form.venue_name === '' && (form.venue_address !== '' || form.venue_city !== '')) errors.venue_name = 'required';
    if (form.organizer_name === '' && form.organizer_email !== '') errors.organizer_name = 'required';
    if (Object.keys(errors).length > 0) return { errors };
    const newVenue =
      form.venue_name === ''
        ? undefined
        : { venue: form.venue_name, address: form.venue_address, city: form.venue_city, status: 'pending' };
    const newOrganizer =
      form.organizer_name === ''
        ? undefined
        : { organizer: form.organizer_name, email: form.organizer_email, status: 'pending' };
    return {
      input: {
        title: form.title,
        description: paragraphs(form.description),
        status: 'pending',
        all_day: allDay,
        start_date: `${form.start_date} ${allDay ? '00:00' : form.start_time}:00`,
        end_date: `${endDay} ${allDay ? '23:59:59' : `${form.end_time}:00`}`,
        ...(venue
          ? { venue: venue.id }
          : reused.venue !== undefined
            ? { venue: reused.venue }
            : newVenue
              ? { venue: newVenue }
              : {}),
        ...(organizer
          ? { organizer: [organizer.id] }
          : reused.organizer !== undefined
            ? { organizer: [reused.organizer] }
            : newOrganizer
              ? { organizer: [newOrganizer] }
              : {}),
        ...(category ? { categories: [String(category.id)] } : {}),
      },
    };
  }
}

/** The API's 400 as the form's field errors: each parameter's message next to its field, any other on the form. */
function errorsOf(error: ApiError): CommunityErrors {
  const params = (error.data as { params?: Record<string, string> } | undefined)?.params ?? {};
  const errors: CommunityErrors = {};
  for (const [param, message] of Object.entries(params)) {
    const field = FIELD_OF_PARAM[param] ?? 'form';
    errors[field] = errors[field] === undefined ? message : `${errors[field]} ${message}`;
  }
  if (Object.keys(errors).length === 0) errors.form = error.message;
  return errors;
}
