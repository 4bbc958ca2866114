import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/auth/roles.ts';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Languages (issue 5, decisions.md section 5, docs/decisions/0011): records written in several
 * languages and read in each, through the `translation_language` parameter and the `/{lang}/`
 * path segment.
 */

/** The origin app.inject requests come from; every emitted URL starts with it. */
const ORIGIN = 'http://localhost:80';
const BASE = `${ORIGIN}${API}`;
type Caller = Role | 'anonymous';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Parsed JSON bodies, read field by field: the assertions check their types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any, not unknown: the fields are read without casts
type Json = Record<string, any>;

/** How a request names its language. */
type LanguageForm = 'parameter' | 'segment';
const FORMS: readonly LanguageForm[] = ['parameter', 'segment'];

/** The path of `route` (relative to the namespace) asked in `language`, by parameter or by path segment. */
function inLanguage(route: string, language: string, form: LanguageForm = 'parameter'): string {
  if (form === 'segment') return `/${language}${API}/${route}`;
  return `${API}/${route}${route.includes('?') ? '&' : '?'}translation_language=${language}`;
}

/**
 * The REST base and the site base URLs of a response carry, for a request in `language` by `form`:
 * the pages know a language by its segment alone, so their URLs have it whichever way it was asked.
 */
function expectedBases(language: string, form: LanguageForm): { api: string; site: string } {
  return { api: form === 'segment' ? `${ORIGIN}/${language}${API}` : BASE, site: `${ORIGIN}/${language}` };
}

/** `url` with the request's language kept as `form` keeps it: the `/{lang}` segment is in the base, the parameter is appended. */
function keepingLanguage(url: string, language: string, form: LanguageForm): string {
  return form === 'segment' ? url : `${url}${url.includes('?') ? '&' : '?'}translation_language=${language}`;
}

/** Asserts the link keeps the request's language: under the segment base, or with the parameter. */
function assertLinkKeeps(link: string, language: string, form: LanguageForm, what: string): void {
  const { api } = expectedBases(language, form);
  assert.ok(link.startsWith(`${api}/`), `${what}: ${link} should start with ${api}/`);
  assert.equal(
    new URL(link).searchParams.get('translation_language'),
    form === 'parameter' ? language : null,
    `${what}: ${link}`,
  );
}

function assertError(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().code, code, response.body);
}

interface ResourceCase {
  readonly collection: 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
  /** The translated name on the wire. */
  readonly nameField: 'title' | 'venue' | 'organizer' | 'name';
  /** What a create needs besides the name. */
  readonly required: Json;
  /** A description as answered: posts wrap it in a paragraph, terms keep it as sent. */
  readonly described: (text: string) => string;
  /** The public page of a record, before its slug. */
  readonly page: string;
  /** A field that does not translate, and a value to write to it through another language; tags have none. */
  readonly shared?: { readonly field: string; readonly value: (t: TestApp) => Promise<unknown> };
  /** A slug finds a record by a by-slug route (posts) or by the `slug` filter of the list (terms). */
  readonly bySlugRoute: boolean;
  /** A translated name gives the translation a slug of its own; a term's translation takes the slug it is sent. */
  readonly slugFromName: boolean;
  /** A write may send a slug (events, terms); venues and organizers take theirs from the name only. */
  readonly slugWritable: boolean;
  /** Lists show terms without events only with hide_empty=0. */
  readonly listQuery: string;
  /** DELETE trashes posts (answering the trashed record) and removes terms. */
  readonly trashes: boolean;
  /** Creates answer a Location header (terms). */
  readonly location: boolean;
}

const POST_DESCRIPTION = (text: string) => `<p>${text}</p>`;
const EVENT_DATES = { start_date: '2027-03-01 19:00:00', end_date: '2027-03-01 22:00:00' };

