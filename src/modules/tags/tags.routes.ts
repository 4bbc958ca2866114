import type { ApiRoute } from '../../http/route-definition.ts';
import { TAG } from '../terms/taxonomy.ts';
import { termRoutes } from '../terms/terms.routes.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { SyncService } from '../sync/sync.service.ts';

/** Event tags: the shared term routes, flat. */
export const tagRoutes = (service: TermsService, sync: SyncService): ApiRoute[] => termRoutes(TAG, service, sync);
