import type { ApiRoute } from '../../http/route-definition.ts';
import { CATEGORY } from '../terms/taxonomy.ts';
import { termRoutes } from '../terms/terms.routes.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { SyncService } from '../sync/sync.service.ts';

/** Event categories: the shared term routes, hierarchical. */
export const categoryRoutes = (service: TermsService, sync: SyncService): ApiRoute[] =>
  termRoutes(CATEGORY, service, sync);