const RESOURCES: readonly ResourceCase[] = [
  {
    collection: 'events',
    nameField: 'title',
    required: EVENT_DATES,
    described: POST_DESCRIPTION,
    page: 'event',
    shared: { field: 'website', value: async () => 'https://shared.example/' },
    bySlugRoute: true,
    slugFromName: true,
    slugWritable: true,
    listQuery: '',
    trashes: true,
    location: false,
  },
  {
    collection: 'venues',
    nameField: 'venue',
    required: {},
    described: POST_DESCRIPTION,
    page: 'venue',
    shared: { field: 'city', value: async () => 'Marseille' },
    bySlugRoute: true,
    slugFromName: true,
    slugWritable: false,
    listQuery: '',
    trashes: true,
    location: false,
  },
  {
    collection: 'organizers',
    nameField: 'organizer',
    required: {},
    described: POST_DESCRIPTION,
    page: 'organizer',
    shared: { field: 'phone', value: async () => '555-0101' },
    bySlugRoute: true,
    slugFromName: true,
    slugWritable: false,
    listQuery: '',
    trashes: true,
    location: false,
  },
  {
    collection: 'categories',
    nameField: 'name',
    required: {},
    described: (text) => text,
    page: 'events/category',
    shared: {
      field: 'parent',
      value: async (t) => (await t.request('administrator', 'POST', 'categories', { name: 'Shared Parent' })).json().id,
    },
    bySlugRoute: false,
    slugFromName: false,
    slugWritable: true,
    listQuery: 'hide_empty=0',
    trashes: false,
    location: true,
  },
  {
    collection: 'tags',
    nameField: 'name',
    required: {},
    described: (text) => text,
    page: 'tag',
    bySlugRoute: false,
    slugFromName: false,
    slugWritable: true,
    listQuery: 'hide_empty=0',
    trashes: false,
    location: true,
  },
];

/** The API of one resource on one test app, in any language. */
class ResourceClient {
  constructor(
    readonly t: TestApp,
    readonly resource: ResourceCase,
  ) {}

  /** Creates a record in the default language (en) unless `language` is given. */
  async create(name: string, fields: Json = {}, language?: string): Promise<Json> {
    const { collection, nameField, required } = this.resource;
    const path = language ? inLanguage(collection, language) : collection;
    const response = await this.t.request('administrator', 'POST', path, { [nameField]: name, ...required, ...fields });
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  }

