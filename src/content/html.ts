import sanitizeHtml from 'sanitize-html';

/*
 * Text processing of post content, as the original's display filters do it (wire-format 10.3), and
 * the HTML filtering WordPress applies to users without `unfiltered_html`.
 */

const BLOCK_START =
  /^<(?:p|div|h[1-6]|ul|ol|li|dl|blockquote|pre|table|figure|hr|section|article|aside|header|footer|address|form|fieldset|details|iframe|video|audio)[\s>/]/i;

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
  'a',
  'abbr',
  'address',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
];

/** The URL schemes links may use in filtered text: no `javascript:`, `data:` or `vbscript:`. */
const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** Post content (descriptions): the block and inline markup of an article, images included. */
const POST_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'lang', 'dir'],
    a: ['href', 'rel', 'target', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    time: ['datetime'],
  },
  allowedSchemes: SAFE_SCHEMES,
  disallowedTagsMode: 'discard',
};

/**
 * Titles, names, excerpts and the short text fields: WordPress' `$allowedtags`, the inline markup
 * its `wp_filter_kses` keeps in post titles and term names, and nothing else.
 */
const INLINE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a',
    'abbr',
    'acronym',
    'b',
    'blockquote',
    'cite',
    'code',
    'del',
    'em',
    'i',
    'q',
    's',
    'strike',
    'strong',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    abbr: ['title'],
    acronym: ['title'],
    blockquote: ['cite'],
    del: ['datetime'],
    q: ['cite'],
  },
  allowedSchemes: SAFE_SCHEMES,
  // `cite` holds a URL as `href` does: both are held to the safe schemes.
  allowedSchemesAppliedToAttributes: ['href', 'cite'],
  disallowedTagsMode: 'discard',
};

const PROFILES = { post: POST_OPTIONS, inline: INLINE_OPTIONS } as const;

/** What a piece of text is: post content (`post`) or a title, name or short field (`inline`). */
export type HtmlProfile = keyof typeof PROFILES;

/**
 * Text as stored: left as sent for users with `unfiltered_html` (editors, administrators),
 * otherwise stripped of everything the profile does not allow (scripts, styles, frames, event
 * handlers, `javascript:` and `data:` URLs...), as WordPress' kses does, since the text is shown on
 * public pages. Markup outside the profile is dropped and its text kept, except the text of
 * scripts and styles; `&`, `<` and `>` in text come back as entities, so filtering twice changes
 * nothing.
 */
export function filterHtml(html: string, profile: HtmlProfile, unfiltered: boolean): string {
  return unfiltered ? html : sanitizeHtml(html, PROFILES[profile]);
}

const URL_UNSAFE = /["'<>`\s]/g;

/**
 * A URL that passed validation, made safe to put in an HTML attribute for users without
 * `unfiltered_html`: quotes, angle brackets, backticks and white space are percent-encoded, as
 * WordPress' esc_url_raw encodes spaces and drops the rest; the URL still names the same resource.
 */
export function filterUrl(url: string, unfiltered: boolean): string {
  // encodeURIComponent leaves the apostrophe alone.
  return unfiltered ? url : url.replace(URL_UNSAFE, (char) => (char === "'" ? '%27' : encodeURIComponent(char)));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** HTML-escapes text; entities already in it are left alone, as WordPress' esc_html does. */
export function escapeHtml(text: string): string {
  return text.replace(/&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)|[<>"']/gi, (char) => ESCAPES[char]!);
}
