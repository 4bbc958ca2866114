import { Authenticator } from './auth/authenticator.ts';
import { LoginThrottle, type ThrottleSettings } from './auth/login-throttle.ts';
import { siteCapabilities, type RoleSettings } from './auth/roles.ts';
import { UsersService } from './auth/users.service.ts';
import type { Clock } from './clock.ts';
import type { RecurrenceSettings } from './config.ts';
import { TextFilter } from './content/text-filter.ts';
import { EventsService } from './modules/events/events.service.ts';
import { CalendarFeedService } from './modules/ical/ical.service.ts';
import { LinkedRecordsService } from './modules/linked-records/linked-records.service.ts';
import type { LinkedRecordDefinition } from './modules/linked-records/definition.ts';
import { ORGANIZER } from './modules/organizers/organizer.definition.ts';
import { PostRecords } from './modules/posts/post-records.ts';
import { PostWriter, type SiteSettings } from './modules/posts/post-writer.ts';
import { TermsService } from './modules/terms/terms.service.ts';
import { PostTranslations, TermTranslations } from './modules/translations/translations.ts';
import { VENUE } from './modules/venues/venue.definition.ts';
import type { Storage } from './storage/database.ts';
import { ContentRepository } from './storage/repositories/content.repository.ts';
import { EventsRepository } from './storage/repositories/events.repository.ts';
import { ImagesRepository } from './storage/repositories/images.repository.ts';
import { LoginThrottleRepository } from './storage/repositories/login-throttle.repository.ts';
import { LinkedRecordsRepository } from './storage/repositories/linked-records.repository.ts';
import { PostsRepository } from './storage/repositories/posts.repository.ts';
import { TermsRepository } from './storage/repositories/terms.repository.ts';
import { TranslationsRepository } from './storage/repositories/translations.repository.ts';
import { UsersRepository } from './storage/repositories/users.repository.ts';

/*
 * The composition root: every repository and service is built here, once, and handed what it
 * depends on. Nothing else constructs them.
 */

export interface Services {
  readonly users: UsersService;
  readonly terms: TermsService;
  readonly venues: LinkedRecordsService;
  readonly organizers: LinkedRecordsService;
  readonly events: EventsService;
  /** The iCalendar exports of the archive and of single events (decision 0026). */
  readonly calendarFeeds: CalendarFeedService;
  readonly loginThrottle: LoginThrottle;
}

export interface Application {
  readonly services: Services;
  readonly authenticator: Authenticator;
}

/**
 * The services and the authenticator over one storage, for the site's settings, reading the time
 * from `clock`; failed logins are throttled as `throttle` says. Unless the settings say otherwise,
 * the roles write HTML as in a single WordPress site.
 */
export async function composeApplication(
  storage: Storage,
  site: SiteSettings & Partial<RoleSettings> & { readonly recurrence: RecurrenceSettings },
  clock: Clock,
  throttle: ThrottleSettings,
): Promise<Application> {
  const { dialect } = storage;
  const posts = new PostsRepository();
  const usersRepository = new UsersRepository(dialect);
  const translationsRepository = new TranslationsRepository(dialect);
  const postTranslations = new PostTranslations(translationsRepository);
  const text = new TextFilter(siteCapabilities({ disallowUnfilteredHtml: site.disallowUnfilteredHtml ?? false }));
  const writer = new PostWriter(new ImagesRepository(), usersRepository, site, clock, text);

  const terms = new TermsService(new TermsRepository(dialect), new TermTranslations(translationsRepository), posts, clock, text);
  const linkedRecords = (definition: LinkedRecordDefinition) => {
    const repository = new LinkedRecordsRepository(definition, dialect);
    const records = new PostRecords({ type: definition.type, capability: definition.postType }, repository, postTranslations, writer);
    return new LinkedRecordsService(definition, records, repository, posts);
  };
  const venues = linkedRecords(VENUE);
  const organizers = linkedRecords(ORGANIZER);
  const eventsRepository = new EventsRepository(dialect);
  const events = new EventsService(
    new PostRecords({ type: 'event', capability: 'tribe_event' }, eventsRepository, postTranslations, writer),
    eventsRepository,
    posts,
    terms,
    { venue: venues, organizer: organizers },
    site.recurrence,
  );
  const users = new UsersService(storage, usersRepository, clock);
  const loginThrottle = new LoginThrottle(storage, new LoginThrottleRepository(), clock, throttle);
  return {
    services: { users, terms, venues, organizers, events, loginThrottle, calendarFeeds: new CalendarFeedService(events, new ContentRepository()) },
    authenticator: new Authenticator(users, loginThrottle, clock),
  };
}
