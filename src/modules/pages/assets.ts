import { createHash } from 'node:crypto';
import { pageScripts } from '../../client-bundles.ts';

/*
 * The public pages' stylesheet and scripts, served from `/assets/` under the site's path (no inline
 * style or script: the Content-Security-Policy allows neither). The stylesheet is kept here as text
 * so that the build (tsc) carries it into dist/ with the code; the scripts are TypeScript in
 * src/page-scripts/, bundled as the admin is (client-bundles.ts). Themeable through the custom
 * properties of :root; a site stylesheet (CALENDAR_SITE_STYLESHEET) is linked after this one to
 * override them.
 */

const CSS = `:root {
  color-scheme: light dark;
  --calendar-background: #ffffff;
  --calendar-surface: #f4f5f7;
  --calendar-text: #1b1c1f;
  --calendar-muted: #51555c;
  --calendar-accent: #0a58ca;
  --calendar-accent-text: #ffffff;
  --calendar-border: #c9ccd1;
  --calendar-today: #fff4c2;
  --calendar-bar: #dbe6fb;
  --calendar-focus: #b3261e;
  --calendar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --calendar-radius: 0.4rem;
  --calendar-width: 72rem;
}
@media (prefers-color-scheme: dark) {
  :root {
    --calendar-background: #15171a;
    --calendar-surface: #22252a;
    --calendar-text: #eceef1;
    --calendar-muted: #b4b9c0;
    --calendar-accent: #8cb8ff;
    --calendar-accent-text: #0d1117;
    --calendar-border: #4a4f57;
    --calendar-today: #3d3410;
    --calendar-bar: #22375c;
    --calendar-focus: #ffb4ab;
  }
}
*, *::before, *::after { box-sizing: border-box; }
/* Any word wraps, however long (a title of one unbroken word must not widen the page: issue 44, decision 0100); inherited by every view. */
html { font-family: var(--calendar-font); background: var(--calendar-background); color: var(--calendar-text); line-height: 1.5; overflow-wrap: anywhere; }
body { margin: 0 auto; max-width: var(--calendar-width); padding: 0 1rem 2rem; }
a { color: var(--calendar-accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, main:focus-visible { outline: 3px solid var(--calendar-focus); outline-offset: 2px; }
.skip-link { position: absolute; left: -100vw; top: 0; }
.skip-link:focus { left: 1rem; top: 1rem; background: var(--calendar-background); padding: 0.5rem; z-index: 1; }
.site-header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1rem; padding: 1rem 0; border-bottom: 1px solid var(--calendar-border); }
.site-name { font-weight: 700; font-size: 1.25rem; text-decoration: none; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 1.25rem 0 0.75rem; }
input, button { font: inherit; color: inherit; }
input { background: var(--calendar-background); border: 1px solid var(--calendar-muted); border-radius: var(--calendar-radius); padding: 0.35rem 0.5rem; max-width: 100%; }
button { background: var(--calendar-accent); color: var(--calendar-accent-text); border: 0; border-radius: var(--calendar-radius); padding: 0.45rem 1rem; cursor: pointer; }
.calendar-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem 1.25rem; padding: 0.75rem; background: var(--calendar-surface); border-radius: var(--calendar-radius); }
.bar-search { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; flex: 1 1 20rem; }
.bar-search input[type="search"] { flex: 1 1 10rem; min-width: 0; }
/* The search and the tabs: a disclosure a phone folds (decision 0059); where there is room its summary is hidden and its content shown, closed or not. */
.bar-fold { flex: 1 1 100%; }
.bar-fold > summary, .bar-picker > summary { cursor: pointer; color: var(--calendar-accent); font-weight: 700; }
.bar-fold[open] > summary { margin-bottom: 0.75rem; }
.bar-fold .bar-views { margin-top: 0.75rem; }
@media (width > 40rem) {
  .bar-fold { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem 1.25rem; }
  .bar-fold .bar-views { margin-top: 0; }
  .bar-fold > summary { display: none; }
  .bar-fold::details-content { content-visibility: visible; display: contents; }
}
.bar-picker { order: 5; }
.bar-picker form { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-top: 0.5rem; }
.bar-zone { order: 6; flex-basis: 100%; margin: 0; font-size: 0.875rem; color: var(--calendar-muted); }
.breadcrumbs ol { display: flex; flex-wrap: wrap; list-style: none; margin: 1rem 0 0; padding: 0; font-size: 0.9rem; }
.breadcrumbs li + li::before { content: "›"; margin: 0 0.4rem; color: var(--calendar-muted); }
.breadcrumbs a[aria-current="page"] { color: inherit; text-decoration: none; }
.bar-views ul { display: flex; list-style: none; margin: 0; padding: 0; border: 1px solid var(--calendar-border); border-radius: var(--calendar-radius); overflow: hidden; }
.bar-views a { display: block; padding: 0.35rem 0.8rem; text-decoration: none; }
.bar-views a[aria-current="page"] { background: var(--calendar-accent); color: var(--calendar-accent-text); font-weight: 700; }
.bar-dates { display: flex; align-items: center; gap: 0.25rem; order: 3; }
.bar-today { padding: 0.35rem 0.8rem; border: 1px solid var(--calendar-border); border-radius: var(--calendar-radius); text-decoration: none; margin-right: 0.25rem; }
.bar-arrow { display: inline-block; min-width: 2.25rem; text-align: center; font-size: 1.5rem; line-height: 1.5rem; padding: 0.25rem; text-decoration: none; }
.bar-arrow[aria-disabled="true"] { color: var(--calendar-muted); cursor: default; }
.bar-range { order: 4; font-size: 1.3rem; margin: 0; }
.event-list { list-style: none; padding: 0; margin: 0.5rem 0 1rem; }
.event-list > li { border-bottom: 1px solid var(--calendar-border); padding: 1rem 0; }
.month-separator { font-size: 1rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--calendar-muted); margin: 1.5rem 0 0; padding-bottom: 0.25rem; border-bottom: 2px solid var(--calendar-border); }
.event-card { display: grid; grid-template-columns: 3.5rem minmax(0, 1fr) minmax(0, 14rem); gap: 0 1.25rem; align-items: start; }
.event-card:not(:has(.event-thumb)) { grid-template-columns: 3.5rem minmax(0, 1fr); }
/* A day's events under their half hours: no badge, the cards indented under the time (decision 0105). */
.event-card.no-badge { grid-template-columns: minmax(0, 1fr) minmax(0, 14rem); margin-left: 1.5rem; }
.event-card.no-badge:not(:has(.event-thumb)) { grid-template-columns: minmax(0, 1fr); }
.date-badge { display: flex; flex-direction: column; align-items: center; text-transform: uppercase; font-size: 0.8rem; color: var(--calendar-muted); line-height: 1.1; }
.badge-day { font-size: 1.6rem; font-weight: 700; color: var(--calendar-text); }
.event-body { min-width: 0; }
.event-body p { margin: 0 0 0.25rem; }
.event-card h2, .event-card h3, .event-card h4 { font-size: 1.2rem; margin: 0 0 0.25rem; }
.featured .event-title::before { content: "★ "; }
.when, .where, .zone { color: var(--calendar-muted); }
.venue-name { font-weight: 700; color: var(--calendar-text); }
.venue-name + .venue-address::before { content: ", "; }
.cost { font-weight: 700; }
.event-thumb { width: 100%; aspect-ratio: 16 / 10; object-fit: cover; border-radius: var(--calendar-radius); }
@media (max-width: 40rem) {
  .event-card { grid-template-columns: 3rem minmax(0, 1fr); }
  .event-thumb { grid-column: 2; max-width: 20rem; margin-top: 0.5rem; }
  .event-card.no-badge { grid-template-columns: minmax(0, 1fr); margin-left: 0; }
  .no-badge .event-thumb { grid-column: 1; }
}
.subscribe { margin: 1.5rem 0; }
.subscribe summary { cursor: pointer; color: var(--calendar-accent); font-weight: 700; }
.subscribe ul { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; list-style: none; padding: 0; }
.pager { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem; margin: 1rem 0; }
.pager [rel="next"] { margin-left: auto; }
.month-grid { width: 100%; border-collapse: collapse; table-layout: fixed; }
.calendar-grid { margin-top: 1rem; }
.month-grid th { font-size: 0.85rem; color: var(--calendar-muted); padding: 0.25rem; }
/* Cells never grow with their content: a grid track (the phone's grid, or the fixed table) stays its share of the width. */
.month-grid td, .month-grid th { min-width: 0; }
.month-grid td { vertical-align: top; border: 1px solid var(--calendar-border); height: 6rem; padding: 0.25rem; position: relative; }
.month-grid td.outside { background: var(--calendar-surface); }
.month-grid td.outside .day-number, .month-grid td.outside ul a { color: var(--calendar-muted); }
.month-grid td.today { background: var(--calendar-today); }
.day-number { font-weight: 700; text-decoration: none; display: inline-block; min-width: 1.5rem; }
.pick { display: none; }
.cell-date { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.month-grid ul { list-style: none; margin: 0.25rem 0 0; padding: 0; font-size: 0.85rem; line-height: 1.3; }
.month-grid ul li { position: relative; margin-bottom: 0.25rem; }
.month-grid ul a { text-decoration: none; display: block; }
.month-grid ul a:hover { text-decoration: underline; }
.month-grid ul small { display: block; font-size: 0.75rem; color: var(--calendar-muted); }
.month-grid ul .more > a { font-weight: 700; color: var(--calendar-accent); }
/* A bar spans its days of the row (decision 0056): its width is that many cells and the borders and padding between them. */
.month-grid li[aria-hidden], .month-grid ul .bar { height: 1.5rem; }
.month-grid ul .bar { z-index: 1; }
/* The bar's link clips its one line; positioned, it clips its visually hidden text too (which a long title would otherwise push past the page's edge). */
.month-grid ul .bar > a { position: relative; background: var(--calendar-bar); color: var(--calendar-text); border-radius: 0.75rem; padding: 0 0.5rem; line-height: 1.5rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
.month-grid ul .from-before > a { border-top-left-radius: 0; border-bottom-left-radius: 0; margin-left: -0.25rem; }
.month-grid ul .to-after > a { border-top-right-radius: 0; border-bottom-right-radius: 0; margin-right: -0.25rem; }
.span-2 { width: calc(200% + 0.5rem + 1px); } .span-3 { width: calc(300% + 1rem + 2px); } .span-4 { width: calc(400% + 1.5rem + 3px); }
.span-5 { width: calc(500% + 2rem + 4px); } .span-6 { width: calc(600% + 2.5rem + 5px); } .span-7 { width: calc(700% + 3rem + 6px); }
/* The preview on hover and keyboard focus: calendar.js fills it in from the event's page (decision 0075), this shows it. */
.preview { display: none; position: absolute; z-index: 2; top: 100%; left: 0; width: 16rem; max-width: 80vw; padding: 0.6rem; background: var(--calendar-background); color: var(--calendar-text); border: 1px solid var(--calendar-border); border-radius: var(--calendar-radius); box-shadow: 0 0.25rem 1rem rgb(0 0 0 / 0.2); font-size: 0.85rem; white-space: normal; }
.month-grid ul li:hover > .preview, .month-grid ul li:focus-within > .preview { display: flex; flex-direction: column; gap: 0.25rem; }
td:nth-child(n+5) .preview { left: auto; right: 0; }
.preview img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: var(--calendar-radius); }
.preview-when { color: var(--calendar-muted); }
.preview-cost { font-weight: 700; }
.week .month-grid td { height: 16rem; }
@media (max-width: 40rem) {
  .preview { display: none !important; }
  /* A month on a phone: the days as a grid of numbers, a dot under those with events; the chosen day's events under the grid (decision 0057). */
  .month .month-grid tbody { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); }
  .month .month-grid tr, .month .month-grid td { display: contents; }
  .month .day-number { display: none; }
  .month .pick, .month td:not(:has(.pick)) > .day-number { display: block; text-align: center; padding: 0.5rem 0 0.75rem; border-radius: var(--calendar-radius); position: relative; font-weight: 400; }
  .month td:not(:has(.pick)) > .day-number { color: var(--calendar-muted); }
  .month .pick::after { content: ""; position: absolute; left: calc(50% - 0.2rem); bottom: 0.3rem; width: 0.4rem; height: 0.4rem; border-radius: 50%; background: var(--calendar-accent); }
  /* The picked day (its day link the fragment's :target; the server's choice until one is picked): its link, by its whole date, heads its events under the grid. */
  .month .month-grid ul { display: none; grid-column: 1 / -1; order: 1; font-size: 1rem; }
  .month .day-number:target, .month tbody:not(:has(:target)) .chosen > .day-number { display: block; grid-column: 1 / -1; order: 1; margin-top: 1rem; border-top: 1px solid var(--calendar-border); padding-top: 0.5rem; font-size: 0; }
  .month .day-number:target::before, .month tbody:not(:has(:target)) .chosen > .day-number::before { content: attr(aria-label); font-size: 1rem; }
  .month .day-number:target ~ ul, .month tbody:not(:has(:target)) .chosen > ul { display: block; }
  .month td:has(> :target) > .pick, .month tbody:not(:has(:target)) .chosen > .pick { background: var(--calendar-accent); color: var(--calendar-accent-text); font-weight: 700; }
  .month .month-grid thead tr { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); }
  /* A week on a phone: its days one under the other. */
  .week .month-grid thead { display: none; }
  .week .month-grid, .week .month-grid tbody, .week .month-grid tr, .week .month-grid td { display: block; width: 100%; height: auto; }
  .week .month-grid td { border-width: 0 0 1px; padding: 0.5rem 0; }
  .week .cell-date { position: static; width: auto; height: auto; clip-path: none; }
  .week .cell-day { display: none; }
  .month-grid li[aria-hidden] { display: none; }
  .month-grid ul .bar, .month-grid ul li { width: auto; height: auto; margin: 0 0 0.5rem; }
  .month-grid ul .bar > a, .month-grid ul .from-before > a, .month-grid ul .to-after > a { white-space: normal; margin: 0; border-radius: var(--calendar-radius); padding: 0.25rem 0.5rem; line-height: 1.4; }
}
.hour-heading { font-size: 1rem; color: var(--calendar-muted); margin: 1.5rem 0 0; padding-bottom: 0.25rem; border-bottom: 1px solid var(--calendar-border); }
.empty-day { padding: 1rem; background: var(--calendar-surface); border-radius: var(--calendar-radius); margin: 1rem 0; }
.empty-day p { margin: 0.25rem 0; }
.back-link { margin: 1rem 0 0; font-weight: 700; }
.event-when { font-size: 1.15rem; margin: 0 0 1rem; }
.event-when .cost { margin-left: 0.5rem; }
.when-zone { color: var(--calendar-muted); }
.event-image { display: block; max-width: 100%; height: auto; border-radius: var(--calendar-radius); }
.series-notice { background: var(--calendar-surface); border-left: 4px solid var(--calendar-accent); border-radius: var(--calendar-radius); padding: 0.5rem 1rem; margin: 0 0 1rem; }
.series-notice h2 { font-size: 1rem; margin: 0.25rem 0; }
.series-notice ul { margin: 0.25rem 0; padding-left: 1.25rem; }
.series-notice p { margin: 0.25rem 0; }
.event-meta { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(13rem, 100%), 1fr)); gap: 1rem 2rem; border-top: 1px solid var(--calendar-border); border-bottom: 1px solid var(--calendar-border); padding: 1rem 0; margin: 1.5rem 0 1rem; }
/* A wide screen: the description in a reading column, the details, venue and organizers beside it (decision 0105). */
.event-main { max-width: 48rem; }
@media (width > 60rem) {
  .event-columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(16rem, 22rem); gap: 0 3rem; align-items: start; }
  .event-columns .event-meta { grid-template-columns: minmax(0, 1fr); margin: 0 0 1rem; padding: 0 0 0 1.5rem; border: 0; border-left: 1px solid var(--calendar-border); }
}
.meta-group h2 { font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.06em; margin: 0 0 0.5rem; }
.event-facts { margin: 0; }
.event-facts dt { font-weight: 700; }
.event-facts dd { margin: 0 0 0.5rem; }
.map-links { list-style: none; margin: 0.25rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
address { font-style: normal; }
.venue p, .venue address { margin: 0 0 0.25rem; }
.terms, .organizers, .contacts { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
.organizers { display: block; }
.organizers > li + li { margin-top: 0.5rem; }
.meta-group .contacts { flex-direction: column; }
.add-to-calendar h2 { font-size: 1.1rem; margin: 1rem 0 0.25rem; }
.add-to-calendar ul { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; list-style: none; padding: 0; margin: 0; }
.description { margin: 1rem 0; }
.description img { max-width: 100%; height: auto; }
.error { color: var(--calendar-focus); font-weight: 700; }
.community-form { max-width: 40rem; }
.community-form fieldset { border: 1px solid var(--calendar-border); border-radius: var(--calendar-radius); margin: 0 0 1rem; padding: 0.5rem 1rem; }
.community-form legend { font-weight: 700; padding: 0 0.25rem; }
.field { display: flex; flex-direction: column; gap: 0.25rem; margin: 0 0 0.75rem; }
.field label { font-weight: 700; }
.field.checkbox { flex-direction: row; align-items: center; }
.field-row { display: flex; flex-wrap: wrap; gap: 0 1rem; }
.field-row .field { flex: 1 1 12rem; }
.field-hint { color: var(--calendar-muted); font-size: 0.9rem; margin: 0 0 0.25rem; }
.field-error { color: var(--calendar-focus); font-weight: 700; }
.field.invalid input, .field.invalid select, .field.invalid textarea { border: 2px solid var(--calendar-focus); }
select, textarea { font: inherit; color: inherit; background: var(--calendar-background); border: 1px solid var(--calendar-muted); border-radius: var(--calendar-radius); padding: 0.35rem 0.5rem; max-width: 100%; }
.form-problems { border: 2px solid var(--calendar-focus); border-radius: var(--calendar-radius); padding: 0.5rem 1rem; margin: 0 0 1rem; }
.form-problems h2 { font-size: 1.1rem; margin: 0.25rem 0; }
/* The community form's honeypot: hidden from people and assistive technology alike. */
.trap { display: none; }
/* An event's tickets and RSVP forms (issue 46), and an RSVP's own page. */
.rsvp { margin: 1.5rem 0; }
.rsvp .ticket { border: 1px solid var(--calendar-border); border-radius: var(--calendar-radius); padding: 0.5rem 1rem; margin: 0 0 1rem; }
.rsvp h3 { margin: 0.25rem 0; font-size: 1.15rem; }
.rsvp-form { max-width: 32rem; }
.rsvp-form input:not([type=radio]):not([type=checkbox]) { max-width: 100%; }
.rsvp-going { border: 0; padding: 0; margin: 0 0 0.75rem; display: flex; flex-wrap: wrap; gap: 0 1.5rem; }
.rsvp-going legend { font-weight: 700; padding: 0; }
.rsvp-state { color: var(--calendar-muted); }
.button-link { display: inline-block; background: var(--calendar-accent); color: var(--calendar-accent-text); border-radius: var(--calendar-radius); padding: 0.45rem 1rem; text-decoration: none; }
.notice { border: 2px solid var(--calendar-accent); border-radius: var(--calendar-radius); padding: 0.5rem 1rem; }
.form-problems h4 { font-size: 1.05rem; margin: 0.25rem 0; }
.embed { padding: 0 0.5rem; }
`;

export interface Asset {
  readonly body: string | Buffer;
  readonly type: string;
  readonly etag: string;
}

const asset = (body: string | Buffer, type: string): Asset => ({
  body,
  type,
  etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
});

let assets: Promise<ReadonlyMap<string, Asset>> | undefined;

/** The pages' files by name under `/assets/`: the stylesheet, and the scripts bundled from src/page-scripts/ (calendar.js, community.js). */
export function pageAssets(): Promise<ReadonlyMap<string, Asset>> {
  assets ??= pageScripts().then(
    (scripts) =>
      new Map([
        ['calendar.css', asset(CSS, 'text/css; charset=utf-8')],
        ...[...scripts].map(([name, file]) => [name, asset(file.body, file.type)] as const),
      ]),
  );
  // A failed bundle is tried again by the next request rather than kept.
  assets.catch(() => {
    assets = undefined;
  });
  return assets;
}
