import { ApiError } from '../../errors.ts';
import { totalHeaders } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import { isMailAddress } from '../../mail-address.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { toOutboxMessage } from './mail.mapper.ts';
import {
  MAX_MAIL_PER_PAGE,
  MailParams,
  OutboxEnvelope,
  OutboxMessage,
  OutboxQuery,
  ReadQuery,
  TestBody,
  WriteQuery,
} from './mail.schemas.ts';
import type { MailOutbox } from './outbox.ts';
import { testMessage } from './test-message.ts';

/** Administrators alone see the outbox: it holds attendees' addresses (roles.ts). */
const MANAGE = { all: ['manage_mail'] } as const;

/** The e-mail outbox routes (decisions 0112, 0113). */
export function mailRoutes(outbox: MailOutbox): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/mail/outbox',
      permission: MANAGE,
      schema: {
        summary: 'Returns the e-mail outbox, newest first, and whether e-mail is on',
        querystring: OutboxQuery,
        response: { 200: OutboxEnvelope },
      },
      handle: async ({ query }, tx) => {
        const window = pageWindow(query.page, query.per_page, MAX_MAIL_PER_PAGE);
        const { rows, total } = await outbox.list(tx, query.status, window);
        const pages = totalPages(total, window.perPage);
        return {
          headers: totalHeaders(total, pages),
          body: {
            enabled: outbox.enabled,
            counts: await outbox.counts(tx),
            total,
            total_pages: pages,
            messages: rows.map(toOutboxMessage),
          },
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/mail/outbox/:id(^\\d+$)',
      permission: MANAGE,
      schema: {
        summary: 'Returns one message of the e-mail outbox',
        params: MailParams,
        querystring: ReadQuery,
        response: { 200: OutboxMessage },
      },
      handle: async ({ params }, tx) => ({ body: toOutboxMessage(await outbox.get(tx, params.id)) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/mail/outbox/:id(^\\d+$)/retry',
      permission: MANAGE,
      schema: {
        summary:
          'Sends a failed message, or one kept while e-mail was off, again: pending now, its attempts counted anew',
        params: MailParams,
        querystring: WriteQuery,
        response: { 202: OutboxMessage },
      },
      handle: async ({ params }, tx) => ({ status: 202, body: toOutboxMessage(await outbox.retry(tx, params.id)) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/mail/test',
      permission: MANAGE,
      schema: {
        summary: 'Writes a test message into the outbox, to check the SMTP settings',
        querystring: WriteQuery,
        body: TestBody,
        response: { 202: OutboxMessage },
      },
      validate: async ({ body }) => {
        if (!isMailAddress(body.to))
          throw new ApiError('rest_invalid_param', {
            args: ['to'],
            data: { params: { to: 'Not an e-mail address.' } },
          });
        if (!outbox.enabled) throw new ApiError('mail_off');
        return undefined;
      },
      handle: async ({ body }, tx) => ({
        status: 202,
        body: toOutboxMessage(await outbox.enqueue(tx, testMessage(body.to))),
      }),
    }),
  ];
}
