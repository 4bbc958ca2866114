import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../src/errors.ts';
import { availabilityOf, placesLeft, saleClosedReason } from '../../src/modules/tickets/availability.ts';
import { checkedAnswers } from '../../src/modules/tickets/rsvp.service.ts';
import { readPrice, ticketInput } from '../../src/modules/tickets/ticket-input.ts';
import type { TicketListing } from '../../src/storage/repositories/tickets.repository.ts';

/* The rules of tickets (decisions 0108, 0109): prices as clients write them, places left, the sale window, answers. */

const NOW = '2026-11-24 12:00:00';
const ticket = (fields: Partial<TicketListing>): TicketListing => ({
  id: 1,
  event_id: 2,
  author_id: 1,
  status: 'publish',
  name: 'Seat',
  description: '',
  capacity_mode: 'own',
  capacity: 10,
  sale_start_utc: null,
  sale_end_utc: null,
  price: '0',
  currency: 'USD',
  sku: '',
  attendee_fields: '[]',
  buy_url: '',
  waitlist: 0,
  created_utc: NOW,
  modified_utc: NOW,
  event_author_id: 1,
  event_status: 'publish',
  event_type: 'event',
  sold: 0,
  attendee_count: 0,
  checked_in_count: 0,
  pool_capacity: null,
  pool_sold: 0,
  ...fields,
});
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as ApiError).code;
  }
  return undefined;
};

describe('ticket rules', () => {
  test('prices: numbers, text holding one, "Free"; never negative', () => {
    assert.equal(readPrice(25), '25');
    assert.equal(readPrice('$25.00'), '25.00');
    assert.equal(readPrice('25,50 €'), '25.50');
    assert.equal(readPrice('Free'), '0');
    assert.equal(readPrice(''), '0');
    assert.equal(
      code(() => readPrice(-1)),
      'rest_invalid_param',
    );
    assert.equal(
      code(() => readPrice('-3')),
      'rest_invalid_param',
    );
    assert.equal(
      code(() => readPrice('lots')),
      'rest_invalid_param',
    );
  });

  test('places left: own capacity, the shared pool and its cap, unlimited', () => {
    assert.equal(placesLeft(ticket({ capacity: 10, sold: 4 })), 6);
    assert.equal(placesLeft(ticket({ capacity: 10, sold: 12 })), 0);
    assert.equal(placesLeft(ticket({ capacity_mode: 'unlimited', capacity: null, sold: 99 })), null);
    assert.equal(
      placesLeft(ticket({ capacity_mode: 'shared', capacity: null, pool_capacity: 20, sold: 3, pool_sold: 15 })),
      5,
    );
    assert.equal(
      placesLeft(ticket({ capacity_mode: 'shared', capacity: 4, pool_capacity: 20, sold: 3, pool_sold: 5 })),
      1,
    );
  });

  test('the sale window and status: unavailable outside it or unpublished, sold out with nothing left', () => {
    assert.equal(saleClosedReason(ticket({}), NOW), undefined);
    assert.match(saleClosedReason(ticket({ sale_start_utc: '2026-12-01 00:00:00' }), NOW)!, /starts/);
    assert.match(saleClosedReason(ticket({ sale_end_utc: NOW }), NOW)!, /ended/);
    assert.match(saleClosedReason(ticket({ event_status: 'draft' }), NOW)!, /not published/);
    assert.deepEqual(availabilityOf(ticket({ sold: 10 }), NOW), {
      status: 'sold_out',
      available: 0,
      sold: 10,
      pending: 0,
    });
    assert.deepEqual(availabilityOf(ticket({ capacity_mode: 'unlimited', capacity: null, sold: 3 }), NOW), {
      status: 'available',
      available: -1,
      sold: 3,
      pending: 0,
    });
    assert.equal(availabilityOf(ticket({ status: 'draft' }), NOW).status, 'unavailable');
  });

  test("a write's body under either name; a negative capacity refused", () => {
    const now = new Date('2026-11-24T12:00:00Z');
    assert.deepEqual(
      ticketInput(
        { title: 'VIP', content: 'Front row', stock: 30, price: '$150.00' },
        undefined,
        now,
        'America/New_York',
      ),
      {
        name: 'VIP',
        description: 'Front row',
        price: '150.00',
        capacity_mode: 'own',
        capacity: 30,
      },
    );
    assert.equal(ticketInput({ name: 'Open' }, undefined, now, 'UTC').capacity_mode, 'unlimited');
    assert.equal(
      ticketInput({ start_date: '2026-12-01 09:00:00' }, undefined, now, 'America/New_York').sale_start_utc,
      '2026-12-01 14:00:00',
    );
    assert.equal(
      code(() => ticketInput({ capacity: -1 }, undefined, now, 'UTC')),
      'ticket_invalid_capacity',
    );
    assert.equal(
      code(() => ticketInput({ start_date: 'someday' }, undefined, now, 'UTC')),
      'rest_invalid_param',
    );
  });

  test('answers: required fields, choices among the options, checkboxes, no unknown labels', () => {
    const fields = [
      { label: 'Diet', type: 'choice', options: ['vegan', 'none'], required: true },
      { label: 'Note', type: 'text' },
      { label: 'Terms', type: 'checkbox', required: true },
    ];
    assert.deepEqual(checkedAnswers(fields, { Diet: 'vegan', Terms: 'on' }), { Diet: 'vegan', Terms: true });
    assert.equal(
      code(() => checkedAnswers(fields, { Terms: true })),
      'attendee_invalid_answers',
    );
    assert.equal(
      code(() => checkedAnswers(fields, { Diet: 'fish', Terms: true })),
      'attendee_invalid_answers',
    );
    assert.equal(
      code(() => checkedAnswers(fields, { Diet: 'none' })),
      'attendee_invalid_answers',
    );
    assert.equal(
      code(() => checkedAnswers(fields, { Diet: 'none', Terms: true, Shoe: '42' })),
      'attendee_invalid_answers',
    );
  });
});
