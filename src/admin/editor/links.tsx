import { useEffect, useState } from 'preact/hooks';
import { get, getEvery } from '../api.ts';
import type { components } from '../api-types.ts';
import { t } from '../i18n.ts';
import { checkedOf, Field, invalid, valueOf } from './fields.tsx';
import type { EventForm } from './form.ts';

/*
 * The event's links: its venue (search as you type, or a new one written inline, which the API
 * creates with the event), organizers (search as you type, the chosen ones always listed),
 * categories as a tree (a new one by name), tags as free text.
 */

type Update = (changes: Partial<EventForm>) => void;
interface Named {
  id: number;
  name: string;
  parent: number;
}

/** The records the pickers read, as the API's schemas say them (api-types.ts, generated from them). */
type Schemas = components['schemas'];

const venueNamed = (record: Schemas['Venue']): Named => ({ id: record.id, name: record.venue, parent: 0 });
const organizerNamed = (record: Schemas['Organizer']): Named => ({ id: record.id, name: record.organizer, parent: 0 });
const categoryNamed = (record: Schemas['EventCategory']): Named => ({
  id: record.id,
  name: record.name,
  parent: record.parent ?? 0,
});

export function VenueField({ form, update, error }: { form: EventForm; update: Update; error?: string | undefined }) {
  const [options, setOptions] = useState<Named[]>([]);
  useEffect(() => {
    const search = form.venueName.trim();
    const timer = setTimeout(() => {
      void get<Schemas['VenueArchive']>('venues', { per_page: 20, ...(search === '' ? {} : { search }) }).then(
        ({ body }) => setOptions(body.venues.map(venueNamed)),
        () => setOptions([]),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [form.venueName]);
  const onInput = (event: Event) => {
    const name = valueOf(event);
    const existing = options.find((option) => option.name === name);
    update({ venueName: name, venueId: existing?.id ?? null });
  };
  const isNew = form.venueId === null && form.venueName.trim() !== '';
  return (
    <fieldset>
      <legend>{t('venue')}</legend>
      <Field id="venue" label={t('venueSearch')} error={error}>
        <input
          id="venue"
          list="venue-options"
          autocomplete="off"
          value={form.venueName}
          onInput={onInput}
          {...invalid('venue', error)}
        />
        <datalist id="venue-options">
          {options.map((option) => (
            <option key={option.id} value={option.name} />
          ))}
        </datalist>
      </Field>
      {isNew ? (
        <div class="row">
          <p class="hint">{t('newVenueHint', { name: form.venueName })}</p>
          <Field id="venue-address" label={t('address')}>
            <input
              id="venue-address"
              value={form.venueAddress}
              onInput={(event) => update({ venueAddress: valueOf(event) })}
            />
          </Field>
          <Field id="venue-city" label={t('city')}>
            <input id="venue-city" value={form.venueCity} onInput={(event) => update({ venueCity: valueOf(event) })} />
          </Field>
        </div>
      ) : null}
    </fieldset>
  );
}

export function OrganizersField({
  form,
  update,
  error,
}: {
  form: EventForm;
  update: Update;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Named[]>([]);
  // The names of the event's organizers, and of every organizer seen in a search: the chosen ones stay listed.
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const remember = (records: Named[]) =>
    setNames((known) => new Map([...known, ...records.map((record) => [record.id, record.name] as const)]));
  useEffect(() => {
    const missing = form.organizers.filter((id) => !names.has(id));
    if (missing.length > 0) {
      void Promise.all(
        missing.map((id) =>
          get<Schemas['Organizer']>(`organizers/${id}`, { context: 'edit' }).then(
            ({ body }) => organizerNamed(body),
            () => ({ id, name: `#${id}`, parent: 0 }),
          ),
        ),
      ).then(remember);
    }
  }, [form.organizers.join(',')]);
  useEffect(() => {
    const text = search.trim();
    const timer = setTimeout(() => {
      void get<Schemas['OrganizerArchive']>('organizers', {
        per_page: 20,
        ...(text === '' ? {} : { search: text }),
      }).then(
        ({ body }) => {
          const records = body.organizers.map(organizerNamed);
          remember(records);
          setFound(records);
        },
        () => setFound([]),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [search]);
  const toggle = (id: number, on: boolean) =>
    update({ organizers: on ? [...form.organizers, id] : form.organizers.filter((known) => known !== id) });
  // The chosen first, then what the search found: at most 20 at a time, however many organizers there are.
  const shown = [...form.organizers, ...found.map((record) => record.id).filter((id) => !form.organizers.includes(id))];
  return (
    <fieldset aria-describedby={error ? 'organizers-error' : undefined}>
      <legend>{t('organizers')}</legend>
      <Field id="organizer-search" label={t('organizerSearch')}>
        <input
          id="organizer-search"
          type="search"
          autocomplete="off"
          value={search}
          onInput={(event) => setSearch(valueOf(event))}
        />
      </Field>
      {shown.length === 0 ? (
        <p>{t('noneYet')}</p>
      ) : (
        <ul class="choices" aria-live="polite">
          {shown.map((id) => (
            <li key={id}>
              <label class="check">
                <input
                  type="checkbox"
                  checked={form.organizers.includes(id)}
                  onChange={(event) => toggle(id, checkedOf(event))}
                />{' '}
                {names.get(id) ?? `#${id}`}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p class="field-error" id="organizers-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CategoriesField({
  form,
  update,
  error,
  version,
}: {
  form: EventForm;
  update: Update;
  error?: string | undefined;
  version: string | null;
}) {
  const [options, setOptions] = useState<Named[]>([]);
  useEffect(() => {
    // Every category, unused ones too (the archive hides those by default), on every page.
    void getEvery<Schemas['EventCategory']>('categories', { hide_empty: false }).then(
      (records) => setOptions(records.map(categoryNamed)),
      () => setOptions([]),
    );
    // Again after each save: a category created by name with the event is then one of the tree's.
  }, [version]);
  const toggle = (id: number, on: boolean) =>
    update({ categories: on ? [...form.categories, id] : form.categories.filter((known) => known !== id) });
  const tree = (parent: number) => {
    const children = options.filter((option) => option.parent === parent);
    return children.length === 0 ? null : (
      <ul class="choices">
        {children.map((option) => (
          <li key={option.id}>
            <label class="check">
              <input
                type="checkbox"
                checked={form.categories.includes(option.id)}
                onChange={(event) => toggle(option.id, checkedOf(event))}
              />{' '}
              {option.name}
            </label>
            {tree(option.id)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <fieldset>
      <legend>{t('categories')}</legend>
      {tree(0)}
      <Field id="new-category" label={t('newCategory')} error={error}>
        <input
          id="new-category"
          value={form.newCategory}
          onInput={(event) => update({ newCategory: valueOf(event) })}
          {...invalid('new-category', error)}
        />
      </Field>
    </fieldset>
  );
}
