import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export const NAMESPACE = 'calendar/events/v1';

/**
 * Every URL the service emits, built from the request's own origin and prefix, or from
 * CALENDAR_PUBLIC_URL behind a proxy (decisions.md section 1).
 */
export class Urls {
  /** `{origin}{prefix}` without a trailing slash: the REST root. */
  readonly restRoot: string;
  /** `{restRoot}/calendar/events/v1`: every route's base. */
  readonly api: string;
  /** The public HTML site, for records' `url`. */
  readonly site: string;

  constructor(origin: string, config: Pick<Config, 'publicUrl' | 'siteUrl' | 'restPrefix'>) {
    const publicBase = config.publicUrl ?? origin;
    this.restRoot = `${publicBase}${config.restPrefix}`;
    this.api = `${this.restRoot}/${NAMESPACE}`;
    this.site = config.siteUrl ?? config.publicUrl ?? origin;
  }

  static forRequest(request: FastifyRequest, config: Config): Urls {
    return new Urls(`${request.protocol}://${request.host}`, config);
  }

  /** `{api}/{path}`; path segments are given already encoded. */
  route(path: string): string {
    return `${this.api}/${path}`;
  }

  /** `{site}/{path}/`, the original's permalinks end with a slash. */
  page(path: string): string {
    return `${this.site}/${path}/`;
  }
}
