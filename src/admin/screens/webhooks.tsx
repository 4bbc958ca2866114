import { useEffect, useState } from 'preact/hooks';
import { EVENT_TYPE_PATTERNS, RESOURCES } from '../../modules/webhooks/event-types.ts';
import type { components } from '../api-types.ts';
import { ApiFailure, fieldErrors, get, request } from '../api.ts';
import { checkedOf, ErrorSummary, Field, invalid, valueOf } from '../editor/fields.tsx';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { href, navigate } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
import '../ticket-words.ts';

/*
 * Webhooks (administrators; the API of decision 0032): the subscriptions, each one's form (receiver
 * URL, notifications, description, active), its signing secret shown once when made or replaced,
 * a test message, and its recent deliveries with their status and a "Redeliver" for each finished one.
 */

type Subscription = components['schemas']['WebhookSubscription'];
type Delivery = components['schemas']['WebhookDelivery'];

const DELIVERY_LABEL: Record<Delivery['status'], MessageKey> = {
  pending: 'deliveryPending',
  delivered: 'deliveryDelivered',
  failed: 'deliveryFailed',
};
/** A legend for each resource a subscription may hear of: a new resource does not compile until it has one. */
const RESOURCE_LABEL: Record<(typeof RESOURCES)[number], MessageKey> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tagsPlural',
  ticket: 'ticketsPanel',
  attendee: 'attendeesLink',
};

/**
 * A secret the API answered with, kept until the subscription's screen shows it: creating one moves
 * from `webhooks/new` to `webhooks/{id}`, a new screen that must still show it, once.
 */
let madeSecret: { id: number; secret: string } | undefined;

