import type { Caller, RoleCapabilities } from '../auth/roles.ts';
import { filterHtml, filterUrl } from './html.ts';

/**
 * The one place that decides whose text is filtered: callers whose role lacks `unfiltered_html`
 * on this site (authors and contributors; everyone when the site disallows unfiltered HTML). Every
 * write of caller-given text goes through it, so titles, names, short fields and descriptions of
 * every record type are held to the same rule (docs/decisions/0022-text-filtering.md).
 */
export class TextFilter {
  constructor(private readonly capabilities: RoleCapabilities) {}

  /** WordPress' `current_user_can( 'unfiltered_html' )`, under the site's settings; never for text a caller passes on from elsewhere (`filteredText`). */
  unfiltered(caller: Caller): boolean {
    return caller.filteredText !== true && this.capabilities[caller.role].has('unfiltered_html');
  }

  /** Post content: descriptions of events, venues and organizers. */
  content(text: string, caller: Caller): string {
    return filterHtml(text, 'post', this.unfiltered(caller));
  }

  /** Titles, names, excerpts, term descriptions and the short text fields: inline markup only. */
  inline(text: string, caller: Caller): string {
    return filterHtml(text, 'inline', this.unfiltered(caller));
  }

  /** A field validated as an http(s) URL. */
  url(text: string, caller: Caller): string {
    return filterUrl(text, this.unfiltered(caller));
  }
}
