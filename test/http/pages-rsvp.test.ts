import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { assertError, createRecord, createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';

/*
 * The RSVP form on an event's page (issue 46 items 2, 8, 9; decisions 0125, 0126): a plain form
 * POST answered by the RSVP's confirmation at its signed link (303), problems shown on the page
 * with the form refilled and nothing written, paid tickets' price and "Buy" link, closed and full
 * tickets saying so, the signed link changing and cancelling the RSVP (tampered: 403, expired:
 * 410), the waitlist promoted in order when places are freed, with an e-mail, and the write rate
 * limit of the address.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ET = '/wp-json/tribe/tickets/v1';
const ORIGIN = 'http://localhost:80';

/** A clock the test moves: the links expire. */
const clock = {
  at: new Date(TEST_NOW),
  now() {
    return new Date(this.at);
  },
};

describe(`the RSVP form on the event page (${DIALECT})`, () => {
  let t: TestApp;
  let event: { id: number; slug: string };

  const form = (
    app: TestApp,
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = { origin: ORIGIN },
  ) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const ticket = async (fields: Json) => {
    const made = await t.request('administrator', 'POST', `${ET}/tickets`, { event: event.id, ...fields });
    assert.equal(made.statusCode, 201, made.body);
    return made.json<Json>().id as number;
  };
  const attendees = async (ticketId: number) =>
    (await t.request('administrator', 'GET', `${ET}/attendees?ticket_id=${ticketId}&per_page=100`)).json<Json>()
      .attendees as Json[];
  const statuses = async (ticketId: number) =>
    (await t.request('administrator', 'GET', `${ET}/tickets/${ticketId}`)).json<Json>();
  const eventPage = async () => (await t.request('anonymous', 'GET', `/event/${event.slug}/`)).body;
  const rsvp = (fields: Record<string, string>) =>
    form(t, `/event/${event.slug}/rsvp/`, { name: 'Ada Lovelace', email: 'ada@example.org', quantity: '1', ...fields });
  const manage = (response: LightMyRequestResponse) => {
    assert.equal(response.statusCode, 303, response.body);
    const location = new URL(String(response.headers.location));
    return { path: location.pathname, done: location.searchParams.get('done') };
  };
  const outbox = async () =>
    (await t.request('administrator', 'GET', 'mail/outbox?per_page=100')).json<Json>().messages as Json[];

  before(async () => {
    t = await createTestApp({ clock, env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    const made = await createRecord(t, 'events', {
      title: 'Jazz Night',
      status: 'publish',
      start_date: '2026-12-04 19:00:00',
      end_date: '2026-12-04 22:00:00',
    });
    event = { id: made.id, slug: made.slug };
  });
  after(() => t.close());

  test('the French event page shows the form in French; its problems and its confirmation page are French too', async () => {
    const made = await createRecord(t, 'events', {
      title: 'Soirée jazz',
      status: 'publish',
      start_date: '2026-12-05 19:00:00',
      end_date: '2026-12-05 22:00:00',
    });
    const created = await t.request('administrator', 'POST', `${ET}/tickets`, {
      event: made.id,
      name: 'Entrée libre',
      capacity: 5,
      attendee_fields: [{ label: 'Régime', type: 'choice', options: ['végétarien', 'aucun'] }],
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json<Json>().id as number;
    const page = await t.request('anonymous', 'GET', `/fr/event/${made.slug}/`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="fr"/);
    assert.match(page.body, /<h2 id="rsvp-heading">Inscription<\/h2>/);
    assert.match(page.body, /Places restantes : 5/);
    assert.match(page.body, /<legend>Serez-vous présent \?<\/legend>/);
    for (const label of [
      'Je viens',
      'Je ne viens pas',
      'Nom',
      'Adresse e-mail',
      'Nombre de places',
      'Régime \\(facultatif\\)',
    ])
      assert.match(page.body, new RegExp(`<label for="rsvp-${id}-[a-z_0-9-]+">${label}</label>`), label);
    assert.match(page.body, /<option value(="")?>Choisir…<\/option>/);
    assert.match(page.body, /<button type="submit">Envoyer ma réponse<\/button>/);
    assert.doesNotMatch(page.body, /How many places|Are you going\?|places left/, 'no English words left in the form');
    const action = `/fr/event/${made.slug}/rsvp/`;
    assert.ok(
      page.body.includes(`action="${ORIGIN}${action}"`) || page.body.includes(`action="${action}"`),
      'the form posts to the French page',
    );
    const refused = await form(t, action, {
      ticket_id: String(id),
      name: ' ',
      email: 'zoe@example.org',
      quantity: '1',
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /Votre réponse n’a pas été envoyée :/);
    assert.match(refused.body, /Saisissez votre nom\./);
    const sent = manage(
      await form(t, action, { ticket_id: String(id), name: 'Zoé', email: 'zoe@example.org', quantity: '2' }),
    );
    assert.match(sent.path, /^\/fr\/rsvp\//, "the confirmation in the page's language");
    const confirmation = await t.request('anonymous', 'GET', `${sent.path}?done=sent`);
    assert.equal(confirmation.statusCode, 200);
    assert.match(confirmation.body, /Merci ! Une confirmation est en route vers zoe@example\.org\./);
    assert.match(confirmation.body, /Vous venez : 2 place\(s\)\./);
    assert.match(confirmation.body, /<h2 id="rsvp-change">Modifier votre inscription<\/h2>/);
    assert.match(confirmation.body, /<button type="submit">Annuler mon inscription<\/button>/);
  });

  test('a free ticket shows a labelled form with its places and fields; an RSVP is a 303 to its confirmation', async () => {
    const id = await ticket({
      name: 'Free seat',
      capacity: 5,
      attendee_fields: [
        { label: 'Diet', type: 'choice', options: ['vegan', 'none'], required: true },
        { label: 'Newsletter', type: 'checkbox' },
        { label: 'Company', type: 'text' },
      ],
    });
    const page = await eventPage();
    assert.match(page, /<h2 id="rsvp-heading">RSVP<\/h2>/);
    assert.match(page, /5 places left/);
    for (const label of [
      'Name',
      'E-mail',
      'How many places',
      'Diet',
      'Newsletter \\(optional\\)',
      'Company \\(optional\\)',
    ])
      assert.match(page, new RegExp(`<label for="rsvp-${id}-[a-z_0-9]+">${label}</label>`), label);
    assert.match(page, new RegExp(`<form method="post" action="[^"]*/event/${event.slug}/rsvp/"`));
    assert.match(page, /name="homepage"/, 'the honeypot');
    const sent = manage(await rsvp({ ticket_id: String(id), quantity: '2', answer_0: 'vegan', answer_1: 'on' }));
    assert.equal(sent.done, 'sent');
    assert.match(sent.path, /^\/rsvp\/[0-9a-f]{24}\.\d+\.[A-Za-z0-9_-]{43}\/$/);
    const confirmation = await t.request('anonymous', 'GET', `${sent.path}?done=sent`);
    assert.equal(confirmation.statusCode, 200);
    assert.equal(confirmation.headers['cache-control'], 'private, no-store');
    assert.match(confirmation.body, /A confirmation is on its way to ada@example\.org/);
    assert.match(confirmation.body, /You are going: 2 place\(s\)/);
    const seats = await attendees(id);
    assert.equal(seats.length, 2);
    assert.deepEqual(
      seats.map((seat) => seat.rsvp_status),
      ['going', 'going'],
    );
    assert.deepEqual(
      seats[0]!.answers,
      { Diet: 'vegan', Newsletter: true },
      'the answers as given, the empty text left out',
    );
    assert.match(await eventPage(), /3 places left/, 'the page is not served stale from the read cache');
    const mails = (await outbox()).filter((row) => row.to === 'ada@example.org');
    assert.equal(mails.length, 1);
  });

  test('problems show on the page with the form refilled, and nothing is written', async () => {
    const id = await ticket({
      name: 'Small room',
      capacity: 2,
      attendee_fields: [{ label: 'Diet', type: 'choice', options: ['vegan', 'none'], required: true }],
    });
    const before = (await outbox()).length;
    const badEmail = await rsvp({ ticket_id: String(id), email: 'not-an-address', name: 'Bo Peep', answer_0: 'vegan' });
    assert.equal(badEmail.statusCode, 400);
    assert.equal(badEmail.headers['cache-control'], 'private, no-store');
    assert.match(badEmail.body, /role="alert"/);
    assert.match(badEmail.body, /Enter a valid e-mail address/);
    assert.match(badEmail.body, /value="Bo Peep"/, 'the name is kept');
    assert.match(badEmail.body, /<option value="vegan" selected>/, 'the choice is kept');
    assert.match(badEmail.body, /aria-invalid="true"/);
    const tooMany = await rsvp({ ticket_id: String(id), quantity: '3', answer_0: 'none' });
    assert.equal(tooMany.statusCode, 409);
    assert.match(tooMany.body, /Not that many places are left: 2\./);
    assert.match(tooMany.body, /name="quantity" value="3"/);
    const missing = await rsvp({ ticket_id: String(id) });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.body, /&quot;Diet&quot; is required|"Diet" is required/);
    const noQuantity = await rsvp({ ticket_id: String(id), quantity: 'many', answer_0: 'none' });
    assert.equal(noQuantity.statusCode, 400);
    assert.match(noQuantity.body, /Enter a number of places from 1/);
    assert.equal((await attendees(id)).length, 0, 'no attendee, not even half of one');
    assert.equal((await outbox()).length, before, 'no e-mail');
    assert.equal((await rsvp({ ticket_id: '999999', answer_0: 'none' })).statusCode, 404);
  });

  test("the honeypot stores nothing; another site's form is refused", async () => {
    const id = await ticket({ name: 'Trap', capacity: 5 });
    const trapped = await rsvp({ ticket_id: String(id), homepage: 'http://spam.example' });
    assert.equal(trapped.statusCode, 303);
    assert.equal(new URL(String(trapped.headers.location)).pathname, `/event/${event.slug}/`);
    const foreign = await form(
      t,
      `/event/${event.slug}/rsvp/`,
      { ticket_id: String(id), name: 'X', email: 'x@example.org' },
      { origin: 'https://evil.example' },
    );
    assert.equal(foreign.statusCode, 403);
    assert.equal((await attendees(id)).length, 0);
  });

  test('full, not yet open and closed tickets say so; a paid ticket shows its price and Buy link, and takes no RSVP', async () => {
    const full = await ticket({ name: 'Sold out', capacity: 0 });
    const later = await ticket({ name: 'Later', capacity: 5, start_date: '2026-12-01 09:00:00' });
    const ended = await ticket({ name: 'Ended', capacity: 5, end_date: '2026-11-20 09:00:00' });
    const paid = await ticket({ name: 'Gala', capacity: 5, price: 25, buy_url: 'https://tickets.example.org/gala' });
    assertError(
      await t.request('administrator', 'POST', `${ET}/tickets`, {
        event: event.id,
        name: 'Bad',
        price: 5,
        buy_url: 'javascript:alert(1)',
      }),
      400,
      'rest_invalid_param',
    );
    const page = await eventPage();
    const section = (id: number) =>
      page.slice(page.indexOf(`id="rsvp-${id}"`), page.indexOf('</section>', page.indexOf(`id="rsvp-${id}"`)));
    assert.match(section(full), /This ticket is full\./);
    assert.doesNotMatch(section(full), /<form/);
    assert.match(section(later), /RSVPs open on 2026-12-01 09:00 \(America\/New_York\)/);
    assert.match(section(ended), /RSVPs are closed\./);
    assert.match(section(paid), /Price: \$25\.00/);
    assert.match(
      section(paid),
      /<a class="button-link" href="https:\/\/tickets\.example\.org\/gala" rel="external noopener">Buy: Gala<\/a>/,
    );
    assert.doesNotMatch(section(paid), /<form/);
    const closed = await rsvp({ ticket_id: String(ended) });
    assert.equal(closed.statusCode, 409);
    assert.match(closed.body, /RSVPs for this ticket are not open\./);
    assert.equal((await rsvp({ ticket_id: String(paid) })).statusCode, 409);
    assert.equal((await attendees(paid)).length + (await attendees(ended)).length, 0);
    const record = (await t.request('anonymous', 'GET', `${ET}/tickets/${paid}`)).json<Json>();
    assert.equal(record.buy_url, 'https://tickets.example.org/gala');
    assert.equal(record.waitlist, false);
  });

  test('the signed link changes and cancels the RSVP; a tampered link is 403, an expired one 410', async () => {
    const id = await ticket({ name: 'Workshop', capacity: 4, attendee_fields: [{ label: 'Level', type: 'text' }] });
    const { path } = manage(await rsvp({ ticket_id: String(id), quantity: '1', answer_0: 'beginner' }));
    const shown = await t.request('anonymous', 'GET', path);
    assert.match(shown.body, /value="beginner"/);
    assert.equal(manage(await form(t, path, { action: 'change', quantity: '3', answer_0: 'expert' })).done, 'changed');
    let seats = await attendees(id);
    assert.equal(seats.filter((seat) => seat.rsvp_status !== 'cancelled').length, 3);
    const tooMany = await form(t, path, { action: 'change', quantity: '5', answer_0: 'expert' });
    assert.equal(tooMany.statusCode, 409);
    assert.match(tooMany.body, /Not that many places are left: 4\./);
    assert.equal(manage(await form(t, path, { action: 'change', quantity: '1', answer_0: 'expert' })).done, 'changed');
    assert.equal((await statuses(id)).availability.available, 3);
    const [order, expires, signature] = path.split('/')[2]!.split('.') as [string, string, string];
    const tampered = await t.request('anonymous', 'GET', `/rsvp/${order}.${Number(expires) + 1}.${signature}/`);
    assert.equal(tampered.statusCode, 403);
    assert.match(tampered.body, /This link to an RSVP is not valid/);
    assert.equal(
      (
        await form(t, `/rsvp/${order}.${expires}.${signature.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}/`, {
          action: 'cancel',
        })
      ).statusCode,
      403,
    );
    assert.equal(manage(await form(t, path, { action: 'cancel' })).done, 'cancelled');
    seats = await attendees(id);
    assert.equal(seats.filter((seat) => seat.rsvp_status !== 'cancelled').length, 0);
    assert.equal((await statuses(id)).availability.available, 4);
    assert.match((await t.request('anonymous', 'GET', path)).body, /This RSVP is cancelled\./);
    const again = await form(t, path, { action: 'change', quantity: '2' });
    assert.equal(again.statusCode, 409);
    const saved = clock.at;
    try {
      clock.at = new Date((Number(expires) + 1) * 1000);
      const expired = await t.request('anonymous', 'GET', path);
      assert.equal(expired.statusCode, 410);
      assert.match(expired.body, /This link to an RSVP has expired\./);
    } finally {
      clock.at = saved;
    }
  });

  test('a full ticket with a waitlist offers it; a cancellation promotes the waitlist in order, with an e-mail', async () => {
    const id = await ticket({ name: 'Masterclass', capacity: 2, waitlist: true });
    const first = manage(await rsvp({ ticket_id: String(id), quantity: '2', email: 'first@example.org' }));
    assert.match(await eventPage(), /This ticket is full: join the waitlist/);
    assert.match(await eventPage(), /<button type="submit">Join the waitlist<\/button>/);
    const second = manage(
      await rsvp({ ticket_id: String(id), quantity: '2', waitlist: '1', email: 'second@example.org' }),
    );
    const third = manage(
      await rsvp({ ticket_id: String(id), quantity: '1', waitlist: '1', email: 'third@example.org' }),
    );
    assert.match((await t.request('anonymous', 'GET', second.path)).body, /You are on the waitlist for 2 place\(s\)/);
    assert.equal(
      (await rsvp({ ticket_id: String(id), quantity: '1', email: 'nolist@example.org' })).statusCode,
      409,
      'without asking for the waitlist: full',
    );
    // One place freed: the second (2 places) does not fit, and nobody overtakes them.
    assert.equal(manage(await form(t, first.path, { action: 'change', quantity: '1' })).done, 'changed');
    assert.match((await t.request('anonymous', 'GET', third.path)).body, /waitlist for 1 place/);
    // Both freed: the second is promoted, then the third does not fit.
    assert.equal(manage(await form(t, first.path, { action: 'cancel' })).done, 'cancelled');
    assert.match((await t.request('anonymous', 'GET', second.path)).body, /You are going: 2 place\(s\)/);
    assert.match((await t.request('anonymous', 'GET', third.path)).body, /waitlist for 1 place/);
    const promoted = (await outbox())
      .filter((row) => row.to === 'second@example.org')
      .sort((a, b) => a.id - b.id)
      .map((row) => row.subject);
    assert.deepEqual(promoted, ["You're on the waitlist: Jazz Night", 'A place is yours: Jazz Night']);
    // The second cancels one place: the third is promoted.
    assert.equal(manage(await form(t, second.path, { action: 'change', quantity: '1' })).done, 'promoted');
    assert.match((await t.request('anonymous', 'GET', third.path)).body, /You are going: 1 place/);
    const ticketNow = await statuses(id);
    assert.equal(ticketNow.availability.sold, 2, 'never more than the capacity');
  });

  test("an occurrence of a series offers the series' tickets, and its form's problems come back on the same date's page", async () => {
    const series = await createRecord(t, 'events', {
      title: 'Weekly Choir',
      status: 'publish',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' },
    });
    const made = await t.request('administrator', 'POST', `${ET}/tickets`, {
      event: series.id,
      name: 'Choir seat',
      capacity: 10,
    });
    assert.equal(made.statusCode, 201, made.body);
    const page = (await t.request('anonymous', 'GET', `/event/${series.slug}/2026-12-08/`)).body;
    assert.match(page, /Choir seat/);
    assert.match(page, /<input type="hidden" name="day" value="2026-12-08"\/>/);
    const refused = await form(t, `/event/${series.slug}/rsvp/`, {
      ticket_id: String(made.json<Json>().id),
      name: 'Cy',
      email: 'bad',
      quantity: '1',
      day: '2026-12-08',
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /<link rel="canonical" href="[^"]*\/2026-12-08\/"/);
  });

  test("the event page with its RSVP forms stays within the pages' 30,000-byte budget", async () => {
    const response = await t.request('anonymous', 'GET', `/event/${event.slug}/`);
    assert.equal(response.statusCode, 200);
    assert.ok(response.rawPayload.length < 30_000, `${response.rawPayload.length} bytes`);
  });
});

describe(`the RSVP form's rate limit (${DIALECT})`, () => {
  test('RSVPs past the write limit of an address are 429 pages', async () => {
    const limited = await createTestApp({ env: { CALENDAR_RATE_LIMIT_WRITES: '2' } });
    try {
      const made = await createRecord(limited, 'events', {
        title: 'Busy',
        status: 'publish',
        start_date: '2026-12-04 19:00:00',
        end_date: '2026-12-04 22:00:00',
      });
      const ticket = (
        await limited.request('administrator', 'POST', `${ET}/tickets`, { event: made.id, name: 'Seat', capacity: 50 })
      ).json<Json>().id as number;
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/event/${made.slug}/rsvp/`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
          payload: `ticket_id=${ticket}&name=Al&email=al%40example.org&quantity=1`,
        });
      const answers = [await send(), await send(), await send()];
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [303, 303, 429],
      );
      assert.match(answers[2]!.headers['content-type'] as string, /^text\/html/);
      assert.ok(answers[2]!.headers['retry-after']);
    } finally {
      await limited.close();
    }
  });
});
