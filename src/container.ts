import { Authenticator } from './auth/authenticator.ts';
import { LoginThrottle, type ThrottleSettings } from './auth/login-throttle.ts';
import { POSTPASS_KEY, SiteSecrets } from './auth/site-secrets.ts';
import { siteCapabilities, type RoleSettings } from './auth/roles.ts';
import { FirstAdminSetup } from './auth/first-admin.service.ts';
import { SessionsService } from './auth/sessions.service.ts';
import { UsersService } from './auth/users.service.ts';
import type { Clock } from './clock.ts';
import { loadConfig, type Config, type RecurrenceSettings } from './config.ts';
import { nestedBodyCheck } from './http/nested-body.ts';
import { TextFilter } from './content/text-filter.ts';
import { EventArchive } from './modules/events/event-archive.ts';
import { EventSeries } from './modules/events/event-series.ts';
import { EventWriter } from './modules/events/event-writer.ts';
import { EventBulkWriter } from './modules/events/event-bulk-writer.ts';
import { EventBulkRepository } from './storage/repositories/event-bulk.repository.ts';
import { EventsService } from './modules/events/events.service.ts';
import { SeriesHorizonExtender } from './modules/events/horizon-extender.ts';
import { CalendarFeedService } from './modules/ical/ical.service.ts';
import { IcalImportService } from './modules/ical/ical-import.service.ts';
import { IcalImportRepository } from './storage/repositories/ical-import.repository.ts';
import { LinkedRecordsService } from './modules/linked-records/linked-records.service.ts';
import { linkedRecordSchemas } from './modules/linked-records/linked-records.schemas.ts';
import { PagesService } from './modules/pages/pages.service.ts';
import { CommunitySubmissions } from './modules/pages/community.ts';
import { CommunitySenders } from './modules/pages/community-senders.ts';
import { CommunityProofOfWork } from './modules/pages/community-proof.ts';
import { CommunityReview } from './modules/community/community-review.service.ts';
import { CommunitySubmissionsRepository } from './storage/repositories/community-submissions.repository.ts';
import type { LinkedRecordDefinition } from './modules/linked-records/definition.ts';
import { ORGANIZER } from './modules/organizers/organizer.definition.ts';
import { PostRecords } from './modules/posts/post-records.ts';
import { PostWriter, type SiteSettings } from './modules/posts/post-writer.ts';
import { SyncService } from './modules/sync/sync.service.ts';
import { TermsService } from './modules/terms/terms.service.ts';
import { TecImportService } from './modules/tec-import/tec-import.service.ts';
import { ImportRunner } from './import-runner.ts';
import { IcalImportJobs } from './modules/ical/ical-import-jobs.ts';
import { CsvImportService } from './modules/csv/csv-import.service.ts';
import { CreateBody } from './modules/events/events.schemas.ts';
import { SiteImportsService } from './modules/tec-import/site-imports.service.ts';
import { guardedFetch } from './modules/tec-import/guarded-fetch.ts';
import { FEED_TIMEOUT_MS } from './modules/import-sources/feed-fetch.ts';
import { FeedSync } from './modules/import-sources/feed-sync.ts';
import { ImportSourcesService } from './modules/import-sources/import-sources.service.ts';
import { SourceRuns } from './modules/import-sources/source-runs.ts';
import { uidHostOf } from './modules/ical/site-feeds.ts';
import { PostTranslations, TermTranslations } from './modules/translations/translations.ts';
import { VENUE } from './modules/venues/venue.definition.ts';
import type { Storage } from './storage/types.ts';
import { ContentRepository } from './storage/repositories/content.repository.ts';
import { EventsRepository } from './storage/repositories/events.repository.ts';
import { ImagesRepository } from './storage/repositories/images.repository.ts';
import { LoginThrottleRepository } from './storage/repositories/login-throttle.repository.ts';
import { SiteSecretsRepository } from './storage/repositories/site-secrets.repository.ts';
import { LinkedRecordsRepository } from './storage/repositories/linked-records.repository.ts';
import { PostsRepository } from './storage/repositories/posts.repository.ts';
import { TermsRepository } from './storage/repositories/terms.repository.ts';
import { TecImportRepository } from './storage/repositories/tec-import.repository.ts';
import { SiteImportsRepository } from './storage/repositories/site-imports.repository.ts';
import { ImportSourcesRepository } from './storage/repositories/import-sources.repository.ts';
import { TranslationsRepository } from './storage/repositories/translations.repository.ts';
import { UsersRepository } from './storage/repositories/users.repository.ts';
import { SessionsRepository } from './storage/repositories/sessions.repository.ts';
import { SetupTokensRepository } from './storage/repositories/setup-tokens.repository.ts';
import { SyncListingRepository } from './storage/repositories/sync-listing.repository.ts';
import { RecordChangesRepository } from './storage/repositories/record-changes.repository.ts';
import { WebhooksRepository } from './storage/repositories/webhooks.repository.ts';
import { Urls } from './urls.ts';
import { WebhookDispatcher } from './modules/webhooks/dispatcher.ts';
import { RecordPayloads } from './modules/webhooks/payloads.ts';
import { TicketPayloads } from './modules/webhooks/ticket-payloads.ts';
import { ReceiverPolicy } from './modules/webhooks/receivers.ts';
import { keySourceFor, SecretBox } from './modules/webhooks/secrets.ts';
import { WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { Metrics } from './metrics.ts';
import { ImageFiles, imageTurns } from './modules/media/image-files.ts';
import { MediaService } from './modules/media/media.service.ts';
import { MediaRepository } from './storage/repositories/media.repository.ts';
import { MailOutboxRepository } from './storage/repositories/mail-outbox.repository.ts';
import { MailOutbox } from './modules/mail/outbox.ts';
import { MailDispatcher } from './modules/mail/mail-dispatcher.ts';
import { SmtpTransport } from './modules/mail/smtp.ts';
import { addressOf } from './mail-address.ts';
import { TicketsRepository } from './storage/repositories/tickets.repository.ts';
import { AttendeesRepository } from './storage/repositories/attendees.repository.ts';
import { TicketsService } from './modules/tickets/tickets.service.ts';
import { AttendeesService } from './modules/tickets/attendees.service.ts';
import { RsvpService } from './modules/tickets/rsvp.service.ts';
import { RsvpChanges } from './modules/tickets/rsvp-changes.ts';
import { RSVP_LINK_KEY, RsvpLinks } from './modules/tickets/rsvp-links.ts';
import { RsvpMail } from './modules/tickets/rsvp-mail.ts';

/*
 * The composition root: every repository and service is built here, once, and handed what it
 * depends on. Nothing else constructs them.
 */

export interface Services {
  readonly users: UsersService;
  readonly terms: TermsService;
  readonly venues: LinkedRecordsService;
  readonly organizers: LinkedRecordsService;
  /** One event by id or slug, and what events embed. */
  readonly events: EventsService;
  /** The archive of events: its filters, window, pages and export batches. */
  readonly eventArchive: EventArchive;
  /** Creates, updates and removes events. */
  readonly eventWriter: EventWriter;
  /** Series of events: occurrences, scopes, the horizon (decision 0025). */
  readonly eventSeries: EventSeries;
  /** Extends series with unbounded rules: in the background (`server.ts`) and before a read past the horizon (decision 0025). */
  readonly seriesExtender: SeriesHorizonExtender;
  /** The iCalendar exports of the archive and of single events (decision 0026). */
  readonly calendarFeeds: CalendarFeedService;
  /** The iCalendar import, matched by UID (decision 0028). */
  readonly icalImport: IcalImportService;
  readonly icalImportJobs: IcalImportJobs;
  /** The CSV import of events, venues and organizers (decision 0115). */
  readonly csvImport: CsvImportService;
  /** The public HTML pages, read through the services above (decision 0031). */
  readonly pages: PagesService;
  /** Visitors' proposals of events, written as pending through the events' write path (decision 0062). */
  readonly community: CommunitySubmissions;
  readonly communityReview: CommunityReview;
  readonly loginThrottle: LoginThrottle;
  /** The admin's sign-in sessions (decision 0040). */
  readonly sessions: SessionsService;
  /** The first administrator's one-time setup link (decision 0097). */
  readonly firstAdmin: FirstAdminSetup;
  /** Copies a The Events Calendar site through its REST API (`import-tec`; decision 0030). */
  readonly tecImport: TecImportService;
  /** The same import started over the API, its runs in the database (decision 0071). */
  readonly siteImports: SiteImportsService;
  /** Scheduled import sources (issue 47; decisions 0117, 0118). */
  readonly importSources: ImportSourcesService;
  /** Their runs: claimed by each node's scheduler (`look`), run in its background. */
  readonly sourceRuns: SourceRuns;
  /** Webhook subscriptions and their deliveries (decision 0032). */
  readonly webhooks: WebhooksService;
  /** Incremental sync of the archives over the record-change journal (decision 0029). */
  readonly sync: SyncService;
  /** Uploaded images and their files (decision 0052). */
  readonly media: MediaService;
  /** The e-mail outbox other modules write messages into, in their own units (decision 0112). */
  readonly mail: MailOutbox;
  /** Tickets of events and their availability (decision 0108). */
  readonly tickets: TicketsService;
  /** Attendees, for those who may edit their event (decision 0110). */
  readonly attendees: AttendeesService;
  /** Visitors' RSVPs, never oversold (decision 0109). */
  readonly rsvp: RsvpService;
  /** An RSVP changed or cancelled by its signed link, and the waitlist's promotion (decisions 0125, 0126). */
  readonly rsvpChanges: RsvpChanges;
}

export interface Application {
  readonly services: Services;
  readonly authenticator: Authenticator;
  /** Fans record changes out to webhook deliveries and sends them; `serve` starts it (decision 0032). */
  readonly webhookDispatcher: WebhookDispatcher;
  /** Sends the outbox's messages through SMTP; `serve` starts it; undefined while e-mail is off (decision 0113). */
  readonly mailDispatcher: MailDispatcher | undefined;
  /** Runs the site imports this node accepted; stopped (its runs recorded interrupted) before the database closes (decision 0071). */
  /** Runs the background imports (site imports, big iCalendar imports) of this node. */
  readonly importRunner: ImportRunner;
  /** The metrics /metrics serves, when CALENDAR_METRICS_TOKEN turns them on (decision 0044). */
  readonly metrics: Metrics | undefined;
}

/** What webhooks need of the configuration; left out (the bench), the defaults of an empty environment. */
type WebhookSiteSettings = Partial<
  Pick<
    Config,
    | 'webhooks'
    | 'mail'
    | 'database'
    | 'publicUrl'
    | 'siteUrl'
    | 'restPrefix'
    | 'host'
    | 'port'
    | 'defaultLanguage'
    | 'metricsToken'
    | 'sessions'
    | 'media'
    | 'importAllowPrivate'
    | 'communityGuards'
    | 'icsImportSyncMaxEvents'
    | 'icsImportMaxBytes'
    | 'timeouts'
  >
>;

/**
 * The services and the authenticator over one storage, for the site's settings, reading the time
 * from `clock`; failed logins are throttled as `throttle` says. Unless the settings say otherwise,
 * the roles write HTML as in a single WordPress site.
 */
export async function composeApplication(
  storage: Storage,
  site: SiteSettings & Partial<RoleSettings> & { readonly recurrence: RecurrenceSettings } & WebhookSiteSettings,
  clock: Clock,
  throttle: ThrottleSettings,
): Promise<Application> {
  const { dialect } = storage;
  const posts = new PostsRepository(dialect);
  const usersRepository = new UsersRepository(dialect);
  const translationsRepository = new TranslationsRepository();
  const postTranslations = new PostTranslations(translationsRepository);
  const text = new TextFilter(siteCapabilities({ disallowUnfilteredHtml: site.disallowUnfilteredHtml ?? false }));
  const images = new ImagesRepository(dialect);
  const writer = new PostWriter(images, usersRepository, site, clock, text);

  const terms = new TermsService(
    new TermsRepository(dialect),
    new TermTranslations(translationsRepository),
    posts,
    clock,
    text,
  );
  const linkedRecords = (definition: LinkedRecordDefinition) => {
    const repository = new LinkedRecordsRepository(definition, dialect);
    const records = new PostRecords(
      { type: definition.type, capability: definition.postType },
      repository,
      postTranslations,
      writer,
    );
    return new LinkedRecordsService(
      definition,
      records,
      repository,
      posts,
      nestedBodyCheck(linkedRecordSchemas(definition).CreateBody),
    );
  };
  const venues = linkedRecords(VENUE);
  const organizers = linkedRecords(ORGANIZER);
  const eventsRepository = new EventsRepository(dialect);
  const eventRecords = new PostRecords(
    { type: 'event', capability: 'tribe_event' },
    eventsRepository,
    postTranslations,
    writer,
  );
  const eventLinks = { venue: venues, organizer: organizers };
  const ticketsRepository = new TicketsRepository(dialect);
  const content = new ContentRepository();
  const events = new EventsService(
    eventRecords,
    eventsRepository,
    posts,
    terms,
    eventLinks,
    ticketsRepository,
    content,
  );
  const eventArchive = new EventArchive(
    eventRecords,
    eventsRepository,
    posts,
    terms,
    events,
    writer,
    clock,
    site.timezone,
    site.recurrence,
  );
  const eventSeries = new EventSeries(
    eventRecords,
    eventsRepository,
    terms,
    writer,
    clock,
    site.timezone,
    site.recurrence,
  );
  const eventWriter = new EventWriter(
    eventRecords,
    eventsRepository,
    posts,
    terms,
    eventLinks,
    eventSeries,
    writer,
    text,
    clock,
    site.timezone,
  );
  const sessions = new SessionsService(
    storage,
    new SessionsRepository(),
    clock,
    site.sessions ?? loadConfig({}).sessions,
  );
  const users = new UsersService(storage, usersRepository, clock, sessions);
  // Read (or made) before any request: a page checks a cookie inside its read unit, which cannot write.
  const postPassKey = await new SiteSecrets(storage, new SiteSecretsRepository()).key(POSTPASS_KEY);
  const rsvpLinks = new RsvpLinks(await new SiteSecrets(storage, new SiteSecretsRepository()).key(RSVP_LINK_KEY));
  const loginThrottle = new LoginThrottle(storage, new LoginThrottleRepository(), clock, throttle);
  const attendeesRepository = new AttendeesRepository();
  const ticketImport = {
    service: new TicketsService(ticketsRepository, text, clock, site.timezone),
    tickets: ticketsRepository,
    attendees: attendeesRepository,
    siteZone: site.timezone,
  };
  const tecImport = new TecImportService(
    storage,
    { events, eventWriter, venues, organizers, terms, users, tickets: ticketImport },
    new TecImportRepository(dialect),
    images,
    clock,
  );
  const siteImportsRepository = new SiteImportsRepository(dialect);
  const importRunner = new ImportRunner(storage, siteImportsRepository, clock);
  // Sources are read over http or https (public data; WordPress sites are often plain http), on public addresses.
  const sources = new ReceiverPolicy(
    { allowHttp: true, allowPrivate: site.importAllowPrivate ?? [] },
    'site_import_url_refused',
  );
  const siteImports = new SiteImportsService(
    siteImportsRepository,
    sources,
    importRunner,
    tecImport,
    clock,
    site.defaultLanguage ?? 'en',
  );
  const icalImport = new IcalImportService(
    events,
    eventSeries,
    eventWriter,
    new IcalImportRepository(dialect),
    site.timezone,
  );
  const defaults = loadConfig({});
  const icalImportJobs = new IcalImportJobs(storage, icalImport, siteImportsRepository, importRunner, clock, {
    syncMaxEvents: site.icsImportSyncMaxEvents ?? defaults.icsImportSyncMaxEvents,
    unitMs: (site.timeouts ?? defaults.timeouts).requestMs,
  });
  // Import sources read feeds and sites as site imports do, through the same guard (decision 0117).
  const sourcePolicy = new ReceiverPolicy(
    { allowHttp: true, allowPrivate: site.importAllowPrivate ?? [] },
    'import_source_url_refused',
  );
  const importSourcesRepository = new ImportSourcesRepository();
  const language = site.defaultLanguage ?? 'en';
  const feedSync = new FeedSync(
    storage,
    importSourcesRepository,
    icalImport,
    icalImportJobs,
    events,
    eventWriter,
    guardedFetch(sourcePolicy),
    clock,
    {
      maxBytes: site.icsImportMaxBytes ?? defaults.icsImportMaxBytes,
      timeoutMs: FEED_TIMEOUT_MS,
      uidHost: uidHostOf({ siteUrl: site.siteUrl, publicUrl: site.publicUrl }),
      language,
    },
  );
  const sourceRuns = new SourceRuns(
    storage,
    importSourcesRepository,
    siteImportsRepository,
    importRunner,
    feedSync,
    { service: siteImports, importer: tecImport },
    users,
    clock,
    language,
  );
  const importSources = new ImportSourcesService(importSourcesRepository, sourceRuns, sourcePolicy, users, clock);
  const webhookSettings = site.webhooks ?? loadConfig({}).webhooks;
  const webhooksRepository = new WebhooksRepository(dialect);
  const secrets = new SecretBox(keySourceFor(site.database, webhookSettings.secretsKey));
  const receivers = new ReceiverPolicy(webhookSettings);
  const journal = new RecordChangesRepository();
  const webhooks = new WebhooksService(webhooksRepository, secrets, receivers, clock, journal);
  // Rendered records' URLs: a background task has no request to take its origin from.
  const payloadUrls = new Urls(`http://${site.host ?? '127.0.0.1'}:${site.port ?? 8080}`, {
    publicUrl: site.publicUrl,
    siteUrl: site.siteUrl,
    restPrefix: site.restPrefix ?? '',
  });
  const payloads = new RecordPayloads({
    events,
    venues,
    organizers,
    terms,
    siteZone: site.timezone,
    language: site.defaultLanguage ?? 'en',
  });
  const ticketPayloads = new TicketPayloads({
    tickets: ticketsRepository,
    attendees: attendeesRepository,
    clock,
    siteZone: site.timezone,
  });
  const webhookDispatcher = new WebhookDispatcher(
    storage,
    webhooksRepository,
    journal,
    payloads,
    ticketPayloads,
    secrets,
    receivers,
    webhookSettings,
    clock,
    payloadUrls,
  );
  const mediaSettings = site.media ?? loadConfig({}).media;
  const communitySubmissions = new CommunitySubmissionsRepository();
  const communityGuards = site.communityGuards ?? loadConfig({}).communityGuards;
  const communitySenders = new CommunitySenders(
    storage,
    communitySubmissions,
    eventsRepository,
    text,
    clock,
    communityGuards.dailyLimit,
  );
  // The challenges' signing key, derived from the stored secrets' key that every node shares.
  const communityProof = communityGuards.proofOfWork
    ? new CommunityProofOfWork(() => secrets.derive('community-proof-of-work'), communitySubmissions, clock)
    : undefined;
  const media = new MediaService(
    new ImageFiles(mediaSettings.dir, imageTurns(mediaSettings)),
    new MediaRepository(),
    clock,
    site.timezone,
    text,
    mediaSettings,
  );
  const mailSettings = site.mail ?? defaults.mail;
  const mailOutboxRepository = new MailOutboxRepository(dialect);
  const mail = new MailOutbox(mailOutboxRepository, clock, {
    enabled: mailSettings.smtpUrl !== undefined,
    messageIdHost:
      mailSettings.from === undefined
        ? uidHostOf({ siteUrl: site.siteUrl, publicUrl: site.publicUrl })
        : addressOf(mailSettings.from).split('@')[1]!,
  });
  const mailDispatcher =
    mailSettings.smtpUrl === undefined || mailSettings.from === undefined
      ? undefined
      : new MailDispatcher(
          storage,
          mailOutboxRepository,
          new SmtpTransport(mailSettings.smtpUrl, mailSettings.from, mailSettings.timeoutMs),
          mailSettings,
          clock,
        );
  const tickets = new TicketsService(ticketsRepository, text, clock, site.timezone);
  const attendees = new AttendeesService(attendeesRepository, clock);
  const rsvpMail = new RsvpMail(events, mail, rsvpLinks, clock, {
    uidHost: uidHostOf({ siteUrl: site.siteUrl, publicUrl: site.publicUrl }),
    language,
  });
  const rsvp = new RsvpService(ticketsRepository, attendeesRepository, rsvpMail, clock);
  const rsvpChanges = new RsvpChanges(
    ticketsRepository,
    attendeesRepository,
    events,
    rsvpMail,
    rsvpLinks,
    clock,
    language,
  );
  return {
    services: {
      mail,
      tickets,
      attendees,
      rsvp,
      rsvpChanges,
      media,
      users,
      terms,
      venues,
      organizers,
      events,
      eventArchive,
      eventWriter,
      eventSeries,
      tecImport,
      siteImports,
      importSources,
      sourceRuns,
      seriesExtender: new SeriesHorizonExtender(storage, eventSeries, eventArchive, clock),
      loginThrottle,
      calendarFeeds: new CalendarFeedService(events, eventArchive, content),
      icalImport,
      icalImportJobs,
      csvImport: new CsvImportService(
        storage,
        eventWriter,
        new EventBulkWriter(eventWriter, eventRecords, eventsRepository, new EventBulkRepository(), terms),
        nestedBodyCheck(CreateBody),
        { venues, organizers },
        () => clock.now(),
      ),
      pages: new PagesService(events, eventArchive, eventSeries, venues, organizers, terms, site.timezone, postPassKey),
      community: new CommunitySubmissions(
        storage,
        eventWriter,
        venues,
        organizers,
        terms,
        media,
        clock,
        communitySenders,
        communityProof,
      ),
      communityReview: new CommunityReview(communitySubmissions, events, eventWriter, {
        venue: venues,
        organizer: organizers,
      }),
      webhooks,
      sessions,
      firstAdmin: new FirstAdminSetup(storage, new SetupTokensRepository(), usersRepository, users, clock),
      sync: new SyncService(new RecordChangesRepository(), new SyncListingRepository()),
    },
    authenticator: new Authenticator(storage, users, loginThrottle, clock),
    webhookDispatcher,
    mailDispatcher,
    importRunner,
    metrics:
      site.metricsToken === undefined
        ? undefined
        : new Metrics({
            storage,
            webhookDeliveries: () => storage.read((tx) => webhooksRepository.countUndelivered(tx)),
            mailOutbox: () => storage.read((tx) => mailOutboxRepository.countByStatus(tx)),
          }),
  };
}
