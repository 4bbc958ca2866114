import { t } from '../i18n.ts';
import { valueOf } from './fields.tsx';
import type { CustomField, EventForm } from './form.ts';

/** The event's custom fields (decision 0036): key, label and value, rows added and removed. */
export function CustomFields({
  form,
  update,
  error,
}: {
  form: EventForm;
  update: (changes: Partial<EventForm>) => void;
  error?: string | undefined;
}) {
  const set = (index: number, change: Partial<CustomField>) =>
    update({ customFields: form.customFields.map((field, at) => (at === index ? { ...field, ...change } : field)) });
  return (
    <fieldset id="custom-fields" aria-describedby={error ? 'custom-fields-error' : undefined}>
      <legend>{t('customFields')}</legend>
      {form.customFields.map((field, index) => (
        <div class="row" key={index}>
          <div class="field">
            <label for={`field-key-${index}`}>{t('fieldKey')}</label>
            <input
              id={`field-key-${index}`}
              value={field.key}
              onInput={(event) => set(index, { key: valueOf(event) })}
            />
          </div>
          <div class="field">
            <label for={`field-label-${index}`}>{t('fieldLabel')}</label>
            <input
              id={`field-label-${index}`}
              value={field.label}
              onInput={(event) => set(index, { label: valueOf(event) })}
            />
          </div>
          <div class="field">
            <label for={`field-value-${index}`}>{t('fieldValue')}</label>
            <input
              id={`field-value-${index}`}
              value={field.value}
              onInput={(event) => set(index, { value: valueOf(event) })}
            />
          </div>
          <button
            type="button"
            class="secondary"
            aria-label={t('removeField', { key: field.key || String(index + 1) })}
            onClick={() => update({ customFields: form.customFields.filter((_field, at) => at !== index) })}
          >
            {t('remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        class="secondary"
        onClick={() => update({ customFields: [...form.customFields, { key: '', label: '', value: '' }] })}
      >
        {t('addField')}
      </button>
      {error ? (
        <p class="field-error" id="custom-fields-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
