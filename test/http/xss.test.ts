import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Role } from '../../src/auth/roles.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { TEXT_LENGTHS } from '../../src/content/text-lengths.ts';

/*
 * Stored XSS (issue 13, docs/decisions/0022-text-filtering.md): a corpus of known payloads, in the
 * style of OWASP's XSS filter evasion cheat sheet, written in every text field of every record
 * type by every role that may write it, through every write path (create, update, a translation,
 * terms named by an event, venues and organizers inline in an event), then checked in the write's
 * answer and in a later read. The checks do not use the sanitizer: they read the markup that comes
 * back with plain patterns.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any, not unknown: the fields are read without casts
type Json = Record<string, any>;

/** One line each, no raw newline (descriptions would be split into paragraphs), no NUL. */
const PAYLOADS: readonly string[] = [
  // Script tags, in case variants and broken forms.
  `<script>alert('XSS')</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<ScRiPt>alert(1)</sCrIpT>`,
  `<script/xss src="https://xss.example/x.js"></script>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=https://xss.example/xss.js?< B >`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `</title><script>alert(1)</script>`,
  `<b <script>alert(1)//<</script>`,
  `<<b>script>alert(1)<</b>/script>`,
  `<template><script>alert(1)</script></template>`,
  `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
  // Images and event handlers.
  `<img src=x onerror=alert(1)>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=javascript:alert(&quot;XSS&quot;)>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x:alert(alt) onerror=eval(src) alt=xss>`,
  '<img src="x`onerror=alert(1)">',
  `<a href="https://example.org/" onclick="alert(1)">link</a>`,
  `<b onmouseover=alert(1)>bold</b>`,
  `<a href="https://example.org/"title="x"onmouseover="alert(1)">x</a>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)"></video>`,
  `<marquee onstart=alert(1)>`,
  `<isindex type=image src=1 onerror=alert(1)>`,
  `<BODY ONLOAD=alert('XSS')>`,
  // javascript:, data: and vbscript: URLs, obfuscated with entities and white space.
  `<a href="javascript:alert(1)">link</a>`,
  `<a href="JAVASCRIPT:alert(1)" title="t">link</a>`,
  `<a href=" javascript:alert(1)">link</a>`,
  `<a href="jav&#x61;script:alert(1)">link</a>`,
  `<a href="&#106;avascript:alert(1)">link</a>`,
  `<a href="javas&#99;ript:alert(1)">link</a>`,
  `<a href="javascript&colon;alert(1)">link</a>`,
  `<a href="&#x6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;alert(1)">x</a>`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>`,
  `<a href="vbscript:msgbox(1)">link</a>`,
  `<a href="VBScript:msgbox(1)">link</a>`,
  `<q cite="javascript:alert(1)">quote</q>`,
  `<blockquote cite="data:text/html,<script>alert(1)</script>">bq</blockquote>`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<TABLE BACKGROUND="javascript:alert('XSS')"><TD BACKGROUND="javascript:alert('XSS')">`,
  `<form><button formaction="javascript:alert(1)">go</button></form>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  // Styles, frames, objects, SVG and MathML.
  `<STYLE>@import'https://xss.example/xss.css';</STYLE>`,
  `<STYLE>BODY{-moz-binding:url("https://xss.example/xssmoz.xml#xss")}</STYLE>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<b style="background-image:url(javascript:alert(1))">styled</b>`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<XSS STYLE="behavior: url(xss.htc);">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>`,
  `<object data="javascript:alert(1)">`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv">`,
  `<svg/onload=alert('XSS')>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<math><mtext><mglyph><svg><mtext><style><img src=x onerror=alert(1)></style></mtext></svg></mglyph></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  // Attribute breaking and encoded forms.
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  `" onmouseover="alert(1)`,
  `&lt;script&gt;alert(1)&lt;/script&gt;`,
  `%3Cscript%3Ealert(1)%3C/script%3E`,
  `\\u003cscript\\u003ealert(1)\\u003c/script\\u003e`,
];

/** WordPress' `$allowedtags`: all the markup a filtered title, name or short field may keep. */
const INLINE_TAGS = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'blockquote',
  'cite',
  'code',
  'del',
  'em',
  'i',
  'q',
  's',
  'strike',
  'strong',
]);
/** What the answer adds around excerpts and descriptions (wpautop). */
const PARAGRAPH_TAGS = new Set(['p', 'br']);
/** Never in filtered text, not even in descriptions. */
const EXECUTABLE_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'body',
  'html',
  'head',
  'template',
  'noscript',
  'bgsound',
  'isindex',
  'video',
  'audio',
  'source',
  'marquee',
  'xss',
]);

/** Character references decoded, as a browser decodes them in an attribute. */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_match, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_match, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&colon;/gi, ':')
    .replace(/&(?:tab|newline);/gi, '');
}

type Profile = 'inline' | 'post';

/** Asserts that filtered text holds nothing a browser would run. */
function assertInert(text: string, profile: Profile, where: string): void {
  assert.doesNotMatch(text, /<script/i, `${where}: ${text}`);
  assert.doesNotMatch(text, /<[!?]/, `${where}: comment or processing instruction in ${text}`);
  for (const [, name, attributes] of text.matchAll(/<\/?([a-z][^\s/>]*)([^>]*)>?/gi)) {
    const tag = name!.toLowerCase();
    if (profile === 'inline')
      assert.ok(INLINE_TAGS.has(tag) || PARAGRAPH_TAGS.has(tag), `${where}: <${tag}> in ${text}`);
    else assert.ok(!EXECUTABLE_TAGS.has(tag), `${where}: <${tag}> in ${text}`);
    for (const [, attribute, value] of attributes!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      assert.doesNotMatch(
        attribute!,
        /^(?:on[a-z]+|style|formaction|srcdoc|xmlns|xlink:href)$/i,
        `${where}: attribute in ${text}`,
      );
      // The URL a browser would resolve: references decoded, white space and control characters ignored.
      const url = decodeReferences((value ?? '').replace(/^["']|["']$/g, ''))
        .replace(/[\s\p{Cc}]+/gu, '')
        .toLowerCase();
      assert.doesNotMatch(url, /^(?:javascript|vbscript|livescript|data):/, `${where}: URL in ${text}`);
    }
  }
}

interface Field {
  readonly name: string;
  readonly profile: Profile;
}

const inline = (...names: string[]): Field[] => names.map((name) => ({ name, profile: 'inline' }));
const DESCRIPTION: Field = { name: 'description', profile: 'post' };

/** The text fields of each record type; a website is a URL, checked apart. */
const FIELDS = {
  events: [...inline('title', 'excerpt', 'cost'), DESCRIPTION],
  venues: [
    ...inline('venue', 'address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince'),
    DESCRIPTION,
  ],
  organizers: [...inline('organizer', 'phone', 'email'), DESCRIPTION],
  categories: inline('name', 'description'),
  tags: inline('name', 'description'),
} as const;
type Collection = keyof typeof FIELDS;

/** Terms named by an event: only their name is written. */
const NAME = inline('name');
/** What a translation of an event writes. */
const TRANSLATED = [...inline('title', 'excerpt'), DESCRIPTION];

/** A URL that passes validation but would break out of an HTML attribute as sent. */
const BREAKING_URL = `https://example.org/a b?q="'><svg onload=alert(1)>`;

/** Letters for a number: labels hold no digit or hyphen, which a cost would show reformatted. */
const letters = (index: number) => String.fromCharCode(97 + Math.floor(index / 26), 97 + (index % 26));

/**
 * The text written to `field` for the payloads `group` (their indexes) in record `position`: a
 * label first, so that no text filters to nothing and each record's text is told apart.
 */
const textFor = (field: string, label: string, position: number, group: readonly number[]) =>
  `${field}_${label}_${letters(position)} ${group.map((index) => PAYLOADS[index]).join(' ')}`;

function bodyFor(fields: readonly Field[], label: string, position: number, group: readonly number[]): Json {
  return Object.fromEntries(fields.map(({ name }) => [name, textFor(name, label, position, group)]));
}

/**
 * Checks the text fields of a record as answered: filtered text is inert and keeps its label;
 * unfiltered text is as sent (descriptions and excerpts come wrapped in a paragraph, costs are
 * shown reformatted, so those hold the text sent).
 */
function checkRecord(record: Json, fields: readonly Field[], sent: Json, filtered: boolean, where: string): void {
  for (const field of fields) {
    const value: unknown = record[field.name];
    const text = sent[field.name] as string;
    const label = text.slice(0, text.indexOf(' '));
    assert.equal(typeof value, 'string', `${where}.${field.name}: ${JSON.stringify(record)}`);
    if (filtered) {
      assertInert(value as string, field.profile, `${where}.${field.name}`);
      assert.ok((value as string).includes(label), `${where}.${field.name}: ${value as string} lost its text`);
    } else if (field.name === 'cost')
      assert.ok((value as string).startsWith(label), `${where}.cost: ${value as string}`);
    else if (field.name === 'description' || field.name === 'excerpt')
      assert.ok((value as string).includes(text), `${where}.${field.name}: ${value as string} should hold ${text}`);
    else assert.equal(value, text, `${where}.${field.name}`);
  }
  if (typeof record.slug === 'string') assert.match(record.slug, /^[\p{L}\p{N}-]*$/u, `${where}: slug ${record.slug}`);
}

const EVENT_DATES = { start_date: '2027-03-01 19:00:00', end_date: '2027-03-01 22:00:00' };

/** Every record of a collection the role may list, by id (terms: with their events, hidden or not). */
async function listAll(t: TestApp, role: Role, collection: Collection, language?: string): Promise<Map<number, Json>> {
  const records = new Map<number, Json>();
  for (let page = 1; ; page++) {
    const query = `per_page=50&page=${page}${collection === 'categories' || collection === 'tags' ? '&hide_empty=0' : ''}${language ? `&translation_language=${language}` : ''}`;
    const response = await t.request(role, 'GET', `${collection}?${query}`);
    if (response.statusCode === 404 && page > 1) break;
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    for (const record of body[collection] as Json[]) records.set(record.id, record);
    if (page >= body.total_pages) break;
  }
  return records;
}

/** The write paths a role has, besides events and their inline records and terms. */
const WRITES: Record<'administrator' | 'editor' | 'author' | 'contributor', readonly Collection[]> = {
  administrator: ['venues', 'organizers', 'categories', 'tags'],
  editor: ['venues', 'organizers', 'categories', 'tags'],
  author: ['venues', 'organizers', 'categories'],
  contributor: ['venues', 'organizers'],
};

/**
 * How the payloads go into records, to keep the test fast: for filtered roles up to sixteen at a
 * time in each field on every path (and one by one in authors' events); text kept as sent is
 * checked whole, so unfiltered roles write as many at a time as a field holds. Every group's text
 * fits the shortest bounded field (titles, names and costs: decision 0100).
 */
const SINGLES = PAYLOADS.map((_payload, index) => [index]);
/** Room left for a field's label before its payloads (`description_xxufr_ab `). */
const LABEL_ROOM = 40;
function packed(most: number): number[][] {
  const groups: number[][] = [];
  let length = 0;
  for (const [index, payload] of PAYLOADS.entries()) {
    const last = groups.at(-1);
    if (last && last.length < most && length + 1 + payload.length <= TEXT_LENGTHS.name - LABEL_ROOM) {
      last.push(index);
      length += 1 + payload.length;
    } else {
      groups.push([index]);
      length = payload.length;
    }
  }
  return groups;
}
const GROUPS = packed(16);
const ALL = packed(Infinity);
/** An update writes group i + ROTATION into record i, so that it changes what the create wrote. */
const ROTATION = 3;

/**
 * Writes the corpus as `role` through every path and checks the answers and a later read;
 * `filtered` says whether the role's text must come back filtered; each record takes one of the
 * `groups` of payloads, and events also each payload on its own when `oneByOne` says so.
 */
async function writeCorpus(
  t: TestApp,
  role: keyof typeof WRITES,
  filtered: boolean,
  label: string,
  groups: readonly (readonly number[])[],
  oneByOne: boolean,
): Promise<void> {
  const where = (path: string, group: readonly number[]) =>
    `${role} ${path} ${group.map((index) => `#${index} ${PAYLOADS[index]}`).join(' ')}`;
  /** What was last written to each record, and to which of its fields. */
  const expected = new Map<Collection, Map<number, { fields: readonly Field[]; sent: Json }>>(
    (['events', 'venues', 'organizers', 'categories', 'tags'] as const).map((collection) => [collection, new Map()]),
  );
  const written = (collection: Collection, id: number, sent: Json, fields: readonly Field[] = FIELDS[collection]) =>
    expected.get(collection)!.set(id, { fields, sent });

  // Events, with their terms named and their venue and organizer written inline.
  for (const [position, group] of groups.entries()) {
    const event = bodyFor(FIELDS.events, `${label}c`, position, group);
    const venue = bodyFor(FIELDS.venues, `${label}i`, position, group);
    const organizer = bodyFor(FIELDS.organizers, `${label}i`, position, group);
    const category = textFor('category', label, position, group);
    const tag = textFor('tag', label, position, group);
    const response = await t.request(role, 'POST', 'events', {
      ...event,
      ...EVENT_DATES,
      status: 'publish',
      website: BREAKING_URL,
      categories: [category],
      tags: [tag],
      venue,
      organizer: [organizer],
    });
    assert.equal(response.statusCode, 201, `${where('POST events', group)}: ${response.body}`);
    const record = response.json();
    checkRecord(record, FIELDS.events, event, filtered, where('POST events', group));
    checkRecord(record.venue, FIELDS.venues, venue, filtered, where('POST events inline venue', group));
    checkRecord(
      record.organizer[0],
      FIELDS.organizers,
      organizer,
      filtered,
      where('POST events inline organizer', group),
    );
    const [categoryRecord] = record.categories as Json[];
    const [tagRecord] = record.tags as Json[];
    checkRecord(categoryRecord!, NAME, { name: category }, filtered, where('POST events category', group));
    checkRecord(tagRecord!, NAME, { name: tag }, filtered, where('POST events tag', group));
    if (filtered) assert.doesNotMatch(record.website, /["'<>\s]/, where('POST events website', group));
    written('events', record.id, event);
    written('venues', record.venue.id, venue);
    written('organizers', record.organizer[0].id, organizer);
    written('categories', categoryRecord!.id, { name: category }, NAME);
    written('tags', tagRecord!.id, { name: tag }, NAME);
  }
  for (const [position, single] of (oneByOne ? SINGLES : []).entries()) {
    const event = bodyFor(FIELDS.events, `${label}s`, position, single);
    const response = await t.request(role, 'POST', 'events', { ...event, ...EVENT_DATES });
    assert.equal(response.statusCode, 201, `${where('POST events', single)}: ${response.body}`);
    checkRecord(response.json(), FIELDS.events, event, filtered, where('POST events', single));
    written('events', response.json().id, event);
  }
  // Every other record type its own routes let the role write.
  for (const collection of WRITES[role]) {
    for (const [position, group] of groups.entries()) {
      const sent = bodyFor(FIELDS[collection], `${label}c`, position, group);
      const website = collection === 'venues' || collection === 'organizers' ? { website: BREAKING_URL } : {};
      const response = await t.request(role, 'POST', collection, { ...sent, ...website });
      assert.equal(response.statusCode, 201, `${where(`POST ${collection}`, group)}: ${response.body}`);
      const record = response.json();
      checkRecord(record, FIELDS[collection], sent, filtered, where(`POST ${collection}`, group));
      if ('website' in website)
        assert.equal(
          record.website,
          filtered ? 'https://example.org/a%20b?q=%22%27%3E%3Csvg%20onload=alert(1)%3E' : BREAKING_URL,
          where(`POST ${collection} website`, group),
        );
      written(collection, record.id, sent);
    }
  }
  // Updates, each with other payloads, and a translation of events.
  const updates = [
    ...(['events', ...WRITES[role]] as const).map((collection) => ({
      collection,
      fields: FIELDS[collection],
      language: '',
    })),
    { collection: 'events', fields: TRANSLATED, language: 'fr' } as const,
  ];
  const translated = new Map<number, Json>();
  for (const { collection, fields, language } of updates) {
    const ids = [...expected.get(collection)!]
      .filter(([, { fields: written }]) => written === FIELDS[collection])
      .map(([id]) => id)
      .slice(0, groups.length);
    for (const [position, id] of ids.entries()) {
      const group = groups[(position + ROTATION) % groups.length]!;
      const sent = bodyFor(fields, `${label}u${language}`, position, group);
      const path = `PATCH ${collection}${language ? ` in ${language}` : ''}`;
      const response = await t.request(
        role,
        'PATCH',
        `${collection}/${id}${language ? `?translation_language=${language}` : ''}`,
        sent,
      );
      assert.equal(response.statusCode, 200, `${where(path, group)}: ${response.body}`);
      checkRecord(response.json(), fields, sent, filtered, where(path, group));
      if (language) translated.set(id, sent);
      else written(collection, id, sent);
    }
  }

  // A later read answers what was stored.
  for (const [collection, records] of expected) {
    const listed = await listAll(t, role, collection);
    for (const [id, { fields, sent }] of records) {
      const record = listed.get(id);
      assert.ok(record, `${role} GET ${collection}: ${id} is missing`);
      checkRecord(record, fields, sent, filtered, `${role} GET ${collection}/${id}`);
    }
  }
  const listedInFrench = await listAll(t, role, 'events', 'fr');
  for (const [id, sent] of translated)
    checkRecord(listedInFrench.get(id)!, TRANSLATED, sent, filtered, `${role} GET events/${id} in French`);
}

describe('stored XSS: text fields are filtered as WordPress filters them', () => {
  let t: TestApp;
  let disallowing: TestApp;
  before(async () => {
    [t, disallowing] = await Promise.all([
      createTestApp(),
      createTestApp({ env: { CALENDAR_DISALLOW_UNFILTERED_HTML: '1' }, withUsers: false }),
    ]);
    // Only the administrator writes there: one password hash instead of five.
    await disallowing.users.create({
      login: 'administrator',
      role: 'administrator',
      password: 'administrator-password',
    });
  });
  after(async () => {
    await Promise.all([t.close(), disallowing.close()]);
  });

  test(`the corpus has at least 50 payloads (${PAYLOADS.length})`, () => assert.ok(new Set(PAYLOADS).size >= 50));

  test('the checks catch what they look for', () => {
    for (const [text, profile] of [
      ['<img src=x onerror=alert(1)>', 'post'],
      ['<b onclick=x()>b</b>', 'inline'],
      ['<a href="jav&#x61;script:x()">a</a>', 'inline'],
      ['<a href=" data:text/html,x">a</a>', 'post'],
      ['<svg>', 'post'],
      ['<img src="https://x.example/a.png">', 'inline'],
      ['<!-- x -->', 'inline'],
    ] as const) {
      assert.throws(() => assertInert(text, profile, 'self-test'), assert.AssertionError, text);
    }
    assertInert('<b>Bob</b> &lt;script&gt; <a href="https://example.org/" title="t">x</a>', 'inline', 'self-test');
  });

  // Authors' events also take each payload on its own; contributors are filtered by the same rule.
  for (const role of ['author', 'contributor'] as const) {
    test(`${role}: no executable markup survives in any text field, through any write path`, () =>
      writeCorpus(t, role, true, role.slice(0, 2), GROUPS, role === 'author'));
  }
  for (const role of ['administrator', 'editor'] as const) {
    test(`${role}: text is stored and answered as sent`, () =>
      writeCorpus(t, role, false, role.slice(0, 2), ALL, false));
  }
  test('with CALENDAR_DISALLOW_UNFILTERED_HTML=1, administrators are filtered too', () =>
    writeCorpus(disallowing, 'administrator', true, 'da', GROUPS, false));

  test("the inline tags WordPress allows in titles survive for filtered callers, and the issue's examples come back clean", async () => {
    const kept =
      '<b>Bold</b> <strong>s</strong> <em>e</em> <i>i</i> <code>c</code> <a href="https://example.org/" title="t">a</a> <abbr title="t">ab</abbr> <q cite="https://example.org/">q</q> <del datetime="2026-01-01">d</del> <s>s</s> <cite>c</cite>';
    const event = (
      await t.request('author', 'POST', 'events', {
        title: `Kept ${kept}`,
        excerpt: kept,
        ...EVENT_DATES,
        categories: [`Cat ${kept}`],
        venue: { venue: `Venue ${kept}`, city: kept },
      })
    ).json();
    assert.equal(event.title, `Kept ${kept}`);
    assert.equal(event.excerpt, `<p>${kept}</p>`);
    assert.equal(event.categories[0].name, `Cat ${kept}`);
    assert.equal(event.venue.venue, `Venue ${kept}`);
    assert.equal(event.venue.city, kept);

    const venue = await t.request('author', 'POST', 'venues', { venue: '<img src=x onerror=alert(1)>Hall' });
    assert.equal(venue.json().venue, 'Hall');
    assert.equal(venue.json().slug, 'hall');
    const bob = await t.request('author', 'POST', 'events', {
      title: '<b>Bob</b><script>x()</script>',
      ...EVENT_DATES,
    });
    assert.equal(bob.json().title, '<b>Bob</b>');
    // Slugs never carry markup, whoever wrote the title.
    assert.equal(bob.json().slug, 'bob');
    const asSent = await t.request('administrator', 'POST', 'events', {
      title: '<b>Alice</b><script>x()</script>',
      ...EVENT_DATES,
    });
    assert.equal(asSent.json().title, '<b>Alice</b><script>x()</script>');
    assert.equal(asSent.json().slug, 'alice');
  });

  test('a name that filters to nothing is refused as an invalid parameter, not stored empty', async () => {
    for (const [collection, body] of [
      ['events', { title: '<script>x()</script>', ...EVENT_DATES }],
      ['venues', { venue: '<svg/onload=x()>' }],
      ['categories', { name: '<iframe src=x></iframe>' }],
    ] as const) {
      const response = await t.request('author', 'POST', collection, body);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().code, 'rest_invalid_param', response.body);
    }
  });

  test('an event naming a term by a name that filters to an existing term links that term', async () => {
    const existing = (await t.request('author', 'POST', 'categories', { name: 'Jazz Night' })).json();
    const event = await t.request('author', 'POST', 'events', {
      title: 'Concert',
      ...EVENT_DATES,
      categories: ['Jazz Night<script>x()</script>'],
    });
    assert.equal(event.statusCode, 201, event.body);
    assert.deepEqual(
      event.json().categories.map((category: Json) => category.id),
      [existing.id],
    );
  });
});
