import { formatWhen, t, type MessageKey } from '../i18n.ts';
import { checkedOf, Field, invalid, valueOf } from './fields.tsx';
import type { EventForm } from './form.ts';
import { previewDates, weekdayOf, WEEKDAYS, type Repeat } from './recurrence-rule.ts';

/** The recurrence fieldset: frequency, days, end, excluded and extra dates, and the next dates it gives. */

/** The unit "Every how many" counts in, after its field: it follows the frequency. */
const INTERVAL_UNIT: Readonly<Record<'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY', MessageKey>> = {
  DAILY: 'intervalDays',
  WEEKLY: 'intervalWeeks',
  MONTHLY: 'intervalMonths',
  YEARLY: 'intervalYears',
};
const REPEATS: readonly [Repeat, MessageKey][] = [
  ['none', 'doesNotRepeat'],
  ['DAILY', 'daily'],
  ['WEEKLY', 'weekly'],
  ['MONTHLY', 'monthly'],
  ['YEARLY', 'yearly'],
  ['custom', 'customRule'],
];
/** Monday first, in the admin's language. */
const weekdayName = (index: number) =>
  new Intl.DateTimeFormat(t.language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + index)),
  );

export function RecurrenceFields({
  form,
  update,
  error,
}: {
  form: EventForm;
  update: (changes: Partial<EventForm>) => void;
  error?: string | undefined;
}) {
  const preview = previewDates(form);
  const { nth, code: startWeekday } = weekdayOf(form.startDay);
  return (
    <fieldset>
      <legend>{t('recurrence')}</legend>
      <Field id="repeat" label={t('repeats')} error={error}>
        <select
          id="repeat"
          value={form.repeat}
          onChange={(event) =>
            update({
              repeat: valueOf(event) as Repeat,
              ...(form.repeat === 'none' ? { byDay: [weekdayOf(form.startDay).code] } : {}),
            })
          }
          {...invalid('repeat', error)}
        >
          {REPEATS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </Field>
      {form.repeat === 'custom' ? (
        <Field id="custom-rule" label={t('customRule')}>
          <input id="custom-rule" value={form.customRule} onInput={(event) => update({ customRule: valueOf(event) })} />
        </Field>
      ) : null}
      {form.repeat !== 'none' && form.repeat !== 'custom' ? (
        <>
          <Field id="interval" label={t('interval')}>
            <span class="with-unit">
              <input
                id="interval"
                type="number"
                min={1}
                max={999}
                value={form.interval}
                onInput={(event) => update({ interval: Math.max(1, Number(valueOf(event)) || 1) })}
              />
              {/* A second label: the field's name is read as "Every how many weeks". */}
              <label for="interval">{t(INTERVAL_UNIT[form.repeat])}</label>
            </span>
          </Field>
          {form.repeat === 'WEEKLY' ? (
            <fieldset>
              <legend>{t('onDays')}</legend>
              <ul class="choices">
                {WEEKDAYS.map((code, index) => (
                  <li key={code}>
                    <label class="check">
                      <input
                        type="checkbox"
                        checked={form.byDay.includes(code)}
                        onChange={(event) =>
                          update({
                            byDay: checkedOf(event) ? [...form.byDay, code] : form.byDay.filter((day) => day !== code),
                          })
                        }
                      />{' '}
                      {weekdayName(index)}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          {form.repeat === 'MONTHLY' ? (
            <Field id="monthly-by" label={t('monthlyBy')}>
              <select
                id="monthly-by"
                value={form.monthlyBy}
                onChange={(event) => update({ monthlyBy: valueOf(event) as 'date' | 'weekday' })}
              >
                <option value="date">{t('byDate')}</option>
                <option value="weekday">
                  {t('byWeekday', {
                    nth: nth === -1 ? t('last') : (t('ordinals').split(',')[nth - 1] ?? String(nth)),
                    weekday: weekdayName((WEEKDAYS as readonly string[]).indexOf(startWeekday)),
                  })}
                </option>
              </select>
            </Field>
          ) : null}
          <Field id="ends" label={t('ends')}>
            <select
              id="ends"
              value={form.ends}
              onChange={(event) => update({ ends: valueOf(event) as EventForm['ends'] })}
            >
              <option value="never">{t('endsNever')}</option>
              <option value="count">{t('endsAfter')}</option>
              <option value="until">{t('endsOn')}</option>
            </select>
          </Field>
          {form.ends === 'count' ? (
            <Field id="count" label={t('count')}>
              <input
                id="count"
                type="number"
                min={1}
                max={1000}
                value={form.count}
                onInput={(event) => update({ count: Math.max(1, Number(valueOf(event)) || 1) })}
              />
            </Field>
          ) : null}
          {form.ends === 'until' ? (
            <Field id="until" label={t('until')}>
              <input id="until" type="date" value={form.until} onInput={(event) => update({ until: valueOf(event) })} />
            </Field>
          ) : null}
        </>
      ) : null}
      {form.repeat !== 'none' ? (
        <>
          <Field id="exdates" label={t('excludedDates')}>
            <textarea
              id="exdates"
              rows={2}
              value={form.exdates}
              onInput={(event) => update({ exdates: valueOf(event) })}
            />
          </Field>
          <Field id="rdates" label={t('extraDates')}>
            <textarea
              id="rdates"
              rows={2}
              value={form.rdates}
              onInput={(event) => update({ rdates: valueOf(event) })}
            />
          </Field>
          <section aria-labelledby="next-dates">
            <h3 id="next-dates">{t('nextDates')}</h3>
            {'problem' in preview ? (
              <p>
                {t('ruleNotValid')} {preview.problem}
              </p>
            ) : (
              <ol>
                {preview.starts.map((start) => (
                  <li key={start}>{formatWhen(start, form.allDay)}</li>
                ))}
              </ol>
            )}
          </section>
        </>
      ) : null}
    </fieldset>
  );
}
