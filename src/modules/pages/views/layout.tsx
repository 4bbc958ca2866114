import type { ComponentChildren } from 'preact';
import type { LanguageCode } from '../../../languages.ts';
import type { Urls } from '../../../urls.ts';
import { scriptJson } from '../format.ts';
import type { Messages } from '../messages.ts';
import { scopePath, type TermScope } from '../view-paths.ts';

/** What every view knows of the page it is part of. */
export interface PageContext {
  readonly language: LanguageCode;
  /** BCP 47, for `lang` and Intl. */
  readonly locale: string;
  readonly messages: Messages;
  readonly urls: Urls;
  /** The path /assets/calendar.css and calendar.js are served under (the site's path, '' or '/path'). */
  readonly assets: string;
  readonly siteStylesheet: string | undefined;
  /** The site's name and home page (CALENDAR_SITE_NAME, CALENDAR_SITE_HOME), for the header and titles. */
  readonly siteName: string | undefined;
  readonly siteHome: string | undefined;
  /** The site's zone (CALENDAR_TIMEZONE): a list names an event's zone only when it is another. */
  readonly siteZone: string;
  /** The embeddable calendar: no site navigation, links open in the embedding page. */
  readonly embed: boolean;
  /** A category's or tag's views: their links keep to the term, and the page has breadcrumbs to it. */
  readonly scope?: TermScope;
}

export interface Alternate {
  readonly type: string;
  readonly href: string;
  readonly title?: string;
}

export interface Head {
  readonly title: string;
  readonly canonical: string;
  readonly description?: string;
  readonly image?: string;
  readonly ogType?: 'website' | 'article';
  readonly alternates?: readonly Alternate[];
  readonly jsonLd?: unknown;
  /** A page that must not be indexed (errors, the password form, filtered views). */
  readonly noindex?: boolean;
}

/**
 * "Events › Music › Jazz" on a term's views (a category's ancestors each a link, as the original
 * has them): a navigation landmark (the current page marked) and the same trail as schema.org's
 * BreadcrumbList, which search engines show in place of the URL.
 */
function breadcrumbsOf(page: PageContext): { trail: { name: string; url: string }[]; jsonLd: unknown } | undefined {
  if (page.scope === undefined || page.embed) return undefined;
  const { scope } = page;
  const trail = [
    { name: page.messages.calendar, url: page.urls.page('events') },
    ...(scope.ancestors ?? []).map((ancestor) => ({
      name: ancestor.name,
      url: page.urls.page(scopePath({ taxonomy: scope.taxonomy, slug: ancestor.slug })),
    })),
    { name: scope.name, url: page.urls.page(scopePath(scope)) },
  ];
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
  return { trail, jsonLd };
}

/** The document around every page: head (canonical, alternates, Open Graph, styles, script), skip link, site navigation, main. */
export function Layout({ page, head, children }: { page: PageContext; head: Head; children: ComponentChildren }) {
  const { messages, urls } = page;
  const siteName = page.siteName ?? messages.calendar;
  const breadcrumbs = breadcrumbsOf(page);
  const jsonLd = head.jsonLd ?? breadcrumbs?.jsonLd;
  return (
    <html lang={page.locale} dir="ltr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* No icon of its own: an empty one spares every page a request for /favicon.ico. */}
        <link rel="icon" href="data:," />
        <title>{head.title === siteName ? siteName : `${head.title} · ${siteName}`}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={head.canonical} />
        {(head.alternates ?? []).map((alternate) => (
          <link rel="alternate" type={alternate.type} href={alternate.href} title={alternate.title} />
        ))}
        <meta property="og:type" content={head.ogType ?? 'website'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:locale" content={page.locale.replace('-', '_')} />
        {head.description ? <meta property="og:description" content={head.description} /> : null}
        {head.image ? <meta property="og:image" content={head.image} /> : null}
        {page.embed ? <base target="_top" /> : null}
        <link rel="stylesheet" href={`${page.assets}/assets/calendar.css`} />
        {page.siteStylesheet ? <link rel="stylesheet" href={page.siteStylesheet} /> : null}
        <script src={`${page.assets}/assets/calendar.js`} defer />
        {jsonLd === undefined ? null : (
          // The one other raw insertion besides the stored description: JSON made safe for a script element by scriptJson.
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }} />
        )}
      </head>
      <body class={page.embed ? 'embed' : undefined}>
        <a class="skip-link" href="#main">
          {messages.skipToContent}
        </a>
        {page.embed ? null : (
          <header class="site-header">
            {/* The site's name leads to its home when it has one, and the calendar is then a link of its own. */}
            <a class="site-name" href={page.siteHome ?? urls.page('events')}>
              {siteName}
            </a>
            {page.siteHome === undefined ? null : (
              <a class="calendar-home" href={urls.page('events')}>
                {messages.calendar}
              </a>
            )}
          </header>
        )}
        <main id="main" tabindex={-1}>
          {breadcrumbs === undefined ? null : (
            <nav class="breadcrumbs" aria-label={messages.breadcrumbs}>
              <ol>
                {breadcrumbs.trail.map((crumb) => (
                  <li>
                    <a href={crumb.url} aria-current={crumb.url === head.canonical ? 'page' : undefined}>
                      {crumb.name}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {children}
        </main>
      </body>
    </html>
  );
}
