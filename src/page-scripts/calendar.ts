// Month switching without a full reload, and the grid's previews: the pages work without this script.

/** Puts the view of the page at `href` in place of this one's; false when the page cannot (the caller then loads it whole). */
const swap = async (href: string, push: boolean): Promise<boolean> => {
  const current = document.querySelector('[data-view-swap]');
  if (!current) return false;
  const answer = await fetch(href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  if (!answer.ok) return false;
  const next = new DOMParser().parseFromString(await answer.text(), 'text/html');
  const view = next.querySelector('[data-view-swap]');
  if (!view) return false;
  current.replaceWith(document.adoptNode(view));
  document.title = next.title;
  if (push) history.pushState({ month: href }, '', href);
  const heading = document.querySelector<HTMLElement>('[data-view-swap] .bar-range');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }
  return true;
};

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-month-switch]') : null;
  if (
    !link ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  event.preventDefault();
  swap(link.href, true).then(
    (done) => {
      if (!done) location.assign(link.href);
    },
    () => location.assign(link.href),
  );
});
window.addEventListener('popstate', () => {
  swap(location.href, false).then(
    (done) => {
      if (!done) location.reload();
    },
    () => location.reload(),
  );
});

// The grid's preview of an event on hover or keyboard focus (decision 0075): its times (the item's
// own), image, excerpt and cost, read once from the event's page when first wanted. A visual aid
// only, hidden from assistive technology: the link and its page say it all, and the stylesheet
// shows the preview while the item is hovered or focused.
const pages = new Map<string, Promise<Document | null>>();
const summaryOf = (href: string): Promise<Document | null> => {
  let page = pages.get(href);
  if (page === undefined) {
    page = fetch(href, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      .then(async (answer) => (answer.ok ? new DOMParser().parseFromString(await answer.text(), 'text/html') : null))
      .catch(() => null);
    pages.set(href, page);
  }
  return page;
};
const part = (tag: string, className: string, text: string): HTMLElement => {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
};
/** At most 110 characters of an excerpt, cut at a word. */
const shortened = (text: string): string =>
  text.length > 110 ? `${text.slice(0, 109).replace(/\s+\S*$/, '')}…` : text;

const preview = async (link: HTMLAnchorElement): Promise<void> => {
  const item = link.parentElement;
  if (!item || item.querySelector('.preview') || matchMedia('(max-width: 40rem)').matches) return;
  const page = await summaryOf(link.href);
  if (!page || item.querySelector('.preview')) return;
  const box = part('span', 'preview', '');
  box.setAttribute('aria-hidden', 'true');
  const image = page.querySelector('img.event-image');
  if (image) {
    const thumb = document.createElement('img');
    thumb.alt = '';
    thumb.src = image.getAttribute('src') ?? '';
    const srcset = image.getAttribute('srcset');
    if (srcset) {
      thumb.srcset = srcset;
      thumb.sizes = '16rem';
    }
    box.append(thumb);
  }
  const when = link.querySelector('small, .visually-hidden');
  if (when) box.append(part('span', 'preview-when', (when.textContent ?? '').replace(/^,\s*/, '')));
  const excerpt = page.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (excerpt?.content) box.append(part('span', 'preview-text', shortened(excerpt.content)));
  const cost = page.querySelector('.event-when .cost');
  if (cost) box.append(part('span', 'preview-cost', (cost.textContent ?? '').trim()));
  item.append(box);
};
const wanted = (event: Event): void => {
  const link =
    event.target instanceof Element
      ? event.target.closest<HTMLAnchorElement>('.month-grid ul li:not(.more) > a')
      : null;
  if (link) void preview(link);
};
document.addEventListener('pointerover', wanted);
document.addEventListener('focusin', wanted);
