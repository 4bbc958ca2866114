import type { Clock } from '../../clock.ts';
import { totalHeaders } from '../../http/pagination.ts';
import { defineRoute, EDITABLE, type AnyRoute } from '../../http/route-definition.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { toDelivery, toSubscription } from './webhooks.mapper.ts';
import {
  CreateBody,
  DeliveriesEnvelope,
  Delivery,
  DeliveryParams,
  DeliveriesQuery,
  MAX_DELIVERIES_PER_PAGE,
  ReadQuery,
  RotateBody,
  Subscription,
  Subscriptions,
  UpdateBody,
  WebhookParams,
  WriteQuery,
} from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** Administrators manage webhooks; editors may look (roles.ts). */
const READ = { all: ['read_webhooks'] } as const;
const MANAGE = { all: ['manage_webhooks'] } as const;

/** The webhook subscription routes (decision 0032). */
export function webhookRoutes(service: WebhooksService, clock: Clock): AnyRoute[] {
  const single = '/webhooks/:id(^\\d+$)';
  return [
    defineRoute({
      method: 'GET',
      path: '/webhooks',
      permission: READ,
      schema: {
        summary: 'Returns every webhook subscription (never their secrets)',
        querystring: ReadQuery,
        response: { 200: Subscriptions },
      },
      handle: async (_frame, tx) => ({ body: (await service.list(tx)).map((row) => toSubscription(row, clock.now())) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/webhooks',
      permission: MANAGE,
      schema: {
        summary: 'Creates a webhook subscription; the answer holds its signing secret, shown this once',
        querystring: WriteQuery,
        body: CreateBody,
        response: { 201: Subscription },
      },
      // Only for an administrator, and outside the unit: the receiver's host is resolved (issue 32).
      externalCheck: async ({ body }) => {
        service.ensureSecretsAvailable();
        await service.checkUrl(body.url);
      },
      handle: async ({ body, caller }, tx) => {
        const { row, secret } = await service.create(tx, { ...body, url: new URL(body.url).href }, caller!.id);
        return { status: 201, body: toSubscription(row, clock.now(), secret) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: READ,
      schema: {
        summary: 'Returns a webhook subscription',
        params: WebhookParams,
        querystring: ReadQuery,
        response: { 200: Subscription },
      },
      handle: async ({ params }, tx) => ({ body: toSubscription(await service.find(tx, params.id), clock.now()) }),
    }),
    defineRoute({
      method: EDITABLE,
      path: single,
      permission: MANAGE,
      schema: {
        summary: 'Updates a webhook subscription (partial)',
        params: WebhookParams,
        querystring: WriteQuery,
        body: UpdateBody,
        response: { 200: Subscription },
      },
      externalCheck: async ({ body }) => {
        if (body.url !== undefined) await service.checkUrl(body.url);
      },
      handle: async ({ params, body }, tx) => {
        const row = await service.update(tx, await service.findLocked(tx, params.id), {
          ...body,
          ...(body.url === undefined ? {} : { url: new URL(body.url).href }),
        });
        return { body: toSubscription(row, clock.now()) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: single,
      permission: MANAGE,
      schema: {
        summary: 'Deletes a webhook subscription and its deliveries; answers what it was',
        params: WebhookParams,
        querystring: ReadQuery,
        response: { 200: Subscription },
      },
      handle: async ({ params }, tx) => {
        const row = await service.find(tx, params.id);
        await service.remove(tx, row);
        return { body: toSubscription(row, clock.now()) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${single}/rotate-secret`,
      permission: MANAGE,
      schema: {
        summary: 'Replaces the signing secret; the previous one keeps signing for grace_period seconds',
        params: WebhookParams,
        querystring: WriteQuery,
        body: RotateBody,
        response: { 200: Subscription },
      },
      validate: async () => service.ensureSecretsAvailable(),
      handle: async ({ params, body }, tx) => {
        const { row, secret } = await service.rotateSecret(
          tx,
          await service.findLocked(tx, params.id),
          body.grace_period,
        );
        return { body: toSubscription(row, clock.now(), secret) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${single}/deliveries`,
      permission: READ,
      schema: {
        summary: 'Returns the deliveries of a webhook subscription, newest first',
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: DeliveriesEnvelope },
      },
      handle: async ({ params, query }, tx) => {
        const window = pageWindow(query.page, query.per_page, MAX_DELIVERIES_PER_PAGE);
        const { rows, total } = await service.deliveries(tx, await service.find(tx, params.id), window);
        const pages = totalPages(total, window.perPage);
        return {
          headers: totalHeaders(total, pages),
          body: { total, total_pages: pages, deliveries: rows.map(toDelivery) },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${single}/deliveries/:delivery(^\\d+$)/redeliver`,
      permission: MANAGE,
      schema: {
        summary: 'Sends a delivered or failed message again, with the same webhook-id',
        params: DeliveryParams,
        querystring: WriteQuery,
        response: { 202: Delivery },
      },
      handle: async ({ params }, tx) => ({
        status: 202,
        body: toDelivery(await service.redeliver(tx, await service.find(tx, params.id), params.delivery)),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: `${single}/ping`,
      permission: MANAGE,
      schema: {
        summary: 'Sends a test message (type ping) to the subscription',
        params: WebhookParams,
        querystring: WriteQuery,
        response: { 202: Delivery },
      },
      handle: async ({ params }, tx) => ({
        status: 202,
        body: toDelivery(await service.ping(tx, await service.find(tx, params.id))),
      }),
    }),
  ];
}
