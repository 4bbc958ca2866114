import sanitizeHtml from 'sanitize-html';

/*
 * Text processing of post content, as the original's display filters do it (wire-format 10.3), and
 * the HTML filtering WordPress applies to users without `unfiltered_html`.
 */

const BLOCK_START = /^<(?:p|div|h[1-6]|ul|ol|li|dl|blockquote|pre|table|figure|hr|section|article|aside|header|footer|address|form|fieldset|details|iframe|video|audio)[\s>/]/i;

/**
 * WordPress' wpautop, reduced to what an API client sees: blank-line separated blocks become
 * paragraphs, single newlines inside them `<br />`, and blocks that already start with a
 * block-level element are left alone.
 */
export function autoParagraph(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '') return '';
  return normalized
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => (BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, '<br />\n')}</p>`))
    .join('\n');
}

const ALLOWED_TAGS = [
  'a', 'abbr', 'address', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'li', 'mark', 'ol', 'p',
  'pre', 'q', 's', 'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th',
  'thead', 'time', 'tr', 'u', 'ul',
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'lang', 'dir'],
    a: ['href', 'rel', 'target', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  disallowedTagsMode: 'discard',
};

/**
 * Post HTML as stored: left as sent for users with `unfiltered_html` (editors, administrators),
 * otherwise stripped of scripts, styles, frames, event handlers and `javascript:` URLs, as
 * WordPress' kses does, since the text is shown on public pages.
 */
export function filterPostHtml(html: string, unfiltered: boolean): string {
  return unfiltered ? html : sanitizeHtml(html, SANITIZE_OPTIONS);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** HTML-escapes text; entities already in it are left alone, as WordPress' esc_html does. */
export function escapeHtml(text: string): string {
  return text.replace(/&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)|[<>"']/gi, (char) => ESCAPES[char]!);
}