  /** Writes the fields of a record in `language`; a translated name comes with its slug for terms, which do not make one. */
  async write(id: number, language: string, fields: Json, form: LanguageForm = 'parameter'): Promise<Json> {
    const response = await this.t.request(
      'administrator',
      'PATCH',
      inLanguage(`${this.resource.collection}/${id}`, language, form),
      this.withSlug(fields),
    );
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  withSlug(fields: Json): Json {
    const name = fields[this.resource.nameField];
    return this.resource.slugFromName || typeof name !== 'string' ? fields : { ...fields, slug: slugOf(name) };
  }

  read(
    id: number,
    language?: string,
    form: LanguageForm = 'parameter',
    as: Caller = 'anonymous',
  ): Promise<LightMyRequestResponse> {
    const route = `${this.resource.collection}/${id}`;
    return this.t.request(as, 'GET', language ? inLanguage(route, language, form) : route);
  }

  async get(id: number, language?: string, form: LanguageForm = 'parameter'): Promise<Json> {
    const response = await this.read(id, language, form);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  name(record: Json): string {
    return record[this.resource.nameField];
  }

  /** The list answer for `query` in `language`. */
  async list(query: string, language: string, form: LanguageForm = 'parameter'): Promise<Json> {
    const route = `${this.resource.collection}?${[this.resource.listQuery, query].filter(Boolean).join('&')}`;
    const response = await this.t.request('anonymous', 'GET', inLanguage(route, language, form));
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  async names(query: string, language: string): Promise<string[]> {
    return (await this.list(query, language))[this.resource.collection].map((record: Json) => this.name(record));
  }

  /** The names of the records a slug finds in `language`: by the by-slug route, or by the `slug` filter. */
  async namesBySlug(slug: string, language: string): Promise<string[]> {
    if (!this.resource.bySlugRoute) return this.names(`slug=${slug}`, language);
    const response = await this.t.request(
      'anonymous',
      'GET',
      inLanguage(`${this.resource.collection}/by-slug/${slug}`, language),
    );
    if (response.statusCode === 400) {
      assert.deepEqual(Object.keys(response.json().data.params), ['slug'], response.body);
      return [];
    }
    assert.equal(response.statusCode, 200, response.body);
    return [this.name(response.json())];
  }

  delete(id: number, as: Caller, language?: string, form: LanguageForm = 'parameter'): Promise<LightMyRequestResponse> {
    const route = `${this.resource.collection}/${id}`;
    return this.t.request(as, 'DELETE', language ? inLanguage(route, language, form) : route);
  }
}

/** The slugs these tests expect from their (ASCII) names. */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

for (const resource of RESOURCES) {
  const { collection } = resource;

  describe(`languages: /${collection} (${DIALECT})`, () => {
    let t: TestApp;
    let api: ResourceClient;
    before(async () => {
      t = await createTestApp();
      api = new ResourceClient(t, resource);
    });
    after(() => t.close());

    describe('written in three languages', () => {
      let record: Json;
      let writtenInFrench: Json;
      before(async () => {
        record = await api.create('Harbour Night', { description: 'By the sea' });
        writtenInFrench = await api.write(record.id, 'fr', {
          [resource.nameField]: 'Nuit du Port',
          description: 'Au bord de la mer',
        });
        await api.write(record.id, 'de', { [resource.nameField]: 'Hafennacht', description: 'Am Meer' }, 'segment');
      });

      test('the write answers the record in the language it was written in', () => {
        assert.deepEqual(
          [api.name(writtenInFrench), writtenInFrench.description, writtenInFrench.translation_language],
          ['Nuit du Port', resource.described('Au bord de la mer'), 'fr'],
        );
      });

      const readings: ReadonlyArray<
        readonly [language: string | undefined, name: string, description: string, slug: string]
      > = [
        ['fr', 'Nuit du Port', 'Au bord de la mer', 'nuit-du-port'],
        ['de', 'Hafennacht', 'Am Meer', 'hafennacht'],
        ['en', 'Harbour Night', 'By the sea', 'harbour-night'],
        // The site default language, English, which is also the original.
        [undefined, 'Harbour Night', 'By the sea', 'harbour-night'],
      ];
      for (const [language, name, description, slug] of readings) {
        for (const form of language ? FORMS : (['parameter'] as const)) {
          test(`read in ${language ?? 'the default language'}${language ? ` by ${form}` : ''}: that language's text, translation_language, translations and Content-Language`, async () => {
            const response = await api.read(record.id, language, form);
            assert.equal(response.statusCode, 200, response.body);
            const read = response.json();
            assert.deepEqual(
              [api.name(read), read.description, read.slug],
              [name, resource.described(description), slug],
            );
            assert.equal(read.translation_language, language ?? 'en');
            // The original first, then the others in the spec's order of codes (en, fr, de).
            assert.deepEqual(read.translations, ['en', 'fr', 'de']);
            assert.deepEqual(Object.keys(read).slice(resource.location ? -3 : -2), [
              'translation_language',
              'translations',
              ...(resource.location ? ['_links'] : []),
            ]);
            assert.equal(response.headers['content-language'], language ?? 'en');
          });
        }
      }

      test("a list answers each record in the request's language", async () => {
        for (const [language, name] of [
          ['fr', 'Nuit du Port'],
          ['de', 'Hafennacht'],
          ['en', 'Harbour Night'],
        ] as const) {
          const items = (await api.list('search=harbour', language))[collection] as Json[];
          assert.deepEqual(
            items.map((item) => [api.name(item), item.translation_language, item.translations]),
            [[name, language, ['en', 'fr', 'de']]],
          );
        }
      });
    });

    test('a record created in French has French as its original language', async () => {
      const created = await api.create('Marché de Nuit', { description: 'Créé en français' }, 'fr');
      assert.deepEqual([created.translation_language, created.translations], ['fr', ['fr']]);
      // Read in English, it falls back to its French text.
      const inEnglish = await api.get(created.id, 'en');
      assert.deepEqual(
        [api.name(inEnglish), inEnglish.translation_language, inEnglish.translations],
        ['Marché de Nuit', 'en', ['fr']],
      );
    });

    test('field by field fallback: only a French name reads with the English description and slug in French', async () => {
      const record = await api.create('Lone Title', { description: 'English only' });
      await t.request('administrator', 'PATCH', inLanguage(`${collection}/${record.id}`, 'fr'), {
        [resource.nameField]: 'Titre Seul',
      });
      const inFrench = await api.get(record.id, 'fr');
      assert.deepEqual([api.name(inFrench), inFrench.description], ['Titre Seul', resource.described('English only')]);
      // Posts make the translation a slug from its name; terms keep the original slug unless sent one.
      assert.equal(inFrench.slug, resource.slugFromName ? 'titre-seul' : 'lone-title');
      assert.deepEqual(inFrench.translations, ['en', 'fr']);
      // German has no text at all: everything falls back, yet the record answers in German.
      const inGerman = await api.get(record.id, 'de');
      assert.deepEqual(
        [api.name(inGerman), inGerman.description, inGerman.slug, inGerman.translation_language],
        ['Lone Title', resource.described('English only'), 'lone-title', 'de'],
      );
    });

    if (resource.shared) {
      const { field, value } = resource.shared;
      test(`${field} is shared: written through a French request it changes for every language, without a translation`, async () => {
        const record = await api.create('Shared Fields');
        const newValue = await value(t);
        const written = await api.write(record.id, 'fr', { [field]: newValue });
        assert.deepEqual([written[field], written.translations], [newValue, ['en']]);
        for (const language of ['en', 'de', 'fr']) {
          const read = await api.get(record.id, language);
          assert.deepEqual([read[field], api.name(read)], [newValue, 'Shared Fields'], language);
        }
      });
    }

    test("search matches the text in the request's language, and the original text in any language", async () => {
      const record = await api.create('Lighthouse Quay');
      await api.write(record.id, 'fr', { [resource.nameField]: 'Phare du Quai' });
      assert.deepEqual(await api.names('search=phare', 'fr'), ['Phare du Quai']);
      assert.deepEqual(await api.names('search=lighthouse', 'fr'), ['Phare du Quai']);
      assert.deepEqual(await api.names('search=phare', 'en'), []);
      assert.deepEqual(await api.names('search=phare', 'de'), []);
      assert.deepEqual(await api.names('search=lighthouse', 'de'), ['Lighthouse Quay']);
    });

    test(`${resource.bySlugRoute ? 'by-slug' : 'the slug filter'} finds the slug in the request's language and the original slug`, async () => {
      const record = await api.create('Lantern Walk');
      const translated = await api.write(record.id, 'fr', { [resource.nameField]: 'Marche aux Lanternes' });
      assert.equal(translated.slug, 'marche-aux-lanternes');
      assert.deepEqual(await api.namesBySlug('marche-aux-lanternes', 'fr'), ['Marche aux Lanternes']);
      assert.deepEqual(await api.namesBySlug('lantern-walk', 'fr'), ['Marche aux Lanternes']);
      assert.deepEqual(await api.namesBySlug('lantern-walk', 'en'), ['Lantern Walk']);
      // Another language's slug is not this one's.
      assert.deepEqual(await api.namesBySlug('marche-aux-lanternes', 'en'), []);
      assert.deepEqual(await api.namesBySlug('marche-aux-lanternes', 'de'), []);
    });

    test('translated slugs are unique per language, counting the original slugs records fall back to, and free across languages', async () => {
      const [first, second, third, fourth] = [
        await api.create('Twin One'),
        await api.create('Twin Two'),
        await api.create('Twin Three'),
        await api.create('Twin Four'),
      ];
      assert.equal((await api.write(first.id, 'fr', { [resource.nameField]: 'Jumeau' })).slug, 'jumeau');
      // Writing its own translated slug again keeps it.
      const again = await api.write(first.id, 'fr', {
        [resource.nameField]: 'Jumeau',
        ...(resource.slugWritable ? { slug: 'jumeau' } : {}),
      });
      assert.equal(again.slug, 'jumeau');
      // Another record's French slug, and another record's original slug (which that record reads with in French).
      const collisions: ReadonlyArray<readonly [record: Json, name: string, slug: string]> = [
        [second, 'Jumeau', 'jumeau'],
        [fourth, 'Twin One', 'twin-one'],
      ];
      for (const [record, name, slug] of collisions) {
        if (resource.slugFromName) {
          assert.equal((await api.write(record.id, 'fr', { [resource.nameField]: name })).slug, `${slug}-2`);
          assert.deepEqual(await api.namesBySlug(`${slug}-2`, 'fr'), [name]);
        } else {
          assertError(
            await t.request('administrator', 'PATCH', inLanguage(`${collection}/${record.id}`, 'fr'), { slug }),
            400,
            'duplicate_term_slug',
          );
        }
      }
      assert.deepEqual(await api.namesBySlug('twin-one', 'fr'), ['Jumeau']);
      // The same slug in German belongs to German alone.
      assert.equal((await api.write(third.id, 'de', { [resource.nameField]: 'Jumeau' })).slug, 'jumeau');
      assert.deepEqual(
        [await api.namesBySlug('jumeau', 'fr'), await api.namesBySlug('jumeau', 'de')],
        [['Jumeau'], ['Jumeau']],
      );
      assert.equal((await api.get(first.id, 'fr')).slug, 'jumeau');
    });

    describe('URLs keep the language', () => {
      const LIST_SIZE = 3;
      let records: Json[];
      before(async () => {
        records = [];
        for (let n = 1; n <= LIST_SIZE; n++) records.push(await api.create(`Linked Page ${n}`));
      });

      for (const form of FORMS) {
        test(`a single record read by ${form}: url${resource.location ? ', urls and _links' : ''}${collection === 'events' ? ' and rest_url' : ''}`, async () => {
          const record = await api.get(records[0]!.id, 'fr', form);
          const { api: apiBase, site } = expectedBases('fr', form);
          assert.equal(record.url, `${site}/${resource.page}/linked-page-1/`);
          // The page it names, in French (issue 32: `?translation_language=fr` on a page URL was a 404).
          const page = await t.request('anonymous', 'GET', new URL(record.url).pathname);
          assert.equal(page.statusCode, 200, `${record.url}: ${page.body.slice(0, 200)}`);
          assert.equal(page.headers['content-language'] ?? /<html lang="([^"]+)"/.exec(page.body)?.[1], 'fr');
          if (collection === 'events')
            assert.equal(record.rest_url, keepingLanguage(`${apiBase}/events/${record.id}`, 'fr', form));
          if (resource.location) {
            const self = keepingLanguage(`${apiBase}/${collection}/${record.id}`, 'fr', form);
            assert.deepEqual(record.urls, {
              self,
              collection: keepingLanguage(`${apiBase}/${collection}`, 'fr', form),
            });
            assert.equal(record._links.self[0].href, self);
            assert.equal(record._links.collection[0].href, record.urls.collection);
            assertLinkKeeps(record._links['wp:post_type'][0].href, 'fr', form, 'wp:post_type');
          }
        });

        test(`a write by ${form} answers the url of the record's page in that language`, async () => {
          const response = await t.request(
            'administrator',
            'PATCH',
            inLanguage(`${collection}/${records[1]!.id}`, 'fr', form),
            { [resource.nameField]: 'Page liée deux' },
          );
          assert.equal(response.statusCode, 200, response.body);
          assert.match(response.json().url, new RegExp(`^${expectedBases('fr', form).site}/${resource.page}/[^?]+/$`));
        });

        test(`a middle list page read by ${form}: rest_url, next_rest_url and previous_rest_url`, async () => {
          const page = await api.list('search=linked%20page&per_page=1&page=2', 'fr', form);
          assert.equal(page[collection].length, 1);
          for (const key of ['rest_url', 'next_rest_url', 'previous_rest_url'])
            assertLinkKeeps(page[key], 'fr', form, key);
        });

        if (resource.location) {
          test(`a create by ${form} answers a Location in that language`, async () => {
            const response = await t.request('administrator', 'POST', inLanguage(collection, 'fr', form), {
              name: `Located ${form}`,
            });
            assert.equal(response.statusCode, 201, response.body);
            assert.equal(
              response.headers.location,
              keepingLanguage(`${expectedBases('fr', form).api}/${collection}/${response.json().id}`, 'fr', form),
            );
          });
        }
      }
    });

    describe('deleting a translation', () => {
      for (const form of FORMS) {
        test(`DELETE in French by ${form} removes only the French text; again it is a 404 translation-not-found`, async () => {
          const record = await api.create(`Kept Record ${form}`);
          await api.write(record.id, 'fr', { [resource.nameField]: `Texte Retiré ${form}` });
          await api.write(record.id, 'de', { [resource.nameField]: `Deutscher Text ${form}` });
          const removed = await api.delete(record.id, 'administrator', 'fr', form);
          assert.equal(removed.statusCode, 200, removed.body);
          assert.deepEqual(
            [api.name(removed.json()), removed.json().translations],
            [`Kept Record ${form}`, ['en', 'de']],
          );
          if (resource.trashes) assert.equal(removed.json().status, 'publish');
          assert.deepEqual(
            [api.name(await api.get(record.id, 'de')), api.name(await api.get(record.id, 'en'))],
            [`Deutscher Text ${form}`, `Kept Record ${form}`],
          );
          assertError(await api.delete(record.id, 'administrator', 'fr', form), 404, 'translation-not-found');
        });
      }

      test('a subscriber cannot delete a translation', async () => {
        const record = await api.create('Guarded Record');
        await api.write(record.id, 'fr', { [resource.nameField]: 'Texte Gardé' });
        assertError(await api.delete(record.id, 'subscriber', 'fr'), 403, 'rest_forbidden');
        assert.equal(api.name(await api.get(record.id, 'fr')), 'Texte Gardé');
      });

      test('DELETE in the original language, or without a language, deletes the record as before', async () => {
        for (const language of ['en', undefined]) {
          const record = await api.create(`Doomed Record ${language ?? 'default'}`);
          await api.write(record.id, 'fr', { [resource.nameField]: `Condamné ${language ?? 'default'}` });
          const deleted = await api.delete(record.id, 'administrator', language);
          assert.equal(deleted.statusCode, 200, deleted.body);
          if (resource.trashes) assert.equal(deleted.json().status, 'trash');
          else assertError(await api.read(record.id), 400, 'rest_invalid_param');
        }
      });
    });
  });
}

describe(`languages: the request's language (${DIALECT})`, () => {
  let t: TestApp;
  let ids: Record<'events' | 'venues' | 'organizers' | 'categories' | 'tags', number>;
  before(async () => {
    t = await createTestApp();
    const venue = (await t.request('administrator', 'POST', 'venues', { venue: 'Route Hall' })).json();
    const organizer = (await t.request('administrator', 'POST', 'organizers', { organizer: 'Route Club' })).json();
    const event = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Route Night',
        ...EVENT_DATES,
        venue: venue.id,
        organizer: [organizer.id],
        categories: ['Route Category'],
        tags: ['Route Tag'],
      })
    ).json();
    ids = {
      events: event.id,
      venues: venue.id,
      organizers: organizer.id,
      categories: event.categories[0].id,
      tags: event.tags[0].id,
    };
    await t.request('administrator', 'PATCH', inLanguage(`events/${event.id}`, 'fr'), { title: 'Nuit de la Route' });
    await t.request('administrator', 'PATCH', inLanguage(`events/${event.id}`, 'de'), { title: 'Nacht der Straße' });
  });
  after(() => t.close());

