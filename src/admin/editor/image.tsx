import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, get, request } from '../api.ts';
import type { components } from '../api-types.ts';
import { t } from '../i18n.ts';
import type { EventForm } from './form.ts';

/*
 * The featured image: an upload (POST {ns}/media, the media module's API) or one picked from the
 * media library; the event stores the image's id, as the original stores an attachment id.
 */

/** An upload, and a page of the library, as the API's `Media` and `MediaList` schemas say them (api-types.ts, generated from them). */
type Media = components['schemas']['Media'];
type MediaList = components['schemas']['MediaList'];

const thumbnail = (media: Media) => media.sizes.thumbnail?.url ?? media.url;

export function ImageField({
  form,
  update,
  error,
}: {
  form: EventForm;
  update: (changes: Partial<EventForm>) => void;
  error?: string | undefined;
}) {
  const [library, setLibrary] = useState<Media[] | undefined>();
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open && library === undefined)
      void get<MediaList>('media', { per_page: 30 }).then(
        ({ body }) => setLibrary(body.media),
        () => setLibrary([]),
      );
  }, [open]);
  const upload = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (file === undefined) return;
    const data = new FormData();
    data.append('file', file);
    setStatus(t('uploading'));
    try {
      const { body } = await request<Media>('POST', 'media', { body: data });
      update({ image: { id: body.id, url: thumbnail(body) } });
      setLibrary(undefined);
      setStatus(t('uploaded'));
    } catch (failure) {
      setStatus(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  };
  return (
    <fieldset aria-describedby={error ? 'image-error' : undefined}>
      <legend>{t('featuredImage')}</legend>
      {form.image ? <img class="preview-image" src={form.image.url} alt={t('currentImage')} /> : <p>{t('noImage')}</p>}
      <div class="field">
        <label for="image-upload">{t('uploadImage')}</label>
        <input
          id="image-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          onChange={(event) => void upload(event)}
        />
      </div>
      <p role="status" class="message">
        {status}
      </p>
      <div class="actions">
        <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('mediaLibrary')}
        </button>
        {form.image ? (
          <button type="button" class="secondary" onClick={() => update({ image: null })}>
            {t('removeImage')}
          </button>
        ) : null}
      </div>
      {open ? (
        library === undefined ? (
          <p>{t('loading')}</p>
        ) : library.length === 0 ? (
          <p>{t('noneYet')}</p>
        ) : (
          <ul class="thumbs">
            {library.map((media) => (
              <li key={media.id}>
                <button
                  type="button"
                  class="secondary"
                  aria-pressed={form.image?.id === media.id}
                  onClick={() => update({ image: { id: media.id, url: thumbnail(media) } })}
                >
                  <img
                    src={thumbnail(media)}
                    alt={media.alt_text || media.title || t('imageNumber', { id: media.id })}
                  />
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {error ? (
        <p class="field-error" id="image-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