export function WebhooksList() {
  const [subscriptions, setSubscriptions] = useState<Subscription[] | undefined>();
  const [failed, setFailed] = useState('');
  useEffect(() => {
    void get<Subscription[]>('webhooks').then(
      ({ body }) => setSubscriptions(body),
      (error: Error) => setFailed(error.message),
    );
  }, []);
  return (
    <>
      <div class="screen-heading">
        <h1>{t('webhooks')}</h1>
        <a class="button" href={href('webhooks/new')}>
          {t('addWebhook')}
        </a>
      </div>
      <p role="status" class="message">
        {failed}
      </p>
      {subscriptions === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : subscriptions.length === 0 ? (
        <p>{t('noWebhooks')}</p>
      ) : (
        <table class="records plain">
          <caption class="visually-hidden">{t('webhooks')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('receiverUrl')}</th>
              <th scope="col">{t('notifications')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('description')}</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription) => (
              <tr key={subscription.id}>
                <td>
                  <a href={href(`webhooks/${subscription.id}`)}>{subscription.url}</a>
                </td>
                <td>{subscription.events.join(', ')}</td>
                <td>{stateOf(subscription)}</td>
                <td>{subscription.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

const stateOf = (subscription: Subscription): string =>
  subscription.disabled_reason !== null
    ? t('disabledBecause', { reason: subscription.disabled_reason })
    : !subscription.active
      ? t('inactive')
      : subscription.failing_since !== null
        ? t('failingSince', { when: formatInstant(subscription.failing_since) })
        : t('active');

interface WebhookForm {
  url: string;
  events: string[];
  description: string;
  active: boolean;
}
const formOf = (subscription: Subscription | undefined): WebhookForm => ({
  url: subscription?.url ?? '',
  events: subscription?.events ?? [],
  description: subscription?.description ?? '',
  active: subscription?.active ?? true,
});

export function WebhookEditor({ params }: ScreenProps) {
  const id = params.id === undefined ? undefined : Number(params.id);
  const [read, setRead] = useState<WebhookForm | undefined>();
  const [form, setForm] = useState<WebhookForm>(formOf(undefined));
  const [secret, setSecret] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState<string | undefined>();

  const adopt = (subscription: Subscription) => {
    setRead(formOf(subscription));
    setForm(formOf(subscription));
  };
  useEffect(() => {
    if (id === undefined) return;
    if (madeSecret?.id === id) setSecret(madeSecret.secret);
    madeSecret = undefined;
    void get<Subscription>(`webhooks/${id}`).then(
      ({ body }) => adopt(body),
      (error: Error) => setFailed(error.message),
    );
  }, [id]);

  const has = (pattern: string) => form.events.includes(pattern);
  const toggle = (pattern: string, on: boolean) =>
    setForm((current) => ({
      ...current,
      events: on ? [...current.events, pattern] : current.events.filter((event) => event !== pattern),
    }));
  const control = (name: string) => `webhook-${name}`;
  const save = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setMessage(t('saving'));
    const body =
      read === undefined
        ? form
        : Object.fromEntries(
            Object.entries(form).filter(
              ([key, value]) => JSON.stringify(value) !== JSON.stringify(read[key as keyof WebhookForm]),
            ),
          );
    if (id !== undefined && Object.keys(body).length === 0) return setMessage(t('nothingChanged'));
    try {
      if (id === undefined) {
        const { body: created } = await request<Subscription>('POST', 'webhooks', { body });
        madeSecret = { id: created.id, secret: created.secret ?? '' };
        navigate(`webhooks/${created.id}`, { replace: true });
        return;
      }
      adopt((await request<Subscription>('POST', `webhooks/${id}`, { body })).body);
      setMessage(t('saved'));
    } catch (error) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([name, text]) => [control(name), text])));
      setMessage(`${t('saveFailed')} ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const act = async (action: () => Promise<string>) => {
    try {
      setMessage(await action());
    } catch (error) {
      setMessage(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  const rotate = () =>
    act(async () => {
      const { body } = await request<Subscription>('POST', `webhooks/${id}/rotate-secret`, { body: {} });
      setSecret(body.secret);
      return '';
    });
  const remove = () =>
    act(async () => {
      if (!confirm(t('confirmDeleteWebhook', { url: form.url }))) return '';
      await request('DELETE', `webhooks/${id}`);
      navigate('webhooks');
      return '';
    });

  if (failed !== undefined) return <p role="alert">{failed}</p>;
  if (id !== undefined && read === undefined) return <p aria-live="polite">{t('loading')}</p>;
  return (
    <>
      <form class="editor" onSubmit={(event) => void save(event)} noValidate>
        <h1>{t(id === undefined ? 'newWebhook' : 'editWebhook')}</h1>
        <p>
          <a href={href('webhooks')}>{t('backToList')}</a>
        </p>
        {secret !== undefined ? (
          <div class="dialog">
            <Field id="webhook-secret" label={t('secretOnce')}>
              <input id="webhook-secret" readOnly value={secret} onFocus={(focus) => focus.currentTarget.select()} />
            </Field>
          </div>
        ) : null}
        <ErrorSummary errors={errors} title={t('saveFailed')} />
        <Field id={control('url')} label={t('receiverUrl')} error={errors[control('url')]}>
          <input
            id={control('url')}
            type="url"
            required
            value={form.url}
            onInput={(input) => setForm({ ...form, url: valueOf(input) })}
            {...invalid(control('url'), errors[control('url')])}
          />
        </Field>
        <fieldset id={control('events')} tabIndex={-1} {...invalid(control('events'), errors[control('events')])}>
          <legend>{t('notifications')}</legend>
          {errors[control('events')] ? (
            <p class="field-error" id={`${control('events')}-error`}>
              {errors[control('events')]}
            </p>
          ) : null}
          <label class="check">
            <input type="checkbox" checked={has('*')} onChange={(change) => toggle('*', checkedOf(change))} />{' '}
            {t('everything')}
          </label>
          {has('*')
            ? null
            : RESOURCES.map((resource) => (
                <fieldset key={resource}>
                  <legend>{t(RESOURCE_LABEL[resource])}</legend>
                  <ul class="choices">
                    {EVENT_TYPE_PATTERNS.filter((pattern) => pattern.startsWith(`${resource}.`)).map((pattern) => (
                      <li key={pattern}>
                        <label class="check">
                          <input
                            type="checkbox"
                            checked={has(pattern)}
                            disabled={pattern !== `${resource}.*` && has(`${resource}.*`)}
                            onChange={(change) => toggle(pattern, checkedOf(change))}
                          />{' '}
                          {pattern.endsWith('.*') ? t('allOf') : pattern}
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ))}
        </fieldset>
        <Field id={control('description')} label={t('description')} error={errors[control('description')]}>
          <input
            id={control('description')}
            value={form.description}
            onInput={(input) => setForm({ ...form, description: valueOf(input) })}
            {...invalid(control('description'), errors[control('description')])}
          />
        </Field>
        <label class="check">
          <input
            type="checkbox"
            checked={form.active}
            onChange={(change) => setForm({ ...form, active: checkedOf(change) })}
          />{' '}
          {t('active')}
        </label>
        <div class="save-bar">
          <button type="submit">{t('save')}</button>
          {id !== undefined ? (
            <>
              <button
                type="button"
                class="secondary"
                onClick={() =>
                  void act(async () => {
                    await request('POST', `webhooks/${id}/ping`);
                    return t('testSent');
                  })
                }
              >
                {t('sendTest')}
              </button>
              <button type="button" class="secondary" onClick={() => void rotate()}>
                {t('rotateSecret')}
              </button>
              <button type="button" class="danger" onClick={() => void remove()}>
                {t('deleteWebhook')}
              </button>
            </>
          ) : null}
          <p role="status" class="message">
            {message}
          </p>
        </div>
      </form>
      {id !== undefined ? <Deliveries id={id} /> : null}
    </>
  );
}

/** A delivery as the screen names it: its type and number (`ping #3`). */
const nameOf = (delivery: Delivery) => `${delivery.type} #${delivery.id}`;

function Deliveries({ id }: { id: number }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | undefined>();
  const [message, setMessage] = useState('');
  const [reload, setReload] = useState(0);
  useEffect(() => {
    void get<{ deliveries: Delivery[] }>(`webhooks/${id}/deliveries`, { per_page: 20 }).then(
      ({ body }) => setDeliveries(body.deliveries),
      (error: Error) => setMessage(error.message),
    );
  }, [id, reload]);
  const redeliver = async (delivery: Delivery) => {
    try {
      await request('POST', `webhooks/${id}/deliveries/${delivery.id}/redeliver`);
      setMessage(t('redelivering', { id: nameOf(delivery) }));
      setReload((count) => count + 1);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section aria-labelledby="deliveries-heading">
      <div class="screen-heading">
        <h2 id="deliveries-heading">{t('deliveries')}</h2>
        <button type="button" class="secondary" onClick={() => setReload((count) => count + 1)}>
          {t('refresh')}
        </button>
      </div>
      <p role="status" class="message">
        {message}
      </p>
      {deliveries === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : deliveries.length === 0 ? (
        <p>{t('noDeliveries')}</p>
      ) : (
        <table class="records plain">
          <caption class="visually-hidden">{t('deliveries')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('type')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('attempts')}</th>
              <th scope="col">{t('lastAnswer')}</th>
              <th scope="col">{t('created')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.type}</td>
                <td>{t(DELIVERY_LABEL[delivery.status])}</td>
                <td>{delivery.attempts}</td>
                <td>
                  {[delivery.last_response_code ?? '', delivery.last_error ?? '']
                    .filter((part) => part !== '')
                    .join(' ')}
                </td>
                <td>{formatInstant(delivery.created_at)}</td>
                <td>
                  {delivery.status === 'pending' ? null : (
                    <button type="button" class="secondary" onClick={() => void redeliver(delivery)}>
                      {t('redeliver', { id: nameOf(delivery) })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