  /** Every GET route of the namespace, index and /doc included. */
  const readRoutes = (): string[] => [
    '',
    'doc',
    'events',
    `events/${ids.events}`,
    'events/by-slug/route-night',
    'venues',
    `venues/${ids.venues}`,
    'venues/by-slug/route-hall',
    'organizers',
    `organizers/${ids.organizers}`,
    'organizers/by-slug/route-club',
    'categories',
    `categories/${ids.categories}`,
    'tags',
    `tags/${ids.tags}`,
  ];

  test('the /fr/ path segment serves every route, in French', async () => {
    for (const route of readRoutes()) {
      const response = await t.request('anonymous', 'GET', inLanguage(route, 'fr', 'segment'));
      assert.equal(response.statusCode, 200, `${route}: ${response.body}`);
      assert.equal(response.headers['content-language'], 'fr', route);
    }
  });

  test('the index and /doc link to the namespace under the segment', async () => {
    const index = (await t.request('anonymous', 'GET', `/fr${API}`)).json();
    assert.equal(index.routes[API]._links.self[0].href, `${ORIGIN}/fr${API}`);
    assert.equal(index._links.up[0].href, `${ORIGIN}/fr/`);
    const doc = (await t.request('anonymous', 'GET', `/fr${API}/doc`)).json();
    assert.deepEqual(doc.servers, [{ url: `${ORIGIN}/fr${API}/` }]);
  });

  test('a language code with a region works as a segment: /pt-pt/', async () => {
    const response = await t.request('anonymous', 'GET', `/pt-pt${API}/events/${ids.events}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      [response.json().translation_language, response.json().title, response.headers['content-language']],
      ['pt-pt', 'Route Night', 'pt-pt'],
    );
  });

  test('the parameter wins over the segment, and URLs then carry the parameter', async () => {
    const response = await t.request('anonymous', 'GET', `/fr${API}/events/${ids.events}?translation_language=de`);
    assert.equal(response.statusCode, 200, response.body);
    const event = response.json();
    assert.deepEqual(
      [event.title, event.translation_language, response.headers['content-language']],
      ['Nacht der Straße', 'de', 'de'],
    );
    assert.equal(event.rest_url, `${BASE}/events/${ids.events}?translation_language=de`);
  });

  for (const segment of ['xx', 'pt-br', 'FR']) {
    test(`an unknown segment /${segment}/ is a 404 rest_no_route`, async () => {
      assertError(await t.request('anonymous', 'GET', `/${segment}${API}/events`), 404, 'rest_no_route');
    });
  }

  for (const code of ['xx', 'FR', 'pt_pt', 'pt']) {
    test(`translation_language=${code} is a 400 rest_invalid_param naming the allowed values, on every route`, async () => {
      // Writes are complete, so that only the language is wrong (missing parameters are reported first).
      const requests: ReadonlyArray<readonly [Method, string, Json?]> = [
        ...readRoutes().map((route) => ['GET', route] as const),
        ['POST', 'events', { title: 'Never Written', ...EVENT_DATES }],
        ['PATCH', `venues/${ids.venues}`, { city: 'Nowhere' }],
        ['DELETE', `tags/${ids.tags}`],
      ];
      for (const [method, route, body] of requests) {
        for (const path of [`${API}/${route}`, `/fr${API}/${route}`]) {
          const response = await t.request('administrator', method, `${path}?translation_language=${code}`, body);
          assertError(response, 400, 'rest_invalid_param');
          assert.deepEqual(Object.keys(response.json().data.params), ['translation_language'], `${method} ${path}`);
          assert.match(response.json().data.params.translation_language, /\bpt-pt\b/, `${method} ${path}`);
        }
      }
      // Nothing was written or deleted.
      assert.equal((await t.request('anonymous', 'GET', `tags/${ids.tags}`)).statusCode, 200);
      assert.equal('city' in (await t.request('anonymous', 'GET', `venues/${ids.venues}`)).json(), false);
    });
  }

  describe('with CALENDAR_REST_PREFIX', () => {
    let prefixed: TestApp;
    before(async () => {
      prefixed = await createTestApp({ env: { CALENDAR_REST_PREFIX: '/api' } });
      await prefixed.request('administrator', 'POST', `/api${API}/events`, { title: 'Prefixed Night', ...EVENT_DATES });
    });
    after(() => prefixed.close());

    test('/fr/api/calendar/... serves in French and URLs keep both', async () => {
      const response = await prefixed.request('anonymous', 'GET', `/fr/api${API}/events`);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-language'], 'fr');
      const [event] = response.json().events;
      assert.equal(event.rest_url, `${ORIGIN}/fr/api${API}/events/${event.id}`);
      assert.ok(response.json().rest_url.startsWith(`${ORIGIN}/fr/api${API}/events/`), response.json().rest_url);
      assert.equal(event.url, `${ORIGIN}/fr/event/prefixed-night/`);
    });

    test('the segment must come before the prefix', async () => {
      for (const path of [`/fr${API}/events`, `/api/fr${API}/events`])
        assertError(await prefixed.request('anonymous', 'GET', path), 404, 'rest_no_route');
    });
  });

  describe('with CALENDAR_DEFAULT_LANGUAGE=fr', () => {
    let french: TestApp;
    before(async () => {
      french = await createTestApp({ env: { CALENDAR_DEFAULT_LANGUAGE: 'fr' } });
    });
    after(() => french.close());

    test('a record created without a language is French, and reads in French without a language', async () => {
      const created = await french.request('administrator', 'POST', 'tags', { name: 'Défaut' });
      assert.deepEqual([created.json().translations, created.json().translation_language], [['fr'], 'fr']);
      const read = await french.request('anonymous', 'GET', `tags/${created.json().id}`);
      assert.deepEqual(
        [read.json().translation_language, read.headers['content-language'], read.json().urls.self],
        ['fr', 'fr', `${BASE}/tags/${created.json().id}`],
      );
    });

    test('DELETE without a language deletes the record even when the default is not its original language', async () => {
      const created = await french.request('administrator', 'POST', inLanguage('tags', 'en'), {
        name: 'English Original',
      });
      assert.deepEqual(created.json().translations, ['en']);
      assert.equal((await french.request('administrator', 'DELETE', `tags/${created.json().id}`)).statusCode, 200);
      assertError(await french.request('anonymous', 'GET', `tags/${created.json().id}`), 400, 'rest_invalid_param');
    });
  });
});

describe(`languages: embedded records (${DIALECT})`, () => {
  let t: TestApp;
  let event: Json;
  before(async () => {
    t = await createTestApp();
    event = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Embedding Night',
        ...EVENT_DATES,
        venue: { venue: 'Embedded Hall' },
        organizer: [{ organizer: 'Embedded Club' }],
        categories: ['Embedded Category'],
        tags: ['Embedded Tag'],
      })
    ).json();
    const linked: ReadonlyArray<readonly [route: string, fields: Json]> = [
      [`venues/${event.venue.id}`, { venue: 'Salle Intégrée' }],
      [`organizers/${event.organizer[0].id}`, { organizer: 'Club Intégré' }],
      [`categories/${event.categories[0].id}`, { name: 'Catégorie Intégrée', slug: 'categorie-integree' }],
      [`tags/${event.tags[0].id}`, { name: 'Étiquette Intégrée' }],
    ];
    for (const [route, fields] of linked) {
      const response = await t.request('administrator', 'PATCH', inLanguage(route, 'fr'), fields);
      assert.equal(response.statusCode, 200, response.body);
    }
  });
  after(() => t.close());

  /** The names of an event's embedded records, with the language each says it is in. */
  const embedded = (record: Json) => [
    [record.venue.venue, record.venue.translation_language, record.venue.translations],
    ...record.organizer.map((organizer: Json) => [
      organizer.organizer,
      organizer.translation_language,
      organizer.translations,
    ]),
    ...[...record.categories, ...record.tags].map((term: Json) => [
      term.name,
      term.translation_language,
      term.translations,
    ]),
  ];

  const readings: ReadonlyArray<readonly [language: string, names: readonly string[]]> = [
    ['fr', ['Salle Intégrée', 'Club Intégré', 'Catégorie Intégrée', 'Étiquette Intégrée']],
    ['en', ['Embedded Hall', 'Embedded Club', 'Embedded Category', 'Embedded Tag']],
    // No German text: everything falls back to the original, in a German representation.
    ['de', ['Embedded Hall', 'Embedded Club', 'Embedded Category', 'Embedded Tag']],
  ];
  for (const [language, names] of readings) {
    for (const form of FORMS) {
      test(`an event read in ${language} by ${form} embeds its venue, organizer, categories and tags in ${language}, single and in a list`, async () => {
        const single = (await t.request('anonymous', 'GET', inLanguage(`events/${event.id}`, language, form))).json();
        const [listed] = (await t.request('anonymous', 'GET', inLanguage('events', language, form))).json().events;
        for (const record of [single, listed]) {
          assert.deepEqual(
            embedded(record),
            names.map((name) => [name, language, ['en', 'fr']]),
          );
        }
      });
    }
  }

  for (const form of FORMS) {
    test(`embedded records' URLs keep the language by ${form}`, async () => {
      const record = (await t.request('anonymous', 'GET', inLanguage(`events/${event.id}`, 'fr', form))).json();
      const { api: apiBase, site } = expectedBases('fr', form);
      const [category] = record.categories;
      assert.deepEqual(category.urls, {
        self: keepingLanguage(`${apiBase}/categories/${category.id}`, 'fr', form),
        collection: keepingLanguage(`${apiBase}/categories`, 'fr', form),
      });
      assert.equal(record.venue.url, `${site}/venue/salle-integree/`);
      assert.equal(record.organizer[0].url, `${site}/organizer/club-integre/`);
    });
  }

  test("an event's excerpt translates with its title and description", async () => {
    const created = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Excerpt Night',
        ...EVENT_DATES,
        excerpt: 'Short',
        description: 'Long',
      })
    ).json();
    await t.request('administrator', 'PATCH', inLanguage(`events/${created.id}`, 'fr'), { excerpt: 'Court' });
    const read = (await t.request('anonymous', 'GET', inLanguage(`events/${created.id}`, 'fr'))).json();
    assert.deepEqual([read.title, read.excerpt, read.description], ['Excerpt Night', '<p>Court</p>', '<p>Long</p>']);
    assert.equal((await t.request('anonymous', 'GET', `events/${created.id}`)).json().excerpt, '<p>Short</p>');
  });
});

describe(`languages: done means (${DIALECT})`, () => {
  let t: TestApp;
  after(() => t.close());

  test('an editor writes an event in English, French and German; a French client sees French titles and venue names, English where no French exists', async () => {
    t = await createTestApp();
    const write = async (method: Method, path: string, body: Json) => {
      const response = await t.request('editor', method, path, body);
      assert.ok(response.statusCode === 200 || response.statusCode === 201, response.body);
      return response.json();
    };
    const translated = await write('POST', 'events', {
      title: 'Sea Concert',
      ...EVENT_DATES,
      venue: { venue: 'Harbour Hall', city: 'Nice' },
    });
    await write('PATCH', `/fr${API}/events/${translated.id}`, {
      title: 'Concert de la Mer',
      description: 'Sur le port',
    });
    await write('PATCH', inLanguage(`events/${translated.id}`, 'de'), { title: 'Meereskonzert' });
    await write('PATCH', `/fr${API}/venues/${translated.venue.id}`, { venue: 'Salle du Port' });
    await write('PATCH', inLanguage(`venues/${translated.venue.id}`, 'de'), { venue: 'Hafenhalle' });
    // A later event with no French text at all.
    await write('POST', 'events', {
      title: 'Late Show',
      start_date: '2027-03-02 19:00:00',
      end_date: '2027-03-02 22:00:00',
      venue: { venue: 'Old Cinema' },
    });

    const response = await t.request('anonymous', 'GET', `/fr${API}/events`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-language'], 'fr');
    const events = response.json().events as Json[];
    assert.deepEqual(
      events.map((event) => [event.title, event.venue.venue, event.translation_language, event.translations]),
      [
        ['Concert de la Mer', 'Salle du Port', 'fr', ['en', 'fr', 'de']],
        ['Late Show', 'Old Cinema', 'fr', ['en']],
      ],
    );
    assert.deepEqual(
      events.map((event) => event.url),
      [`${ORIGIN}/fr/event/concert-de-la-mer/`, `${ORIGIN}/fr/event/late-show/`],
    );
    assert.equal(events[0]!.description, '<p>Sur le port</p>');
    // The English and German readers still see their own text.
    const titles = async (path: string) =>
      (await t.request('anonymous', 'GET', path)).json().events.map((event: Json) => [event.title, event.venue.venue]);
    assert.deepEqual(await titles(`${API}/events`), [
      ['Sea Concert', 'Harbour Hall'],
      ['Late Show', 'Old Cinema'],
    ]);
    assert.deepEqual(await titles(`/de${API}/events`), [
      ['Meereskonzert', 'Hafenhalle'],
      ['Late Show', 'Old Cinema'],
    ]);
  });
});
