// Generated from the service's OpenAPI document by `npm run admin-types` (scripts/admin-types.ts): do not edit.
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists every route of the namespace with its methods and arguments */
        get: {
            parameters: {
                query?: {
                    namespace?: string;
                    context?: string;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the documentation for The Events Calendar REST API in Swagger consumable format. */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Returns all the events matching the search criteria
         * @description With Accept: application/ld+json, the page as a schema.org ItemList of Events, each the json_ld of a single read (additive; decision 0029). With Accept: text/csv, every event matching the filters (not a page: page and per_page do not apply), streamed as CSV in the columns of the original's CSV importer (additive; decision 0114).
         */
        get: {
            parameters: {
                query?: {
                    /** @description The archive page to return */
                    page?: number;
                    /** @description The number of events to return on each page */
                    per_page?: number;
                    /** @description Events that start on or after this date */
                    start_date?: string | number;
                    /** @description Events that end on or before this date */
                    end_date?: string | number;
                    /** @description Events that start before this date */
                    starts_before?: string | number;
                    /** @description Events that start after this date */
                    starts_after?: string | number;
                    /** @description Events that end before this date */
                    ends_before?: string | number;
                    /** @description Events that end after this date */
                    ends_after?: string | number;
                    /** @description When true, the given times apply exactly; otherwise the dates cover whole days */
                    strict_dates?: string;
                    /** @description Events whose title or description contains these words */
                    search?: string;
                    /** @description Events in any of these categories (IDs or slugs), sub-categories included */
                    categories?: string[];
                    /** @description Events with any of these tags (IDs or slugs) */
                    tags?: string[];
                    /** @description Events at any of these venues */
                    venue?: number[];
                    /** @description Events by any of these organizers */
                    organizer?: number[];
                    /** @description Only featured (true) or only non-featured (false) events */
                    featured?: boolean;
                    /** @description The event post status */
                    status?: string[];
                    /** @description Events whose venue has (true) or lacks (false) coordinates */
                    geoloc?: boolean;
                    /** @description Latitude of the point to search around; geoloc_lng is needed too */
                    geoloc_lat?: number;
                    /** @description Longitude of the point to search around; geoloc_lat is needed too */
                    geoloc_lng?: number;
                    /** @description Radius in km around geoloc_lat/geoloc_lng (additive) */
                    geoloc_radius?: number;
                    /** @description Only these event IDs; date filters are ignored */
                    include?: number[];
                    /** @description Events whose parent is this event */
                    post_parent?: number;
                    /** @description The occurrences of this series (the id of its first event), its detached exceptions included (additive; decision 0060) */
                    series?: number;
                    /** @description Events with a published ticket (true) or without one (false) */
                    ticketed?: boolean;
                    /** @description The order of the events (additive; decision 0073; not read under tribe/events/v1): event_date (the default: local start), title (as shown in the request's language, case-insensitive) or modified; ties by local start, then ID */
                    orderby?: "event_date" | "title" | "modified";
                    /** @description asc (the default) or desc, for orderby (additive; not read under tribe/events/v1) */
                    order?: "asc" | "desc";
                    /** @description Return every events created, changed or deleted since this token (from X-Sync-Token or next_sync_token of an earlier answer), in the order of the changes, removed or no longer visible ones as {"id", "deleted": true, "deleted_at"}; follow next_rest_url to the last page, which carries next_sync_token. Paging and the language combine with it, other filters do not (400); a token older than the kept history answers 410 rest_sync_token_expired (additive) */
                    sync_token?: string;
                    /** @description Only events last modified after this date (a UTC time unless it carries an offset; additive) */
                    modified_after?: string | number;
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventArchive"];
                    };
                };
            };
        };
        put?: never;
        /** Creates a new event */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event title */
                        title: string;
                        /** @description The event description */
                        description?: string | null;
                        /** @description The event excerpt */
                        excerpt?: string | null;
                        /** @description The event slug */
                        slug?: string;
                        /**
                         * @description The event post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The event author ID */
                        author?: number;
                        /** @description The event publication date */
                        date?: string | number;
                        /** @description The event publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The event time zone: an IANA name or a UTC offset such as UTC+2 */
                        timezone?: string | null;
                        /** @description Whether the event lasts the whole day */
                        all_day?: boolean;
                        /** @description The event start date and time */
                        start_date: string | number;
                        /** @description The event end date and time */
                        end_date: string | number;
                        /** @description The event featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description The event cost, or a list of amounts stored as their range ("10 - 25") */
                        cost?: string | number | unknown[] | (never | null);
                        /** @description The event website URL */
                        website?: string | null;
                        /** @description Whether the event shows a map */
                        show_map?: boolean;
                        /** @description Whether the event shows a map link */
                        show_map_link?: boolean;
                        /** @description Whether the event is hidden from the event listings */
                        hide_from_listings?: boolean;
                        /** @description Whether the event is sticky in the calendar view */
                        sticky?: boolean;
                        /** @description Whether the event is featured */
                        featured?: boolean;
                        /** @description The event categories: IDs, slugs or names, as a list or a comma-separated string */
                        categories?: unknown;
                        /** @description The event tags: IDs, slugs or names, as a list or a comma-separated string */
                        tags?: unknown;
                        /** @description The event venue: an ID, an object with an ID, venue data, or a list of these */
                        venue?: unknown;
                        /** @description The event organizers: IDs, objects with an ID, organizer data, or a list of these */
                        organizer?: unknown;
                        /** @description The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them */
                        custom_fields?: {
                            [key: string]: unknown;
                        } | Record<string, never> | unknown[] | (never | null);
                        /** @description A password protecting the event (additive) */
                        post_password?: string | null;
                        /** @description The ID of the parent event (additive) */
                        post_parent?: number | null;
                        /** @description Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event's time zone }; null or {} removes it */
                        recurrence?: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the event with the specified ID */
        get: {
            parameters: {
                query?: {
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        /** Updates the event with the specified ID */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                };
                header?: never;
                path: {
                    /** @description the event post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event title */
                        title?: string;
                        /** @description The event description */
                        description?: string | null;
                        /** @description The event excerpt */
                        excerpt?: string | null;
                        /** @description The event slug */
                        slug?: string;
                        /**
                         * @description The event post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The event author ID */
                        author?: number;
                        /** @description The event publication date */
                        date?: string | number;
                        /** @description The event publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The event time zone: an IANA name or a UTC offset such as UTC+2 */
                        timezone?: string | null;
                        /** @description Whether the event lasts the whole day */
                        all_day?: boolean;
                        /** @description The event start date and time */
                        start_date?: string | number;
                        /** @description The event end date and time */
                        end_date?: string | number;
                        /** @description The event featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description The event cost, or a list of amounts stored as their range ("10 - 25") */
                        cost?: string | number | unknown[] | (never | null);
                        /** @description The event website URL */
                        website?: string | null;
                        /** @description Whether the event shows a map */
                        show_map?: boolean;
                        /** @description Whether the event shows a map link */
                        show_map_link?: boolean;
                        /** @description Whether the event is hidden from the event listings */
                        hide_from_listings?: boolean;
                        /** @description Whether the event is sticky in the calendar view */
                        sticky?: boolean;
                        /** @description Whether the event is featured */
                        featured?: boolean;
                        /** @description The event categories: IDs, slugs or names, as a list or a comma-separated string */
                        categories?: unknown;
                        /** @description The event tags: IDs, slugs or names, as a list or a comma-separated string */
                        tags?: unknown;
                        /** @description The event venue: an ID, an object with an ID, venue data, or a list of these */
                        venue?: unknown;
                        /** @description The event organizers: IDs, objects with an ID, organizer data, or a list of these */
                        organizer?: unknown;
                        /** @description The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them */
                        custom_fields?: {
                            [key: string]: unknown;
                        } | Record<string, never> | unknown[] | (never | null);
                        /** @description A password protecting the event (additive) */
                        post_password?: string | null;
                        /** @description The ID of the parent event (additive) */
                        post_parent?: number | null;
                        /** @description Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event's time zone }; null or {} removes it */
                        recurrence?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description For an occurrence of a series: change this one only (the default for an occurrence id), this and the following ones, or the whole series (the default for the series id); additive
                         * @enum {string}
                         */
                        scope?: "this" | "following" | "all";
                        /** @description The event password, to unlock a protected event */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        /** Updates the event with the specified ID */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                };
                header?: never;
                path: {
                    /** @description the event post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event title */
                        title?: string;
                        /** @description The event description */
                        description?: string | null;
                        /** @description The event excerpt */
                        excerpt?: string | null;
                        /** @description The event slug */
                        slug?: string;
                        /**
                         * @description The event post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The event author ID */
                        author?: number;
                        /** @description The event publication date */
                        date?: string | number;
                        /** @description The event publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The event time zone: an IANA name or a UTC offset such as UTC+2 */
                        timezone?: string | null;
                        /** @description Whether the event lasts the whole day */
                        all_day?: boolean;
                        /** @description The event start date and time */
                        start_date?: string | number;
                        /** @description The event end date and time */
                        end_date?: string | number;
                        /** @description The event featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description The event cost, or a list of amounts stored as their range ("10 - 25") */
                        cost?: string | number | unknown[] | (never | null);
                        /** @description The event website URL */
                        website?: string | null;
                        /** @description Whether the event shows a map */
                        show_map?: boolean;
                        /** @description Whether the event shows a map link */
                        show_map_link?: boolean;
                        /** @description Whether the event is hidden from the event listings */
                        hide_from_listings?: boolean;
                        /** @description Whether the event is sticky in the calendar view */
                        sticky?: boolean;
                        /** @description Whether the event is featured */
                        featured?: boolean;
                        /** @description The event categories: IDs, slugs or names, as a list or a comma-separated string */
                        categories?: unknown;
                        /** @description The event tags: IDs, slugs or names, as a list or a comma-separated string */
                        tags?: unknown;
                        /** @description The event venue: an ID, an object with an ID, venue data, or a list of these */
                        venue?: unknown;
                        /** @description The event organizers: IDs, objects with an ID, organizer data, or a list of these */
                        organizer?: unknown;
                        /** @description The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them */
                        custom_fields?: {
                            [key: string]: unknown;
                        } | Record<string, never> | unknown[] | (never | null);
                        /** @description A password protecting the event (additive) */
                        post_password?: string | null;
                        /** @description The ID of the parent event (additive) */
                        post_parent?: number | null;
                        /** @description Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event's time zone }; null or {} removes it */
                        recurrence?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description For an occurrence of a series: change this one only (the default for an occurrence id), this and the following ones, or the whole series (the default for the series id); additive
                         * @enum {string}
                         */
                        scope?: "this" | "following" | "all";
                        /** @description The event password, to unlock a protected event */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        /** Trashes the event with the specified ID, or removes it with force=true; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description Remove the event permanently instead of moving it to the trash (additive) */
                    force?: boolean;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the event with the specified ID */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                };
                header?: never;
                path: {
                    /** @description the event post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event title */
                        title?: string;
                        /** @description The event description */
                        description?: string | null;
                        /** @description The event excerpt */
                        excerpt?: string | null;
                        /** @description The event slug */
                        slug?: string;
                        /**
                         * @description The event post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The event author ID */
                        author?: number;
                        /** @description The event publication date */
                        date?: string | number;
                        /** @description The event publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The event time zone: an IANA name or a UTC offset such as UTC+2 */
                        timezone?: string | null;
                        /** @description Whether the event lasts the whole day */
                        all_day?: boolean;
                        /** @description The event start date and time */
                        start_date?: string | number;
                        /** @description The event end date and time */
                        end_date?: string | number;
                        /** @description The event featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description The event cost, or a list of amounts stored as their range ("10 - 25") */
                        cost?: string | number | unknown[] | (never | null);
                        /** @description The event website URL */
                        website?: string | null;
                        /** @description Whether the event shows a map */
                        show_map?: boolean;
                        /** @description Whether the event shows a map link */
                        show_map_link?: boolean;
                        /** @description Whether the event is hidden from the event listings */
                        hide_from_listings?: boolean;
                        /** @description Whether the event is sticky in the calendar view */
                        sticky?: boolean;
                        /** @description Whether the event is featured */
                        featured?: boolean;
                        /** @description The event categories: IDs, slugs or names, as a list or a comma-separated string */
                        categories?: unknown;
                        /** @description The event tags: IDs, slugs or names, as a list or a comma-separated string */
                        tags?: unknown;
                        /** @description The event venue: an ID, an object with an ID, venue data, or a list of these */
                        venue?: unknown;
                        /** @description The event organizers: IDs, objects with an ID, organizer data, or a list of these */
                        organizer?: unknown;
                        /** @description The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them */
                        custom_fields?: {
                            [key: string]: unknown;
                        } | Record<string, never> | unknown[] | (never | null);
                        /** @description A password protecting the event (additive) */
                        post_password?: string | null;
                        /** @description The ID of the parent event (additive) */
                        post_parent?: number | null;
                        /** @description Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event's time zone }; null or {} removes it */
                        recurrence?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description For an occurrence of a series: change this one only (the default for an occurrence id), this and the following ones, or the whole series (the default for the series id); additive
                         * @enum {string}
                         */
                        scope?: "this" | "following" | "all";
                        /** @description The event password, to unlock a protected event */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/events/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the event with the specified slug */
        get: {
            parameters: {
                query?: {
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event post name */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        /** Updates the event with the specified slug */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                };
                header?: never;
                path: {
                    /** @description the event post name */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event title */
                        title?: string;
                        /** @description The event description */
                        description?: string | null;
                        /** @description The event excerpt */
                        excerpt?: string | null;
                        /** @description The event slug */
                        slug?: string;
                        /**
                         * @description The event post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The event author ID */
                        author?: number;
                        /** @description The event publication date */
                        date?: string | number;
                        /** @description The event publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The event time zone: an IANA name or a UTC offset such as UTC+2 */
                        timezone?: string | null;
                        /** @description Whether the event lasts the whole day */
                        all_day?: boolean;
                        /** @description The event start date and time */
                        start_date?: string | number;
                        /** @description The event end date and time */
                        end_date?: string | number;
                        /** @description The event featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description The event cost, or a list of amounts stored as their range ("10 - 25") */
                        cost?: string | number | unknown[] | (never | null);
                        /** @description The event website URL */
                        website?: string | null;
                        /** @description Whether the event shows a map */
                        show_map?: boolean;
                        /** @description Whether the event shows a map link */
                        show_map_link?: boolean;
                        /** @description Whether the event is hidden from the event listings */
                        hide_from_listings?: boolean;
                        /** @description Whether the event is sticky in the calendar view */
                        sticky?: boolean;
                        /** @description Whether the event is featured */
                        featured?: boolean;
                        /** @description The event categories: IDs, slugs or names, as a list or a comma-separated string */
                        categories?: unknown;
                        /** @description The event tags: IDs, slugs or names, as a list or a comma-separated string */
                        tags?: unknown;
                        /** @description The event venue: an ID, an object with an ID, venue data, or a list of these */
                        venue?: unknown;
                        /** @description The event organizers: IDs, objects with an ID, organizer data, or a list of these */
                        organizer?: unknown;
                        /** @description The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them */
                        custom_fields?: {
                            [key: string]: unknown;
                        } | Record<string, never> | unknown[] | (never | null);
                        /** @description A password protecting the event (additive) */
                        post_password?: string | null;
                        /** @description The ID of the parent event (additive) */
                        post_parent?: number | null;
                        /** @description Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event's time zone }; null or {} removes it */
                        recurrence?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description For an occurrence of a series: change this one only (the default for an occurrence id), this and the following ones, or the whole series (the default for the series id); additive
                         * @enum {string}
                         */
                        scope?: "this" | "following" | "all";
                        /** @description The event password, to unlock a protected event */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        /** Updates the event with the specified slug */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                };
                header?: never;
                path: {
                    /** @description the event post name */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event title */
                        title?: string;
                        /** @description The event description */
                        description?: string | null;
                        /** @description The event excerpt */
                        excerpt?: string | null;
                        /** @description The event slug */
                        slug?: string;
                        /**
                         * @description The event post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The event author ID */
                        author?: number;
                        /** @description The event publication date */
                        date?: string | number;
                        /** @description The event publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The event time zone: an IANA name or a UTC offset such as UTC+2 */
                        timezone?: string | null;
                        /** @description Whether the event lasts the whole day */
                        all_day?: boolean;
                        /** @description The event start date and time */
                        start_date?: string | number;
                        /** @description The event end date and time */
                        end_date?: string | number;
                        /** @description The event featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description The event cost, or a list of amounts stored as their range ("10 - 25") */
                        cost?: string | number | unknown[] | (never | null);
                        /** @description The event website URL */
                        website?: string | null;
                        /** @description Whether the event shows a map */
                        show_map?: boolean;
                        /** @description Whether the event shows a map link */
                        show_map_link?: boolean;
                        /** @description Whether the event is hidden from the event listings */
                        hide_from_listings?: boolean;
                        /** @description Whether the event is sticky in the calendar view */
                        sticky?: boolean;
                        /** @description Whether the event is featured */
                        featured?: boolean;
                        /** @description The event categories: IDs, slugs or names, as a list or a comma-separated string */
                        categories?: unknown;
                        /** @description The event tags: IDs, slugs or names, as a list or a comma-separated string */
                        tags?: unknown;
                        /** @description The event venue: an ID, an object with an ID, venue data, or a list of these */
                        venue?: unknown;
                        /** @description The event organizers: IDs, objects with an ID, organizer data, or a list of these */
                        organizer?: unknown;
                        /** @description The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them */
                        custom_fields?: {
                            [key: string]: unknown;
                        } | Record<string, never> | unknown[] | (never | null);
                        /** @description A password protecting the event (additive) */
                        post_password?: string | null;
                        /** @description The ID of the parent event (additive) */
                        post_parent?: number | null;
                        /** @description Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event's time zone }; null or {} removes it */
                        recurrence?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description For an occurrence of a series: change this one only (the default for an occurrence id), this and the following ones, or the whole series (the default for the series id); additive
                         * @enum {string}
                         */
                        scope?: "this" | "following" | "all";
                        /** @description The event password, to unlock a protected event */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        /** Trashes the event with the specified slug, or removes it with force=true; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description Remove the event permanently instead of moving it to the trash (additive) */
                    force?: boolean;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event post name */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the event with the specified slug */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                };
                header?: never;
                path: {
                    /** @description the event post name */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event title */
                        title?: string;
                        /** @description The event description */
                        description?: string | null;
                        /** @description The event excerpt */
                        excerpt?: string | null;
                        /** @description The event slug */
                        slug?: string;
                        /**
                         * @description The event post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The event author ID */
                        author?: number;
                        /** @description The event publication date */
                        date?: string | number;
                        /** @description The event publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The event time zone: an IANA name or a UTC offset such as UTC+2 */
                        timezone?: string | null;
                        /** @description Whether the event lasts the whole day */
                        all_day?: boolean;
                        /** @description The event start date and time */
                        start_date?: string | number;
                        /** @description The event end date and time */
                        end_date?: string | number;
                        /** @description The event featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description The event cost, or a list of amounts stored as their range ("10 - 25") */
                        cost?: string | number | unknown[] | (never | null);
                        /** @description The event website URL */
                        website?: string | null;
                        /** @description Whether the event shows a map */
                        show_map?: boolean;
                        /** @description Whether the event shows a map link */
                        show_map_link?: boolean;
                        /** @description Whether the event is hidden from the event listings */
                        hide_from_listings?: boolean;
                        /** @description Whether the event is sticky in the calendar view */
                        sticky?: boolean;
                        /** @description Whether the event is featured */
                        featured?: boolean;
                        /** @description The event categories: IDs, slugs or names, as a list or a comma-separated string */
                        categories?: unknown;
                        /** @description The event tags: IDs, slugs or names, as a list or a comma-separated string */
                        tags?: unknown;
                        /** @description The event venue: an ID, an object with an ID, venue data, or a list of these */
                        venue?: unknown;
                        /** @description The event organizers: IDs, objects with an ID, organizer data, or a list of these */
                        organizer?: unknown;
                        /** @description The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them */
                        custom_fields?: {
                            [key: string]: unknown;
                        } | Record<string, never> | unknown[] | (never | null);
                        /** @description A password protecting the event (additive) */
                        post_password?: string | null;
                        /** @description The ID of the parent event (additive) */
                        post_parent?: number | null;
                        /** @description Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event's time zone }; null or {} removes it */
                        recurrence?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description For an occurrence of a series: change this one only (the default for an occurrence id), this and the following ones, or the whole series (the default for the series id); additive
                         * @enum {string}
                         */
                        scope?: "this" | "following" | "all";
                        /** @description The event password, to unlock a protected event */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Event"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/events/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns how many events the archive lists with each status and the same selection (dates, search, terms...): each count is the X-TEC-Total of GET /events with that status, a series counted once per date listed (decision 0103) */
        get: {
            parameters: {
                query?: {
                    /** @description Events that start on or after this date */
                    start_date?: string | number;
                    /** @description Events that end on or before this date */
                    end_date?: string | number;
                    /** @description Events that start before this date */
                    starts_before?: string | number;
                    /** @description Events that start after this date */
                    starts_after?: string | number;
                    /** @description Events that end before this date */
                    ends_before?: string | number;
                    /** @description Events that end after this date */
                    ends_after?: string | number;
                    /** @description When true, the given times apply exactly; otherwise the dates cover whole days */
                    strict_dates?: string;
                    /** @description Events whose title or description contains these words */
                    search?: string;
                    /** @description Events in any of these categories (IDs or slugs), sub-categories included */
                    categories?: string[];
                    /** @description Events with any of these tags (IDs or slugs) */
                    tags?: string[];
                    /** @description Events at any of these venues */
                    venue?: number[];
                    /** @description Events by any of these organizers */
                    organizer?: number[];
                    /** @description Only featured (true) or only non-featured (false) events */
                    featured?: boolean;
                    /** @description Events whose venue has (true) or lacks (false) coordinates */
                    geoloc?: boolean;
                    /** @description Latitude of the point to search around; geoloc_lng is needed too */
                    geoloc_lat?: number;
                    /** @description Longitude of the point to search around; geoloc_lat is needed too */
                    geoloc_lng?: number;
                    /** @description Radius in km around geoloc_lat/geoloc_lng (additive) */
                    geoloc_radius?: number;
                    /** @description Only these event IDs; date filters are ignored */
                    include?: number[];
                    /** @description Events whose parent is this event */
                    post_parent?: number;
                    /** @description The occurrences of this series (the id of its first event), its detached exceptions included (additive; decision 0060) */
                    series?: number;
                    /** @description Events with a published ticket (true) or without one (false) */
                    ticketed?: boolean;
                    /** @description Only events last modified after this date (a UTC time unless it carries an offset; additive) */
                    modified_after?: string | number;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StatusCounts"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/venues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Returns all the venues matching the search criteria
         * @description With Accept: text/csv, every venue matching the filters (not a page: page and per_page do not apply), streamed as CSV in the columns of the original's CSV importer (additive; decision 0114).
         */
        get: {
            parameters: {
                query?: {
                    /** @description The archive page to return */
                    page?: number;
                    /** @description The number of venues to return on each page */
                    per_page?: number;
                    /** @description Limit results to venues whose name, description or details contain this text */
                    search?: string;
                    /** @description Limit results to venues linked to this event */
                    event?: number;
                    /** @description Only venues linked to at least one event (true) or to none (false) */
                    has_events?: boolean;
                    /** @description Only venues linked to an upcoming event */
                    only_with_upcoming?: boolean;
                    /** @description The venue post status */
                    status?: string[];
                    /** @description Return every venues created, changed or deleted since this token (from X-Sync-Token or next_sync_token of an earlier answer), in the order of the changes, removed or no longer visible ones as {"id", "deleted": true, "deleted_at"}; follow next_rest_url to the last page, which carries next_sync_token. Paging and the language combine with it, other filters do not (400); a token older than the kept history answers 410 rest_sync_token_expired (additive) */
                    sync_token?: string;
                    /** @description Only venues last modified after this date (a UTC time unless it carries an offset; additive) */
                    modified_after?: string | number;
                    /** @description The venue password, for a password-protected venue */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VenueArchive"];
                    };
                };
            };
        };
        put?: never;
        /** Creates a new venue */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The venue name */
                        venue: string;
                        /** @description The venue description */
                        description?: string | null;
                        /**
                         * @description The venue post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The venue author ID */
                        author?: number;
                        /** @description The venue publication date */
                        date?: string | number;
                        /** @description The venue publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The venue featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the venue's details (additive) */
                        post_password?: string | null;
                        /** @description The venue address */
                        address?: string | null;
                        /** @description The venue city */
                        city?: string | null;
                        /** @description The venue country */
                        country?: string | null;
                        /** @description The venue province */
                        province?: string | null;
                        /** @description The venue state */
                        state?: string | null;
                        /** @description The venue ZIP code */
                        zip?: string | null;
                        /** @description The venue phone number */
                        phone?: string | null;
                        /** @description The venue state or province */
                        stateprovince?: string | null;
                        /** @description The venue website URL */
                        website?: string | null;
                        /** @description Whether events at this venue show a map */
                        show_map?: boolean;
                        /** @description Whether events at this venue show a map link */
                        show_map_link?: boolean;
                        /** @description Latitude, from -90 to 90 */
                        geo_lat?: number | null;
                        /** @description Longitude, from -180 to 180 */
                        geo_lng?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/venues/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the data of the venue with the specified ID */
        get: {
            parameters: {
                query?: {
                    /** @description The venue password, for a password-protected venue */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        /** Updates the venue with the specified ID */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The venue name */
                        venue?: string;
                        /** @description The venue description */
                        description?: string | null;
                        /**
                         * @description The venue post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The venue author ID */
                        author?: number;
                        /** @description The venue publication date */
                        date?: string | number;
                        /** @description The venue publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The venue featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the venue's details (additive) */
                        post_password?: string | null;
                        /** @description The venue address */
                        address?: string | null;
                        /** @description The venue city */
                        city?: string | null;
                        /** @description The venue country */
                        country?: string | null;
                        /** @description The venue province */
                        province?: string | null;
                        /** @description The venue state */
                        state?: string | null;
                        /** @description The venue ZIP code */
                        zip?: string | null;
                        /** @description The venue phone number */
                        phone?: string | null;
                        /** @description The venue state or province */
                        stateprovince?: string | null;
                        /** @description The venue website URL */
                        website?: string | null;
                        /** @description Whether events at this venue show a map */
                        show_map?: boolean;
                        /** @description Whether events at this venue show a map link */
                        show_map_link?: boolean;
                        /** @description Latitude, from -90 to 90 */
                        geo_lat?: number | null;
                        /** @description Longitude, from -180 to 180 */
                        geo_lng?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        /** Updates the venue with the specified ID */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The venue name */
                        venue?: string;
                        /** @description The venue description */
                        description?: string | null;
                        /**
                         * @description The venue post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The venue author ID */
                        author?: number;
                        /** @description The venue publication date */
                        date?: string | number;
                        /** @description The venue publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The venue featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the venue's details (additive) */
                        post_password?: string | null;
                        /** @description The venue address */
                        address?: string | null;
                        /** @description The venue city */
                        city?: string | null;
                        /** @description The venue country */
                        country?: string | null;
                        /** @description The venue province */
                        province?: string | null;
                        /** @description The venue state */
                        state?: string | null;
                        /** @description The venue ZIP code */
                        zip?: string | null;
                        /** @description The venue phone number */
                        phone?: string | null;
                        /** @description The venue state or province */
                        stateprovince?: string | null;
                        /** @description The venue website URL */
                        website?: string | null;
                        /** @description Whether events at this venue show a map */
                        show_map?: boolean;
                        /** @description Whether events at this venue show a map link */
                        show_map_link?: boolean;
                        /** @description Latitude, from -90 to 90 */
                        geo_lat?: number | null;
                        /** @description Longitude, from -180 to 180 */
                        geo_lng?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        /** Trashes the venue with the specified ID, or removes it with force=true; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The venue password, for a password-protected venue */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description Remove the venue permanently instead of moving it to the trash (additive) */
                    force?: boolean;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the venue with the specified ID */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The venue name */
                        venue?: string;
                        /** @description The venue description */
                        description?: string | null;
                        /**
                         * @description The venue post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The venue author ID */
                        author?: number;
                        /** @description The venue publication date */
                        date?: string | number;
                        /** @description The venue publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The venue featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the venue's details (additive) */
                        post_password?: string | null;
                        /** @description The venue address */
                        address?: string | null;
                        /** @description The venue city */
                        city?: string | null;
                        /** @description The venue country */
                        country?: string | null;
                        /** @description The venue province */
                        province?: string | null;
                        /** @description The venue state */
                        state?: string | null;
                        /** @description The venue ZIP code */
                        zip?: string | null;
                        /** @description The venue phone number */
                        phone?: string | null;
                        /** @description The venue state or province */
                        stateprovince?: string | null;
                        /** @description The venue website URL */
                        website?: string | null;
                        /** @description Whether events at this venue show a map */
                        show_map?: boolean;
                        /** @description Whether events at this venue show a map link */
                        show_map_link?: boolean;
                        /** @description Latitude, from -90 to 90 */
                        geo_lat?: number | null;
                        /** @description Longitude, from -180 to 180 */
                        geo_lng?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/venues/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the data of the venue with the specified slug */
        get: {
            parameters: {
                query?: {
                    /** @description The venue password, for a password-protected venue */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        /** Updates the venue with the specified slug */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The venue name */
                        venue?: string;
                        /** @description The venue description */
                        description?: string | null;
                        /**
                         * @description The venue post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The venue author ID */
                        author?: number;
                        /** @description The venue publication date */
                        date?: string | number;
                        /** @description The venue publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The venue featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the venue's details (additive) */
                        post_password?: string | null;
                        /** @description The venue address */
                        address?: string | null;
                        /** @description The venue city */
                        city?: string | null;
                        /** @description The venue country */
                        country?: string | null;
                        /** @description The venue province */
                        province?: string | null;
                        /** @description The venue state */
                        state?: string | null;
                        /** @description The venue ZIP code */
                        zip?: string | null;
                        /** @description The venue phone number */
                        phone?: string | null;
                        /** @description The venue state or province */
                        stateprovince?: string | null;
                        /** @description The venue website URL */
                        website?: string | null;
                        /** @description Whether events at this venue show a map */
                        show_map?: boolean;
                        /** @description Whether events at this venue show a map link */
                        show_map_link?: boolean;
                        /** @description Latitude, from -90 to 90 */
                        geo_lat?: number | null;
                        /** @description Longitude, from -180 to 180 */
                        geo_lng?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        /** Updates the venue with the specified slug */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The venue name */
                        venue?: string;
                        /** @description The venue description */
                        description?: string | null;
                        /**
                         * @description The venue post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The venue author ID */
                        author?: number;
                        /** @description The venue publication date */
                        date?: string | number;
                        /** @description The venue publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The venue featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the venue's details (additive) */
                        post_password?: string | null;
                        /** @description The venue address */
                        address?: string | null;
                        /** @description The venue city */
                        city?: string | null;
                        /** @description The venue country */
                        country?: string | null;
                        /** @description The venue province */
                        province?: string | null;
                        /** @description The venue state */
                        state?: string | null;
                        /** @description The venue ZIP code */
                        zip?: string | null;
                        /** @description The venue phone number */
                        phone?: string | null;
                        /** @description The venue state or province */
                        stateprovince?: string | null;
                        /** @description The venue website URL */
                        website?: string | null;
                        /** @description Whether events at this venue show a map */
                        show_map?: boolean;
                        /** @description Whether events at this venue show a map link */
                        show_map_link?: boolean;
                        /** @description Latitude, from -90 to 90 */
                        geo_lat?: number | null;
                        /** @description Longitude, from -180 to 180 */
                        geo_lng?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        /** Trashes the venue with the specified slug, or removes it with force=true; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The venue password, for a password-protected venue */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description Remove the venue permanently instead of moving it to the trash (additive) */
                    force?: boolean;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the venue with the specified slug */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the venue slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The venue name */
                        venue?: string;
                        /** @description The venue description */
                        description?: string | null;
                        /**
                         * @description The venue post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The venue author ID */
                        author?: number;
                        /** @description The venue publication date */
                        date?: string | number;
                        /** @description The venue publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The venue featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the venue's details (additive) */
                        post_password?: string | null;
                        /** @description The venue address */
                        address?: string | null;
                        /** @description The venue city */
                        city?: string | null;
                        /** @description The venue country */
                        country?: string | null;
                        /** @description The venue province */
                        province?: string | null;
                        /** @description The venue state */
                        state?: string | null;
                        /** @description The venue ZIP code */
                        zip?: string | null;
                        /** @description The venue phone number */
                        phone?: string | null;
                        /** @description The venue state or province */
                        stateprovince?: string | null;
                        /** @description The venue website URL */
                        website?: string | null;
                        /** @description Whether events at this venue show a map */
                        show_map?: boolean;
                        /** @description Whether events at this venue show a map link */
                        show_map_link?: boolean;
                        /** @description Latitude, from -90 to 90 */
                        geo_lat?: number | null;
                        /** @description Longitude, from -180 to 180 */
                        geo_lng?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Venue"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/venues/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns how many venues the caller's archive lists with each status */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StatusCounts"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Returns all the organizers matching the search criteria
         * @description With Accept: text/csv, every organizer matching the filters (not a page: page and per_page do not apply), streamed as CSV in the columns of the original's CSV importer (additive; decision 0114).
         */
        get: {
            parameters: {
                query?: {
                    /** @description The archive page to return */
                    page?: number;
                    /** @description The number of organizers to return on each page */
                    per_page?: number;
                    /** @description Limit results to organizers whose name, description or details contain this text */
                    search?: string;
                    /** @description Limit results to organizers linked to this event */
                    event?: number;
                    /** @description Only organizers linked to at least one event (true) or to none (false) */
                    has_events?: boolean;
                    /** @description Only organizers linked to an upcoming event */
                    only_with_upcoming?: boolean;
                    /** @description The organizer post status */
                    status?: string[];
                    /** @description Return every organizers created, changed or deleted since this token (from X-Sync-Token or next_sync_token of an earlier answer), in the order of the changes, removed or no longer visible ones as {"id", "deleted": true, "deleted_at"}; follow next_rest_url to the last page, which carries next_sync_token. Paging and the language combine with it, other filters do not (400); a token older than the kept history answers 410 rest_sync_token_expired (additive) */
                    sync_token?: string;
                    /** @description Only organizers last modified after this date (a UTC time unless it carries an offset; additive) */
                    modified_after?: string | number;
                    /** @description The organizer password, for a password-protected organizer */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizerArchive"];
                    };
                };
            };
        };
        put?: never;
        /** Creates a new organizer */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The organizer name */
                        organizer: string;
                        /** @description The organizer description */
                        description?: string | null;
                        /**
                         * @description The organizer post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The organizer author ID */
                        author?: number;
                        /** @description The organizer publication date */
                        date?: string | number;
                        /** @description The organizer publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The organizer featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the organizer's details (additive) */
                        post_password?: string | null;
                        /** @description The organizer phone number */
                        phone?: string | null;
                        /** @description The organizer website URL */
                        website?: string | null;
                        /** @description The organizer e-mail address */
                        email?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the data of the organizer with the specified ID */
        get: {
            parameters: {
                query?: {
                    /** @description The organizer password, for a password-protected organizer */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        /** Updates the organizer with the specified ID */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The organizer name */
                        organizer?: string;
                        /** @description The organizer description */
                        description?: string | null;
                        /**
                         * @description The organizer post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The organizer author ID */
                        author?: number;
                        /** @description The organizer publication date */
                        date?: string | number;
                        /** @description The organizer publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The organizer featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the organizer's details (additive) */
                        post_password?: string | null;
                        /** @description The organizer phone number */
                        phone?: string | null;
                        /** @description The organizer website URL */
                        website?: string | null;
                        /** @description The organizer e-mail address */
                        email?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        /** Updates the organizer with the specified ID */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The organizer name */
                        organizer?: string;
                        /** @description The organizer description */
                        description?: string | null;
                        /**
                         * @description The organizer post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The organizer author ID */
                        author?: number;
                        /** @description The organizer publication date */
                        date?: string | number;
                        /** @description The organizer publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The organizer featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the organizer's details (additive) */
                        post_password?: string | null;
                        /** @description The organizer phone number */
                        phone?: string | null;
                        /** @description The organizer website URL */
                        website?: string | null;
                        /** @description The organizer e-mail address */
                        email?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        /** Trashes the organizer with the specified ID, or removes it with force=true; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The organizer password, for a password-protected organizer */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description Remove the organizer permanently instead of moving it to the trash (additive) */
                    force?: boolean;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the organizer with the specified ID */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The organizer name */
                        organizer?: string;
                        /** @description The organizer description */
                        description?: string | null;
                        /**
                         * @description The organizer post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The organizer author ID */
                        author?: number;
                        /** @description The organizer publication date */
                        date?: string | number;
                        /** @description The organizer publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The organizer featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the organizer's details (additive) */
                        post_password?: string | null;
                        /** @description The organizer phone number */
                        phone?: string | null;
                        /** @description The organizer website URL */
                        website?: string | null;
                        /** @description The organizer e-mail address */
                        email?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organizers/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the data of the organizer with the specified slug */
        get: {
            parameters: {
                query?: {
                    /** @description The organizer password, for a password-protected organizer */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        /** Updates the organizer with the specified slug */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The organizer name */
                        organizer?: string;
                        /** @description The organizer description */
                        description?: string | null;
                        /**
                         * @description The organizer post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The organizer author ID */
                        author?: number;
                        /** @description The organizer publication date */
                        date?: string | number;
                        /** @description The organizer publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The organizer featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the organizer's details (additive) */
                        post_password?: string | null;
                        /** @description The organizer phone number */
                        phone?: string | null;
                        /** @description The organizer website URL */
                        website?: string | null;
                        /** @description The organizer e-mail address */
                        email?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        /** Updates the organizer with the specified slug */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The organizer name */
                        organizer?: string;
                        /** @description The organizer description */
                        description?: string | null;
                        /**
                         * @description The organizer post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The organizer author ID */
                        author?: number;
                        /** @description The organizer publication date */
                        date?: string | number;
                        /** @description The organizer publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The organizer featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the organizer's details (additive) */
                        post_password?: string | null;
                        /** @description The organizer phone number */
                        phone?: string | null;
                        /** @description The organizer website URL */
                        website?: string | null;
                        /** @description The organizer e-mail address */
                        email?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        /** Trashes the organizer with the specified slug, or removes it with force=true; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The organizer password, for a password-protected organizer */
                    password?: string;
                    /** @description edit: show protected details to those who may edit them */
                    context?: "view" | "edit" | "embed";
                    /** @description Remove the organizer permanently instead of moving it to the trash (additive) */
                    force?: boolean;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the organizer with the specified slug */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the organizer slug */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The organizer name */
                        organizer?: string;
                        /** @description The organizer description */
                        description?: string | null;
                        /**
                         * @description The organizer post status
                         * @enum {string}
                         */
                        status?: "publish" | "future" | "draft" | "pending" | "private";
                        /** @description The organizer author ID */
                        author?: number;
                        /** @description The organizer publication date */
                        date?: string | number;
                        /** @description The organizer publication date, in UTC */
                        date_utc?: string | number;
                        /** @description The organizer featured image ID or URL */
                        image?: string | number | (never | null);
                        /** @description A password that protects the organizer's details (additive) */
                        post_password?: string | null;
                        /** @description The organizer phone number */
                        phone?: string | null;
                        /** @description The organizer website URL */
                        website?: string | null;
                        /** @description The organizer e-mail address */
                        email?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organizer"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organizers/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns how many organizers the caller's archive lists with each status */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StatusCounts"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns all the event categories matching the search criteria */
        get: {
            parameters: {
                query?: {
                    /** @description The archive page to return */
                    page?: number;
                    /** @description The number of event categories to return on each page */
                    per_page?: number;
                    /** @description Limit results to those matching a string */
                    search?: string;
                    /** @description Ensure result set exclude specific IDs */
                    exclude?: string[];
                    /** @description Limit result set to specific IDs */
                    include?: string[];
                    /** @description Order sort attribute ascending or descending */
                    order?: "asc" | "desc";
                    /** @description Sort collection by term attribute */
                    orderby?: "name" | "id" | "include" | "slug" | "include_slugs" | "term_group" | "description" | "count";
                    /** @description Whether to hide terms not assigned to any posts */
                    hide_empty?: boolean;
                    /** @description Limit result set to terms assigned to a specific parent */
                    parent?: number;
                    /** @description Limit result set to terms assigned to a specific post */
                    post?: number;
                    /** @description Limit result set to terms assigned to a specific event (an alias of the "post" parameter) */
                    event?: number;
                    /** @description Limit result set to terms with a specific slug */
                    slug?: string[];
                    /** @description Return every event categories created, changed or deleted since this token (from X-Sync-Token or next_sync_token of an earlier answer), in the order of the changes, removed or no longer visible ones as {"id", "deleted": true, "deleted_at"}; follow next_rest_url to the last page, which carries next_sync_token. Paging and the language combine with it, other filters do not (400); a token older than the kept history answers 410 rest_sync_token_expired (additive) */
                    sync_token?: string;
                    /** @description Only event categories last modified after this date (a UTC time unless it carries an offset; additive) */
                    modified_after?: string | number;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventCategoryArchive"];
                    };
                };
            };
        };
        put?: never;
        /** Creates a new event category */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event category name */
                        name: string;
                        /** @description The event category description */
                        description?: string | null;
                        /** @description The event category slug */
                        slug?: string;
                        /** @description The event category parent term ID */
                        parent?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventCategoryWithLinks"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the data of the event category with the specified term ID */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event category term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventCategoryWithLinks"];
                    };
                };
            };
        };
        /** Updates the event category with the specified term ID */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event category term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event category name */
                        name?: string;
                        /** @description The event category description */
                        description?: string | null;
                        /** @description The event category slug */
                        slug?: string;
                        /** @description The event category parent term ID */
                        parent?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventCategoryWithLinks"];
                    };
                };
            };
        };
        /** Updates the event category with the specified term ID */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event category term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event category name */
                        name?: string;
                        /** @description The event category description */
                        description?: string | null;
                        /** @description The event category slug */
                        slug?: string;
                        /** @description The event category parent term ID */
                        parent?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventCategoryWithLinks"];
                    };
                };
            };
        };
        /** Deletes the event category with the specified term ID and returns its data; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event category term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventCategory"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the event category with the specified term ID */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event category term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event category name */
                        name?: string;
                        /** @description The event category description */
                        description?: string | null;
                        /** @description The event category slug */
                        slug?: string;
                        /** @description The event category parent term ID */
                        parent?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventCategoryWithLinks"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns all the event tags matching the search criteria */
        get: {
            parameters: {
                query?: {
                    /** @description The archive page to return */
                    page?: number;
                    /** @description The number of event tags to return on each page */
                    per_page?: number;
                    /** @description Limit results to those matching a string */
                    search?: string;
                    /** @description Ensure result set exclude specific IDs */
                    exclude?: string[];
                    /** @description Limit result set to specific IDs */
                    include?: string[];
                    /** @description Order sort attribute ascending or descending */
                    order?: "asc" | "desc";
                    /** @description Sort collection by term attribute */
                    orderby?: "name" | "id" | "include" | "slug" | "include_slugs" | "term_group" | "description" | "count";
                    /** @description Whether to hide terms not assigned to any posts */
                    hide_empty?: boolean;
                    /** @description Limit result set to terms assigned to a specific post */
                    post?: number;
                    /** @description Limit result set to terms assigned to a specific event (an alias of the "post" parameter) */
                    event?: number;
                    /** @description Limit result set to terms with a specific slug */
                    slug?: string[];
                    /** @description Offset the result set by a specific number of items */
                    offset?: number;
                    /** @description Return every event tags created, changed or deleted since this token (from X-Sync-Token or next_sync_token of an earlier answer), in the order of the changes, removed or no longer visible ones as {"id", "deleted": true, "deleted_at"}; follow next_rest_url to the last page, which carries next_sync_token. Paging and the language combine with it, other filters do not (400); a token older than the kept history answers 410 rest_sync_token_expired (additive) */
                    sync_token?: string;
                    /** @description Only event tags last modified after this date (a UTC time unless it carries an offset; additive) */
                    modified_after?: string | number;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventTagArchive"];
                    };
                };
            };
        };
        put?: never;
        /** Creates a new event tag */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event tag name */
                        name: string;
                        /** @description The event tag description */
                        description?: string | null;
                        /** @description The event tag slug */
                        slug?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventTagWithLinks"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the data of the event tag with the specified term ID */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event tag term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventTagWithLinks"];
                    };
                };
            };
        };
        /** Updates the event tag with the specified term ID */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event tag term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event tag name */
                        name?: string;
                        /** @description The event tag description */
                        description?: string | null;
                        /** @description The event tag slug */
                        slug?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventTagWithLinks"];
                    };
                };
            };
        };
        /** Updates the event tag with the specified term ID */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event tag term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event tag name */
                        name?: string;
                        /** @description The event tag description */
                        description?: string | null;
                        /** @description The event tag slug */
                        slug?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventTagWithLinks"];
                    };
                };
            };
        };
        /** Deletes the event tag with the specified term ID and returns its data; in a language other than its original one, deletes only that translation */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event tag term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventTag"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates the event tag with the specified term ID */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event tag term ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event tag name */
                        name?: string;
                        /** @description The event tag description */
                        description?: string | null;
                        /** @description The event tag slug */
                        slug?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventTagWithLinks"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/events.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns all the events matching the search criteria as one iCalendar document, streamed, not paged */
        get: {
            parameters: {
                query?: {
                    /** @description Events that start on or after this date */
                    start_date?: string | number;
                    /** @description Events that end on or before this date */
                    end_date?: string | number;
                    /** @description Events that start before this date */
                    starts_before?: string | number;
                    /** @description Events that start after this date */
                    starts_after?: string | number;
                    /** @description Events that end before this date */
                    ends_before?: string | number;
                    /** @description Events that end after this date */
                    ends_after?: string | number;
                    /** @description When true, the given times apply exactly; otherwise the dates cover whole days */
                    strict_dates?: string;
                    /** @description Events whose title or description contains these words */
                    search?: string;
                    /** @description Events in any of these categories (IDs or slugs), sub-categories included */
                    categories?: string[];
                    /** @description Events with any of these tags (IDs or slugs) */
                    tags?: string[];
                    /** @description Events at any of these venues */
                    venue?: number[];
                    /** @description Events by any of these organizers */
                    organizer?: number[];
                    /** @description Only featured (true) or only non-featured (false) events */
                    featured?: boolean;
                    /** @description The event post status */
                    status?: string[];
                    /** @description Events whose venue has (true) or lacks (false) coordinates */
                    geoloc?: boolean;
                    /** @description Latitude of the point to search around; geoloc_lng is needed too */
                    geoloc_lat?: number;
                    /** @description Longitude of the point to search around; geoloc_lat is needed too */
                    geoloc_lng?: number;
                    /** @description Radius in km around geoloc_lat/geoloc_lng (additive) */
                    geoloc_radius?: number;
                    /** @description Only these event IDs; date filters are ignored */
                    include?: number[];
                    /** @description Events whose parent is this event */
                    post_parent?: number;
                    /** @description The occurrences of this series (the id of its first event), its detached exceptions included (additive; decision 0060) */
                    series?: number;
                    /** @description Events with a published ticket (true) or without one (false) */
                    ticketed?: boolean;
                    /** @description The order of the events (additive; decision 0073; not read under tribe/events/v1): event_date (the default: local start), title (as shown in the request's language, case-insensitive) or modified; ties by local start, then ID */
                    orderby?: "event_date" | "title" | "modified";
                    /** @description asc (the default) or desc, for orderby (additive; not read under tribe/events/v1) */
                    order?: "asc" | "desc";
                    /** @description Only events last modified after this date (a UTC time unless it carries an offset; additive) */
                    modified_after?: string | number;
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description The most events to export, the earliest first (at most 100000); the feed is never paged */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An iCalendar (RFC 5545) document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/calendar": string;
                    };
                };
                /** @description Not modified: the client holds the current calendar (If-None-Match or If-Modified-Since) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the event with the specified ID as an iCalendar document */
        get: {
            parameters: {
                query?: {
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event post ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An iCalendar (RFC 5545) document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/calendar": string;
                    };
                };
                /** @description Not modified: the client holds the current calendar (If-None-Match or If-Modified-Since) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/by-slug/{slug}.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the event with the specified slug as an iCalendar document */
        get: {
            parameters: {
                query?: {
                    /** @description The event password */
                    password?: string;
                    /** @description edit: show protected details, and the password itself (post_password), to those who may edit the event */
                    context?: "view" | "edit" | "embed";
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description the event post name */
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An iCalendar (RFC 5545) document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/calendar": string;
                    };
                };
                /** @description Not modified: the client holds the current calendar (If-None-Match or If-Modified-Since) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns every webhook subscription (never their secrets) */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"][];
                    };
                };
            };
        };
        put?: never;
        /** Creates a webhook subscription; the answer holds its signing secret, shown this once */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The receiver: an https URL on a public address */
                        url: string;
                        /** @description The notifications wanted: `event.created`, `venue.*`, `*`, … */
                        events: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted" | "ticket.*" | "ticket.created" | "ticket.updated" | "ticket.deleted" | "attendee.*" | "attendee.created" | "attendee.updated" | "attendee.deleted")[];
                        /** @description A note for administrators */
                        description?: string;
                        /** @description Whether notifications are sent (default true) */
                        active?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns a webhook subscription */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"];
                    };
                };
            };
        };
        /** Updates a webhook subscription (partial) */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The receiver: an https URL on a public address */
                        url?: string;
                        /** @description The notifications wanted: `event.created`, `venue.*`, `*`, … */
                        events?: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted" | "ticket.*" | "ticket.created" | "ticket.updated" | "ticket.deleted" | "attendee.*" | "attendee.created" | "attendee.updated" | "attendee.deleted")[];
                        /** @description A note for administrators */
                        description?: string;
                        /** @description Whether notifications are sent; true also clears a disabled_reason */
                        active?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"];
                    };
                };
            };
        };
        /** Updates a webhook subscription (partial) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The receiver: an https URL on a public address */
                        url?: string;
                        /** @description The notifications wanted: `event.created`, `venue.*`, `*`, … */
                        events?: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted" | "ticket.*" | "ticket.created" | "ticket.updated" | "ticket.deleted" | "attendee.*" | "attendee.created" | "attendee.updated" | "attendee.deleted")[];
                        /** @description A note for administrators */
                        description?: string;
                        /** @description Whether notifications are sent; true also clears a disabled_reason */
                        active?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"];
                    };
                };
            };
        };
        /** Deletes a webhook subscription and its deliveries; answers what it was */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates a webhook subscription (partial) */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The receiver: an https URL on a public address */
                        url?: string;
                        /** @description The notifications wanted: `event.created`, `venue.*`, `*`, … */
                        events?: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted" | "ticket.*" | "ticket.created" | "ticket.updated" | "ticket.deleted" | "attendee.*" | "attendee.created" | "attendee.updated" | "attendee.deleted")[];
                        /** @description A note for administrators */
                        description?: string;
                        /** @description Whether notifications are sent; true also clears a disabled_reason */
                        active?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replaces the signing secret; the previous one keeps signing for grace_period seconds */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Seconds during which the previous secret signs too (both signatures are sent); 0 retires it at once
                         * @default 86400
                         */
                        grace_period?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSubscription"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the deliveries of a webhook subscription, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description The page of deliveries, newest first */
                    page?: number;
                    /** @description The number of deliveries on each page */
                    per_page?: number;
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            total_pages: number;
                            deliveries: components["schemas"]["WebhookDelivery"][];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a delivered or failed message again, with the same webhook-id */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                    /** @description The delivery ID */
                    delivery: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a test message (type ping) to the subscription */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The webhook subscription ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the e-mail outbox, newest first, and whether e-mail is on */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description `pending` (waiting or being retried), `sent` (the SMTP server accepted it), `failed` (given up), `off` (written while e-mail was off: not sent) */
                    status?: "pending" | "sent" | "failed" | "off";
                    /** @description The page of messages, newest first */
                    page?: number;
                    /** @description The number of messages on each page */
                    per_page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Whether e-mail is on (CALENDAR_SMTP_URL set on the node that answered) */
                            enabled: boolean;
                            /** @description How many messages the outbox holds in each status */
                            counts: {
                                pending: number;
                                sent: number;
                                failed: number;
                                off: number;
                            };
                            total: number;
                            total_pages: number;
                            messages: components["schemas"]["OutboxMessage"][];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/outbox/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns one message of the e-mail outbox */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The outbox message ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OutboxMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/outbox/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a failed message, or one kept while e-mail was off, again: pending now, its attempts counted anew */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The outbox message ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OutboxMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Writes a test message into the outbox, to check the SMTP settings */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The address the test message goes to */
                        to: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OutboxMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Imports the events of an iCalendar document (text/calendar), matched by UID: created, updated when newer, unchanged otherwise (additive) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description Import in the background (202) whatever the document's size; documents of more than CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS VEVENTs always are (decision 0091) */
                    background?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "text/calendar": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Events (and exceptions of series) created */
                            created: {
                                /** @description The VEVENT's UID */
                                uid: string;
                                /** @description For an exception of a series: the original local start it replaces (RECURRENCE-ID) */
                                recurrence_id: string | null;
                                /** @description The event's ID here */
                                id: number;
                                /** @description The VEVENT's SUMMARY */
                                title: string;
                            }[];
                            /** @description Events updated: the file held a newer version (SEQUENCE or LAST-MODIFIED) */
                            updated: {
                                /** @description The VEVENT's UID */
                                uid: string;
                                /** @description For an exception of a series: the original local start it replaces (RECURRENCE-ID) */
                                recurrence_id: string | null;
                                /** @description The event's ID here */
                                id: number;
                                /** @description The VEVENT's SUMMARY */
                                title: string;
                            }[];
                            /** @description Events imported before, or exported from here, in the same version */
                            unchanged: {
                                /** @description The VEVENT's UID */
                                uid: string;
                                /** @description For an exception of a series: the original local start it replaces (RECURRENCE-ID) */
                                recurrence_id: string | null;
                                /** @description The event's ID here */
                                id: number;
                                /** @description The VEVENT's SUMMARY */
                                title: string;
                            }[];
                            /** @description VEVENTs left out, with the reason */
                            skipped: {
                                uid: string;
                                recurrence_id: string | null;
                                /** @description The line of the VEVENT's BEGIN */
                                line: number;
                                reason: string;
                            }[];
                        };
                    };
                };
                /** @description A big iCalendar import run in the background, a unit of UIDs at a time (decision 0091) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /**
                             * @description running; cancelling (a cancel was asked, it stops at its next unit); completed (errors, if any, listed); failed (reason says why); cancelled; interrupted (its node stopped or died: send the document again, and events imported already come back unchanged)
                             * @enum {string}
                             */
                            state: "running" | "cancelling" | "completed" | "failed" | "cancelled" | "interrupted";
                            /** @description VEVENTs in the document */
                            total: number;
                            /** @description VEVENTs handled so far, whatever their outcome */
                            done: number;
                            created: number;
                            updated: number;
                            unchanged: number;
                            skipped: number;
                            /** @description VEVENTs refused (each UID's reason in errors); the others are imported */
                            failed: number;
                            /** @description The first 100 VEVENTs refused or skipped, with the reason */
                            errors: string[];
                            error_count: number;
                            /** @description Why a failed or interrupted run stopped */
                            reason: string | null;
                            started_by: number | null;
                            /** @description UTC */
                            started_at: string;
                            /** @description UTC; null while running */
                            finished_at: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/calendars/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns a background iCalendar import: its state, counts and errors, from whichever node runs it */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The calendar import's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A big iCalendar import run in the background, a unit of UIDs at a time (decision 0091) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /**
                             * @description running; cancelling (a cancel was asked, it stops at its next unit); completed (errors, if any, listed); failed (reason says why); cancelled; interrupted (its node stopped or died: send the document again, and events imported already come back unchanged)
                             * @enum {string}
                             */
                            state: "running" | "cancelling" | "completed" | "failed" | "cancelled" | "interrupted";
                            /** @description VEVENTs in the document */
                            total: number;
                            /** @description VEVENTs handled so far, whatever their outcome */
                            done: number;
                            created: number;
                            updated: number;
                            unchanged: number;
                            skipped: number;
                            /** @description VEVENTs refused (each UID's reason in errors); the others are imported */
                            failed: number;
                            /** @description The first 100 VEVENTs refused or skipped, with the reason */
                            errors: string[];
                            error_count: number;
                            /** @description Why a failed or interrupted run stopped */
                            reason: string | null;
                            started_by: number | null;
                            /** @description UTC */
                            started_at: string;
                            /** @description UTC; null while running */
                            finished_at: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/calendars/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asks a running background iCalendar import to stop; it stops between units of work, what it imported stays */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The calendar import's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A big iCalendar import run in the background, a unit of UIDs at a time (decision 0091) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /**
                             * @description running; cancelling (a cancel was asked, it stops at its next unit); completed (errors, if any, listed); failed (reason says why); cancelled; interrupted (its node stopped or died: send the document again, and events imported already come back unchanged)
                             * @enum {string}
                             */
                            state: "running" | "cancelling" | "completed" | "failed" | "cancelled" | "interrupted";
                            /** @description VEVENTs in the document */
                            total: number;
                            /** @description VEVENTs handled so far, whatever their outcome */
                            done: number;
                            created: number;
                            updated: number;
                            unchanged: number;
                            skipped: number;
                            /** @description VEVENTs refused (each UID's reason in errors); the others are imported */
                            failed: number;
                            /** @description The first 100 VEVENTs refused or skipped, with the reason */
                            errors: string[];
                            error_count: number;
                            /** @description Why a failed or interrupted run stopped */
                            reason: string | null;
                            started_by: number | null;
                            /** @description UTC */
                            started_at: string;
                            /** @description UTC; null while running */
                            finished_at: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Imports events, venues or organizers from a CSV file (text/csv) with the columns of the original's CSV importer; each row all or nothing, bad rows reported by line (additive) */
        post: {
            parameters: {
                query: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description What the rows are: events, venues or organizers */
                    type: "events" | "venues" | "organizers";
                    /** @description The file's headers to columns, as a JSON object ({"Title": "Event Name", "Notes": ""}): a column's label or key, "" to leave one out; other headers are read by their name */
                    map?: {
                        [key: string]: string;
                    } | string | Record<string, never>;
                    /** @description Check every row and answer the report, writing nothing */
                    dry_run?: boolean;
                    /** @description The status of the records created (default publish, as the original's importer) */
                    status?: "publish" | "future" | "draft" | "pending" | "private";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "text/csv": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            type: string;
                            dry_run: boolean;
                            /** @description Each header of the file and the column key it was read as (null: not imported) */
                            columns: {
                                [key: string]: string | null;
                            };
                            /** @description Rows read */
                            rows: number;
                            /** @description Rows imported (a dry run: that would be); a venue or organizer identical to an existing one is reused, not made twice */
                            imported: number;
                            /** @description Rows refused: nothing of them is written */
                            failed: number;
                            /** @description Rows left when the request's time ran short: send them again from resume_line, or use the CLI */
                            not_done: number;
                            resume_line: number | null;
                            /** @description The refused rows (the first 1000) with their problems */
                            problems: {
                                /** @description The line of the file the row starts on (the header is line 1) */
                                line: number;
                                problems: string[];
                            }[];
                            /** @description The first 10 rows as read, by column key, with their problems */
                            preview: {
                                line: number;
                                values: {
                                    [key: string]: string;
                                };
                                problems: string[];
                            }[];
                            /** @description Every column of the type, in the original's order: what a header can be mapped to (by key or label) in `map`, for a mapping step such as the admin's (additive) */
                            fields: {
                                key: string;
                                label: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the recent site imports, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The 20 most recent runs, newest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SiteImport"][];
                    };
                };
            };
        };
        put?: never;
        /** Starts importing a The Events Calendar site (as the import-tec command does) in the background; answers 202 with the run, to follow at its Location */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site running The Events Calendar: its address, its REST root (…/wp-json) or its tribe/events/v1 URL; http or https, on a public address */
                        url: string;
                        /** @description A WordPress login on the source, to read drafts, pending, private and password-protected records too; with app_password */
                        user?: string;
                        /** @description An application password of `user` on the source: used by this run only, kept in the memory of the node running it, never stored or shown */
                        app_password?: string;
                        /** @description Remove the records copied before whose source record was deleted (default false: they are only reported) */
                        prune?: boolean;
                        /** @description Keep the source's HTML as it is, scripts and event handlers included (default false: titles, descriptions, excerpts, venue and organizer fields and terms are filtered as an author's text is; decision 0092). Administrators only, as every site import; no effect under CALENDAR_DISALLOW_UNFILTERED_HTML */
                        keep_html?: boolean;
                    };
                };
            };
            responses: {
                /** @description A run of the site import (decision 0071) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SiteImport"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/sites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns a site import: its state and progress, from whichever node runs it */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The site import's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A run of the site import (decision 0071) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SiteImport"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/sites/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asks a running site import to stop; it stops between units of work, what it wrote stays */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The site import's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A run of the site import (decision 0071) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SiteImport"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import-sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns every import source */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** Adds an import source: a feed, a site of The Events Calendar or another instance, imported on its schedule */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A name for people */
                        name: string;
                        /** @description ical: the feed's http, https or webcal address; tec and instance: the site's address. On a public address (the address guard of webhooks and site imports) */
                        url: string;
                        /**
                         * @description How often it runs by itself; manual: only when asked (run)
                         * @enum {string}
                         */
                        schedule?: "manual" | "hourly" | "daily" | "weekly";
                        /** @description The user imported events are written by (their author); null: the user who added the source */
                        author?: number | null;
                        /** @description A paused source runs only when asked */
                        paused?: boolean;
                        /** @description What imported events get and which are imported; left out: the defaults */
                        settings?: {
                            /**
                             * @description The status events created or updated by the source get (an event the source marks private stays private)
                             * @enum {string}
                             */
                            status?: "draft" | "pending" | "publish";
                            /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                            categories?: string[];
                            /** @description Tags (names or slugs; created when missing) every imported event gets */
                            tags?: string[];
                            /**
                             * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                             * @enum {string}
                             */
                            places?: "match" | "none";
                            filters?: {
                                /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                words: string[];
                                /** @description Only events the source puts in this category (its name, any case) */
                                category: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or after this day */
                                starts_after: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or before this day */
                                starts_before: string | null;
                            };
                            /**
                             * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                             * @enum {string}
                             */
                            on_removed?: "trash" | "keep";
                            /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                            overwrite_local_edits?: boolean;
                        };
                        /**
                         * @description ical: an iCalendar or webcal feed; tec: a site of The Events Calendar (administrators only, as site imports); instance: another instance of this service (read as a TEC site)
                         * @enum {string}
                         */
                        kind: "ical" | "tec" | "instance";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import-sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns an import source, with why its last run failed */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        /** Changes an import source (partial); a new schedule, or resuming, makes it due at once */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A name for people */
                        name?: string;
                        /** @description ical: the feed's http, https or webcal address; tec and instance: the site's address. On a public address (the address guard of webhooks and site imports) */
                        url?: string;
                        /**
                         * @description How often it runs by itself; manual: only when asked (run)
                         * @enum {string}
                         */
                        schedule?: "manual" | "hourly" | "daily" | "weekly";
                        /** @description The user imported events are written by (their author); null: the user who added the source */
                        author?: number | null;
                        /** @description A paused source runs only when asked */
                        paused?: boolean;
                        /** @description What imported events get and which are imported; left out: the defaults */
                        settings?: {
                            /**
                             * @description The status events created or updated by the source get (an event the source marks private stays private)
                             * @enum {string}
                             */
                            status?: "draft" | "pending" | "publish";
                            /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                            categories?: string[];
                            /** @description Tags (names or slugs; created when missing) every imported event gets */
                            tags?: string[];
                            /**
                             * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                             * @enum {string}
                             */
                            places?: "match" | "none";
                            filters?: {
                                /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                words: string[];
                                /** @description Only events the source puts in this category (its name, any case) */
                                category: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or after this day */
                                starts_after: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or before this day */
                                starts_before: string | null;
                            };
                            /**
                             * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                             * @enum {string}
                             */
                            on_removed?: "trash" | "keep";
                            /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                            overwrite_local_edits?: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        /** Changes an import source (partial); a new schedule, or resuming, makes it due at once */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A name for people */
                        name?: string;
                        /** @description ical: the feed's http, https or webcal address; tec and instance: the site's address. On a public address (the address guard of webhooks and site imports) */
                        url?: string;
                        /**
                         * @description How often it runs by itself; manual: only when asked (run)
                         * @enum {string}
                         */
                        schedule?: "manual" | "hourly" | "daily" | "weekly";
                        /** @description The user imported events are written by (their author); null: the user who added the source */
                        author?: number | null;
                        /** @description A paused source runs only when asked */
                        paused?: boolean;
                        /** @description What imported events get and which are imported; left out: the defaults */
                        settings?: {
                            /**
                             * @description The status events created or updated by the source get (an event the source marks private stays private)
                             * @enum {string}
                             */
                            status?: "draft" | "pending" | "publish";
                            /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                            categories?: string[];
                            /** @description Tags (names or slugs; created when missing) every imported event gets */
                            tags?: string[];
                            /**
                             * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                             * @enum {string}
                             */
                            places?: "match" | "none";
                            filters?: {
                                /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                words: string[];
                                /** @description Only events the source puts in this category (its name, any case) */
                                category: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or after this day */
                                starts_after: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or before this day */
                                starts_before: string | null;
                            };
                            /**
                             * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                             * @enum {string}
                             */
                            on_removed?: "trash" | "keep";
                            /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                            overwrite_local_edits?: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        /** Removes an import source; the events it brought stay, its runs stay without it */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Changes an import source (partial); a new schedule, or resuming, makes it due at once */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A name for people */
                        name?: string;
                        /** @description ical: the feed's http, https or webcal address; tec and instance: the site's address. On a public address (the address guard of webhooks and site imports) */
                        url?: string;
                        /**
                         * @description How often it runs by itself; manual: only when asked (run)
                         * @enum {string}
                         */
                        schedule?: "manual" | "hourly" | "daily" | "weekly";
                        /** @description The user imported events are written by (their author); null: the user who added the source */
                        author?: number | null;
                        /** @description A paused source runs only when asked */
                        paused?: boolean;
                        /** @description What imported events get and which are imported; left out: the defaults */
                        settings?: {
                            /**
                             * @description The status events created or updated by the source get (an event the source marks private stays private)
                             * @enum {string}
                             */
                            status?: "draft" | "pending" | "publish";
                            /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                            categories?: string[];
                            /** @description Tags (names or slugs; created when missing) every imported event gets */
                            tags?: string[];
                            /**
                             * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                             * @enum {string}
                             */
                            places?: "match" | "none";
                            filters?: {
                                /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                words: string[];
                                /** @description Only events the source puts in this category (its name, any case) */
                                category: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or after this day */
                                starts_after: string | null;
                                /** @description Only events (series: whose first occurrence) starting on or before this day */
                                starts_before: string | null;
                            };
                            /**
                             * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                             * @enum {string}
                             */
                            on_removed?: "trash" | "keep";
                            /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                            overwrite_local_edits?: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/import-sources/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pauses an import source: it runs only when asked */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import-sources/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resumes a paused import source: it runs at once, then on its schedule */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            kind: "ical" | "tec" | "instance";
                            url: string;
                            /** @enum {string} */
                            schedule: "manual" | "hourly" | "daily" | "weekly";
                            /** @description The user imported events are written by; null: the user who added it */
                            author: number | null;
                            paused: boolean;
                            settings: {
                                /**
                                 * @description The status events created or updated by the source get (an event the source marks private stays private)
                                 * @enum {string}
                                 */
                                status: "draft" | "pending" | "publish";
                                /** @description Categories (names or slugs; created when missing) every imported event gets, beside its own */
                                categories: string[];
                                /** @description Tags (names or slugs; created when missing) every imported event gets */
                                tags: string[];
                                /**
                                 * @description match: venues and organizers are matched by name, created when missing; none: events are imported without them
                                 * @enum {string}
                                 */
                                places: "match" | "none";
                                filters: {
                                    /** @description Only events whose title or description holds one of these words (any case); none: every event */
                                    words: string[];
                                    /** @description Only events the source puts in this category (its name, any case) */
                                    category: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or after this day */
                                    starts_after: string | null;
                                    /** @description Only events (series: whose first occurrence) starting on or before this day */
                                    starts_before: string | null;
                                };
                                /**
                                 * @description What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept
                                 * @enum {string}
                                 */
                                on_removed: "trash" | "keep";
                                /** @description true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118) */
                                overwrite_local_edits: boolean;
                            };
                            /** @description UTC: when it runs next by itself; null when manual or paused */
                            next_run_at: string | null;
                            /** @description Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117) */
                            failures: number;
                            /** @description Why the last run failed; null once one succeeds */
                            last_error: string | null;
                            /** @description The ID of its live run, if any */
                            running: number | null;
                            /** @description Who added it */
                            created_by: number | null;
                            /** @description UTC */
                            created_at: string;
                            /** @description UTC */
                            modified_at: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import-sources/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Runs an import source now, in the background of the node that accepts it; answers 202 with the run, to follow at its Location */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description The source's ID; null once it was deleted */
                            source: number | null;
                            /**
                             * @description interrupted: its node stopped or died; the source runs again at once and resumes it
                             * @enum {string}
                             */
                            state: "running" | "cancelling" | "completed" | "failed" | "cancelled" | "interrupted";
                            /**
                             * @description not-modified: the source answered 304 to the conditional request, nothing was written
                             * @enum {string}
                             */
                            fetched: "pending" | "changed" | "not-modified";
                            /** @description VEVENTs (or records) in the source */
                            total: number;
                            created: number;
                            updated: number;
                            unchanged: number;
                            /** @description Events moved to the trash: gone from the source, or no longer passing the filters */
                            trashed: number;
                            /** @description Events changed at the source but left as edited here (overwrite_local_edits false) */
                            kept: number;
                            /** @description VEVENTs left out (filtered out, unreadable, or for the reason listed in errors) */
                            skipped: number;
                            /** @description VEVENTs refused, each with its reason in errors */
                            failed: number;
                            /** @description The first 100 failures and skips, with the reason */
                            errors: string[];
                            error_count: number;
                            /** @description Why a failed or interrupted run stopped */
                            reason: string | null;
                            /** @description Who asked for it; null for a scheduled run */
                            started_by: number | null;
                            /** @description UTC */
                            started_at: string;
                            /** @description UTC; null while running */
                            finished_at: string | null;
                            /** @description How long it ran; null while running */
                            duration_ms: number | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import-sources/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the runs of an import source, newest first (the last 50): counts, errors and duration */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description The source's ID; null once it was deleted */
                            source: number | null;
                            /**
                             * @description interrupted: its node stopped or died; the source runs again at once and resumes it
                             * @enum {string}
                             */
                            state: "running" | "cancelling" | "completed" | "failed" | "cancelled" | "interrupted";
                            /**
                             * @description not-modified: the source answered 304 to the conditional request, nothing was written
                             * @enum {string}
                             */
                            fetched: "pending" | "changed" | "not-modified";
                            /** @description VEVENTs (or records) in the source */
                            total: number;
                            created: number;
                            updated: number;
                            unchanged: number;
                            /** @description Events moved to the trash: gone from the source, or no longer passing the filters */
                            trashed: number;
                            /** @description Events changed at the source but left as edited here (overwrite_local_edits false) */
                            kept: number;
                            /** @description VEVENTs left out (filtered out, unreadable, or for the reason listed in errors) */
                            skipped: number;
                            /** @description VEVENTs refused, each with its reason in errors */
                            failed: number;
                            /** @description The first 100 failures and skips, with the reason */
                            errors: string[];
                            error_count: number;
                            /** @description Why a failed or interrupted run stopped */
                            reason: string | null;
                            /** @description Who asked for it; null for a scheduled run */
                            started_by: number | null;
                            /** @description UTC */
                            started_at: string;
                            /** @description UTC; null while running */
                            finished_at: string | null;
                            /** @description How long it ran; null while running */
                            duration_ms: number | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import-sources/{id}/runs/{run}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns a run of an import source, from whichever node runs it */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The import source's ID */
                    id: number;
                    /** @description The run's ID */
                    run: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description The source's ID; null once it was deleted */
                            source: number | null;
                            /**
                             * @description interrupted: its node stopped or died; the source runs again at once and resumes it
                             * @enum {string}
                             */
                            state: "running" | "cancelling" | "completed" | "failed" | "cancelled" | "interrupted";
                            /**
                             * @description not-modified: the source answered 304 to the conditional request, nothing was written
                             * @enum {string}
                             */
                            fetched: "pending" | "changed" | "not-modified";
                            /** @description VEVENTs (or records) in the source */
                            total: number;
                            created: number;
                            updated: number;
                            unchanged: number;
                            /** @description Events moved to the trash: gone from the source, or no longer passing the filters */
                            trashed: number;
                            /** @description Events changed at the source but left as edited here (overwrite_local_edits false) */
                            kept: number;
                            /** @description VEVENTs left out (filtered out, unreadable, or for the reason listed in errors) */
                            skipped: number;
                            /** @description VEVENTs refused, each with its reason in errors */
                            failed: number;
                            /** @description The first 100 failures and skips, with the reason */
                            errors: string[];
                            error_count: number;
                            /** @description Why a failed or interrupted run stopped */
                            reason: string | null;
                            /** @description Who asked for it; null for a scheduled run */
                            started_by: number | null;
                            /** @description UTC */
                            started_at: string;
                            /** @description UTC; null while running */
                            finished_at: string | null;
                            /** @description How long it ran; null while running */
                            duration_ms: number | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the user the session cookie signs in, the session's nonce and its expiry */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CurrentSession"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the caller's live sessions, the most recently used first */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"][];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Ends every session of the caller ("Sign out everywhere"), this one included */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            /** @description How many sessions ended */
                            count: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ends one of the caller's sessions */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The session ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            /** @description How many sessions ended */
                            count: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the uploaded images, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description The page of the library, newest first */
                    page?: number;
                    /** @description The number of items on each page */
                    per_page?: number;
                    /** @description Items whose title or alternative text contains this text */
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MediaList"];
                    };
                };
            };
        };
        put?: never;
        /** Uploads an image (JPEG, PNG, WebP or GIF, at most CALENDAR_MEDIA_MAX_BYTES): its metadata is removed and its sizes made; its id is what `image` takes */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The image: JPEG, PNG, WebP or GIF (its type is read from its bytes; the name's extension must agree)
                         */
                        file: string;
                        /** @description The title; the file name without its extension by default */
                        title?: string;
                        /** @description The alternative text for readers who cannot see the image */
                        alt_text?: string;
                    };
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                    "image/gif": string;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Media"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns an uploaded image */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The media item ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Media"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Deletes an uploaded image and its files (the uploader's own, or any for editors); records that showed it show none; answers what it was */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The media item ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Media"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/community/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the pending community submissions with the address each was sent from, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                    /** @description Only these event IDs (those the review queue shows) */
                    include?: number[];
                    /** @description The sender's address as the service saw it (an IPv6 address as its /64 network) */
                    address?: string;
                    /** @description The most submissions listed, newest first */
                    per_page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            submissions: {
                                /** @description The pending event the community form stored */
                                event: number;
                                /** @description The sender's address as the service saw it (an IPv6 address as its /64 network) */
                                address: string;
                                /** @description The signed-in sender's user ID; 0 when anonymous */
                                author: number;
                                /** @description When it was sent, UTC (Y-m-d H:i:s) */
                                submitted_at: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/community/submissions/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rejects every pending community submission from one address: its events, and the pending venues and organizers they created that no other event links, go to the trash; answers the counts */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The sender's address as the service saw it (an IPv6 address as its /64 network) */
                        address: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The sender's address as the service saw it (an IPv6 address as its /64 network) */
                            address: string;
                            /** @description Pending events sent from the address, now in the trash */
                            events: number;
                            /** @description Pending venues they created that no other event links, now in the trash */
                            venues: number;
                            /** @description Pending organizers they created that no other event links, now in the trash */
                            organizers: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the tickets, with their availability computed now */
        get: {
            parameters: {
                query?: {
                    /** @description The page of results to return */
                    page?: number;
                    /** @description How many tickets to return per page */
                    per_page?: number;
                    /** @description Tickets whose name or description contain this text */
                    search?: string;
                    /** @description Skip this many tickets before the page */
                    offset?: number;
                    /** @description ASC (the default) or DESC */
                    order?: "ASC" | "DESC" | "asc" | "desc";
                    /** @description id (the default) or title; include and slug order by id */
                    orderby?: "id" | "title" | "include" | "slug";
                    /** @description Tickets that have (true) or have not (false) places left and are on sale now */
                    is_available?: boolean;
                    /** @description Tickets of these providers: rsvp (free) or tickets-commerce (priced) */
                    provider?: string[];
                    /** @description Tickets created on or after this UTC date */
                    after?: string;
                    /** @description Tickets created on or before this UTC date */
                    before?: string;
                    /** @description Only these ticket IDs */
                    include?: number[];
                    /** @description Not these ticket IDs */
                    exclude?: number[];
                    /** @description Tickets of these events */
                    include_post?: number[];
                    /** @description Not the tickets of these events */
                    exclude_post?: number[];
                    /** @description Tickets in these statuses; defaults to publish for those who may not edit every event */
                    status?: string[];
                    /** @description Tickets with at least this many attendees (only for those who may edit every event) */
                    attendees_min?: number;
                    /** @description Tickets with at most this many attendees (only for those who may edit every event) */
                    attendees_max?: number;
                    /** @description Tickets with at least this many checked-in attendees (only for those who may edit every event) */
                    checkedin_min?: number;
                    /** @description Tickets with at most this many checked-in attendees (only for those who may edit every event) */
                    checkedin_max?: number;
                    /** @description Tickets with at least this capacity (only for those who may edit every event) */
                    capacity_min?: number;
                    /** @description Tickets with at most this capacity (only for those who may edit every event) */
                    capacity_max?: number;
                    /** @description Return every tickets created, changed or deleted since this token (from X-Sync-Token or next_sync_token of an earlier answer), in the order of the changes, removed or no longer visible ones as {"id", "deleted": true, "deleted_at"}; follow next_rest_url to the last page, which carries next_sync_token. Paging and the language combine with it, other filters do not (400); a token older than the kept history answers 410 rest_sync_token_expired (additive) */
                    sync_token?: string;
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TicketArchive"];
                    };
                };
            };
        };
        put?: never;
        /** Creates a ticket (or a free RSVP) for an event the caller may edit */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The ticket name */
                        name?: string;
                        /** @description The ticket name (the MCP server sends it so) */
                        title?: string;
                        /** @description The ticket description */
                        description?: string;
                        /** @description The ticket description (the MCP server sends it so) */
                        content?: string;
                        /** @description The ticket description, when no other is given */
                        excerpt?: string;
                        /**
                         * @description The ticket status (publish by default)
                         * @enum {string}
                         */
                        status?: "publish" | "draft" | "pending" | "private";
                        /** @description The price: a number ≥ 0, or text holding one ("$25.00"); 0 or "Free" is a free RSVP */
                        price?: string | number;
                        /** @description The ISO 4217 currency code (USD by default) */
                        currency?: string;
                        /** @description The stock keeping unit */
                        sku?: string;
                        /**
                         * @description own (the default when a capacity is given), shared with the event's other shared tickets, or unlimited (the default otherwise)
                         * @enum {string}
                         */
                        capacity_mode?: "own" | "shared" | "unlimited";
                        /** @description The ticket's places (own), or its cap within the shared pool; never negative */
                        capacity?: number;
                        /** @description The ticket's places when no capacity is given (the MCP server sends it so) */
                        stock?: number;
                        /** @description The places the event's shared tickets draw on together; sets the event's pool */
                        shared_capacity?: number;
                        /** @description When the sale starts (Y-m-d H:i:s, the site's time zone) */
                        start_date?: string;
                        /** @description When the sale ends (Y-m-d H:i:s, the site's time zone) */
                        end_date?: string;
                        /** @description When the sale starts (the original's name) */
                        available_from?: string;
                        /** @description When the sale ends (the original's name) */
                        available_until?: string;
                        /** @description What each attendee is asked */
                        attendee_fields?: {
                            label: string;
                            /** @enum {string} */
                            type: "text" | "choice" | "checkbox";
                            /** @description The choices of a `choice` field */
                            options?: string[];
                            /** @default false */
                            required?: boolean;
                        }[];
                        /** @description Where a priced ticket is bought elsewhere (http or https; empty for none): the event page links to it, as no payment is taken here */
                        buy_url?: string;
                        /** @description When full, visitors may join a waitlist, promoted in order as places are freed (decision 0126) */
                        waitlist?: boolean;
                        /** @description The event the ticket is for */
                        event?: number;
                        /** @description The event the ticket is for (the original's name) */
                        post_id?: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns a ticket, with its availability computed now */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The ticket ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
            };
        };
        /** Updates a ticket of an event the caller may edit (partial) */
        put: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The ticket ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The ticket name */
                        name?: string;
                        /** @description The ticket name (the MCP server sends it so) */
                        title?: string;
                        /** @description The ticket description */
                        description?: string;
                        /** @description The ticket description (the MCP server sends it so) */
                        content?: string;
                        /** @description The ticket description, when no other is given */
                        excerpt?: string;
                        /**
                         * @description The ticket status (publish by default)
                         * @enum {string}
                         */
                        status?: "publish" | "draft" | "pending" | "private";
                        /** @description The price: a number ≥ 0, or text holding one ("$25.00"); 0 or "Free" is a free RSVP */
                        price?: string | number;
                        /** @description The ISO 4217 currency code (USD by default) */
                        currency?: string;
                        /** @description The stock keeping unit */
                        sku?: string;
                        /**
                         * @description own (the default when a capacity is given), shared with the event's other shared tickets, or unlimited (the default otherwise)
                         * @enum {string}
                         */
                        capacity_mode?: "own" | "shared" | "unlimited";
                        /** @description The ticket's places (own), or its cap within the shared pool; never negative */
                        capacity?: number;
                        /** @description The ticket's places when no capacity is given (the MCP server sends it so) */
                        stock?: number;
                        /** @description The places the event's shared tickets draw on together; sets the event's pool */
                        shared_capacity?: number;
                        /** @description When the sale starts (Y-m-d H:i:s, the site's time zone) */
                        start_date?: string;
                        /** @description When the sale ends (Y-m-d H:i:s, the site's time zone) */
                        end_date?: string;
                        /** @description When the sale starts (the original's name) */
                        available_from?: string;
                        /** @description When the sale ends (the original's name) */
                        available_until?: string;
                        /** @description What each attendee is asked */
                        attendee_fields?: {
                            label: string;
                            /** @enum {string} */
                            type: "text" | "choice" | "checkbox";
                            /** @description The choices of a `choice` field */
                            options?: string[];
                            /** @default false */
                            required?: boolean;
                        }[];
                        /** @description Where a priced ticket is bought elsewhere (http or https; empty for none): the event page links to it, as no payment is taken here */
                        buy_url?: string;
                        /** @description When full, visitors may join a waitlist, promoted in order as places are freed (decision 0126) */
                        waitlist?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
            };
        };
        /** Updates a ticket of an event the caller may edit (partial) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The ticket ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The ticket name */
                        name?: string;
                        /** @description The ticket name (the MCP server sends it so) */
                        title?: string;
                        /** @description The ticket description */
                        description?: string;
                        /** @description The ticket description (the MCP server sends it so) */
                        content?: string;
                        /** @description The ticket description, when no other is given */
                        excerpt?: string;
                        /**
                         * @description The ticket status (publish by default)
                         * @enum {string}
                         */
                        status?: "publish" | "draft" | "pending" | "private";
                        /** @description The price: a number ≥ 0, or text holding one ("$25.00"); 0 or "Free" is a free RSVP */
                        price?: string | number;
                        /** @description The ISO 4217 currency code (USD by default) */
                        currency?: string;
                        /** @description The stock keeping unit */
                        sku?: string;
                        /**
                         * @description own (the default when a capacity is given), shared with the event's other shared tickets, or unlimited (the default otherwise)
                         * @enum {string}
                         */
                        capacity_mode?: "own" | "shared" | "unlimited";
                        /** @description The ticket's places (own), or its cap within the shared pool; never negative */
                        capacity?: number;
                        /** @description The ticket's places when no capacity is given (the MCP server sends it so) */
                        stock?: number;
                        /** @description The places the event's shared tickets draw on together; sets the event's pool */
                        shared_capacity?: number;
                        /** @description When the sale starts (Y-m-d H:i:s, the site's time zone) */
                        start_date?: string;
                        /** @description When the sale ends (Y-m-d H:i:s, the site's time zone) */
                        end_date?: string;
                        /** @description When the sale starts (the original's name) */
                        available_from?: string;
                        /** @description When the sale ends (the original's name) */
                        available_until?: string;
                        /** @description What each attendee is asked */
                        attendee_fields?: {
                            label: string;
                            /** @enum {string} */
                            type: "text" | "choice" | "checkbox";
                            /** @description The choices of a `choice` field */
                            options?: string[];
                            /** @default false */
                            required?: boolean;
                        }[];
                        /** @description Where a priced ticket is bought elsewhere (http or https; empty for none): the event page links to it, as no payment is taken here */
                        buy_url?: string;
                        /** @description When full, visitors may join a waitlist, promoted in order as places are freed (decision 0126) */
                        waitlist?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
            };
        };
        /** Deletes a ticket and its attendees; answers what it was */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The ticket ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            previous: components["schemas"]["Ticket"];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates a ticket of an event the caller may edit (partial) */
        patch: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The ticket ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The ticket name */
                        name?: string;
                        /** @description The ticket name (the MCP server sends it so) */
                        title?: string;
                        /** @description The ticket description */
                        description?: string;
                        /** @description The ticket description (the MCP server sends it so) */
                        content?: string;
                        /** @description The ticket description, when no other is given */
                        excerpt?: string;
                        /**
                         * @description The ticket status (publish by default)
                         * @enum {string}
                         */
                        status?: "publish" | "draft" | "pending" | "private";
                        /** @description The price: a number ≥ 0, or text holding one ("$25.00"); 0 or "Free" is a free RSVP */
                        price?: string | number;
                        /** @description The ISO 4217 currency code (USD by default) */
                        currency?: string;
                        /** @description The stock keeping unit */
                        sku?: string;
                        /**
                         * @description own (the default when a capacity is given), shared with the event's other shared tickets, or unlimited (the default otherwise)
                         * @enum {string}
                         */
                        capacity_mode?: "own" | "shared" | "unlimited";
                        /** @description The ticket's places (own), or its cap within the shared pool; never negative */
                        capacity?: number;
                        /** @description The ticket's places when no capacity is given (the MCP server sends it so) */
                        stock?: number;
                        /** @description The places the event's shared tickets draw on together; sets the event's pool */
                        shared_capacity?: number;
                        /** @description When the sale starts (Y-m-d H:i:s, the site's time zone) */
                        start_date?: string;
                        /** @description When the sale ends (Y-m-d H:i:s, the site's time zone) */
                        end_date?: string;
                        /** @description When the sale starts (the original's name) */
                        available_from?: string;
                        /** @description When the sale ends (the original's name) */
                        available_until?: string;
                        /** @description What each attendee is asked */
                        attendee_fields?: {
                            label: string;
                            /** @enum {string} */
                            type: "text" | "choice" | "checkbox";
                            /** @description The choices of a `choice` field */
                            options?: string[];
                            /** @default false */
                            required?: boolean;
                        }[];
                        /** @description Where a priced ticket is bought elsewhere (http or https; empty for none): the event page links to it, as no payment is taken here */
                        buy_url?: string;
                        /** @description When full, visitors may join a waitlist, promoted in order as places are freed (decision 0126) */
                        waitlist?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/attendees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Returns the attendees of the events the caller may edit
         * @description With Accept: text/csv, every attendee matching the filters (not a page: page and per_page do not apply), streamed as CSV, cells that would start a formula quoted (additive; the admin's export).
         */
        get: {
            parameters: {
                query?: {
                    /** @description The page of results to return */
                    page?: number;
                    /** @description How many attendees to return per page */
                    per_page?: number;
                    /** @description Attendees whose name or e-mail contain this text */
                    search?: string;
                    /** @description Attendees of these events */
                    post_id?: number[];
                    /** @description Attendees of these events */
                    include_post?: number[];
                    /** @description Not the attendees of these events */
                    exclude_post?: number[];
                    /** @description Attendees of these tickets */
                    ticket_id?: number[];
                    /** @description Attendees of these tickets */
                    include_ticket?: number[];
                    /** @description Not the attendees of these tickets */
                    exclude_ticket?: number[];
                    /** @description Only these attendee IDs */
                    include?: number[];
                    /** @description Not these attendee IDs */
                    exclude?: number[];
                    /** @description Attendees created on or after this UTC date */
                    after?: string;
                    /** @description Attendees created on or before this UTC date */
                    before?: string;
                    /** @description Checked-in (true) or not (false) attendees */
                    checkedin?: boolean;
                    /** @description The seats of one RSVP */
                    order_id?: string;
                    /** @description Attendees in these RSVP statuses (going, not-going, cancelled, waitlisted) */
                    rsvp_going_status?: ("going" | "not-going" | "cancelled" | "waitlisted")[];
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AttendeeArchive"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attendees/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns an attendee of an event the caller may edit */
        get: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The attendee ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Attendee"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attendees/{id}/check-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checks an attendee in (again is harmless) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The attendee ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Attendee"];
                    };
                };
            };
        };
        /** Checks an attendee out */
        delete: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The attendee ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Attendee"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checks in the attendee a QR code names (the original's qr route, as a POST: a GET changes nothing here) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The attendee ID (the original calls it ticket_id) */
                        ticket_id: number;
                        /** @description The attendee's security code, from the QR code */
                        security_code: string;
                        /** @description Ignored: the caller authenticates as a user who may edit the event */
                        api_key?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            msg: string;
                            attendee: components["schemas"]["Attendee"];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tickets/{id}/rsvps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** RSVPs for a ticket: makes one attendee per place, within the places left (409 when there are not enough) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The ticket ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Who is coming */
                        name: string;
                        /** @description Their e-mail address */
                        email: string;
                        /**
                         * @description How many places
                         * @default 1
                         */
                        quantity?: number;
                        /**
                         * @description false records a "not going" answer, which takes no place
                         * @default true
                         */
                        going?: boolean;
                        /**
                         * @description When the ticket keeps a waitlist and not enough places are left, join it instead of a 409 (decision 0126)
                         * @default false
                         */
                        waitlist?: boolean;
                        /** @description Attendee field label → answer */
                        answers?: {
                            [key: string]: string | boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The RSVP's reference, shared by its places */
                            order: string;
                            ticket_id: number;
                            status: string;
                            quantity: number;
                            attendees: {
                                id: number;
                                /** @description What the door's QR code carries */
                                security_code: string;
                            }[];
                            availability: {
                                /** @enum {string} */
                                status: "available" | "sold_out" | "unavailable";
                                /** @description Places left; -1 when unlimited */
                                available: number;
                                sold: number;
                                /** @description Always 0: no payments are taken here */
                                pending: number;
                            };
                            /** @description The signed, expiring page where the visitor changes or cancels this RSVP without an account (decision 0125) */
                            manage_url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attendees/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels an attendee's seat: its place is free again (again is harmless) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The attendee ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Attendee"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attendees/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queues the attendee's RSVP confirmation e-mail again (the outbox: calendar/events/v1/mail/outbox) */
        post: {
            parameters: {
                query?: {
                    /** @description The language of the request (a code from the translation plugin) */
                    translation_language?: "sq" | "bs" | "bg" | "hr" | "cs" | "da" | "nl" | "en" | "fr" | "de" | "el" | "hu" | "it" | "mk" | "pl" | "pt-pt" | "ro" | "sr" | "sk" | "sl" | "es" | "sv";
                };
                header?: never;
                path: {
                    /** @description The attendee ID */
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Attendee"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wp/v2/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns the authenticated user */
        get: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A user in WordPress' shape; the members marked context=edit only in that context */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpUser"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wp/v2/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists the users (administrators only), by id, with X-WP-Total and X-WP-TotalPages */
        get: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                    page?: number;
                    per_page?: number;
                    /** @description Part of the login, e-mail address or name */
                    search?: string;
                    /** @description Users with any of these roles, comma-separated */
                    roles?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpUser"][];
                    };
                };
            };
        };
        put?: never;
        /** Creates a user (administrators only) */
        post: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        username: string;
                        email: string;
                        password: string;
                        name?: string;
                        /** @description One role; the default is subscriber */
                        roles?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A user in WordPress' shape; the members marked context=edit only in that context */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpUser"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wp/v2/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns a user: oneself, or anyone for administrators */
        get: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A user in WordPress' shape; the members marked context=edit only in that context */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpUser"];
                    };
                };
            };
        };
        /** Updates a user's name, e-mail or password (oneself, or anyone for administrators) or role (administrators, not their own) */
        put: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Not editable: only the current login is accepted */
                        username?: string;
                        email?: string;
                        /** @description A new password ends the user's sessions */
                        password?: string;
                        name?: string;
                        /** @description Administrators only, not their own */
                        roles?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A user in WordPress' shape; the members marked context=edit only in that context */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpUser"];
                    };
                };
            };
        };
        /** Updates a user's name, e-mail or password (oneself, or anyone for administrators) or role (administrators, not their own) */
        post: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Not editable: only the current login is accepted */
                        username?: string;
                        email?: string;
                        /** @description A new password ends the user's sessions */
                        password?: string;
                        name?: string;
                        /** @description Administrators only, not their own */
                        roles?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A user in WordPress' shape; the members marked context=edit only in that context */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpUser"];
                    };
                };
            };
        };
        /** Deletes a user (administrators only, not themselves), their posts reassigned to another user */
        delete: {
            parameters: {
                query: {
                    /** @description Must be true: users are not trashed */
                    force?: boolean;
                    /** @description The user who receives the deleted user's posts */
                    reassign: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            previous: components["schemas"]["WpUser"];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Updates a user's name, e-mail or password (oneself, or anyone for administrators) or role (administrators, not their own) */
        patch: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Not editable: only the current login is accepted */
                        username?: string;
                        email?: string;
                        /** @description A new password ends the user's sessions */
                        password?: string;
                        name?: string;
                        /** @description Administrators only, not their own */
                        roles?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A user in WordPress' shape; the members marked context=edit only in that context */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpUser"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/wp/v2/users/{id}/application-passwords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists a user's application passwords (their own, or anyone's for administrators); the secrets are never shown */
        get: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: "me" | number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpApplicationPassword"][];
                    };
                };
            };
        };
        put?: never;
        /** Creates an application password; the answer shows the password, once */
        post: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: "me" | number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        app_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WpApplicationPassword"];
                    };
                };
            };
        };
        /** Revokes every application password of the user: they stop working at once */
        delete: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: "me" | number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            /** @description How many were revoked */
                            count: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wp/v2/users/{id}/application-passwords/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revokes an application password: it stops working at once */
        delete: {
            parameters: {
                query?: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                };
                header?: never;
                path: {
                    id: "me" | number;
                    uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            previous: components["schemas"]["WpApplicationPassword"];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        EventRecurrence: {
            /** @description The RFC 5545 RRULE, or several */
            rrule: string | unknown[];
            /** @description Extra local starts */
            rdates: string[];
            /** @description Excluded local starts */
            exdates: string[];
        };
        Event: {
            id: number;
            global_id: string;
            global_id_lineage: string[];
            author: string;
            status: string;
            date: string;
            date_utc: string;
            modified: string;
            modified_utc: string;
            url: string;
            rest_url: string;
            title: string;
            description: string;
            excerpt: string;
            slug: string;
            image: {
                [key: string]: unknown;
            } | Record<string, never> | boolean;
            all_day: boolean | null;
            start_date: string;
            start_date_details: {
                year: string;
                month: string;
                day: string;
                hour: string;
                minutes: string;
                seconds: string;
            };
            end_date: string;
            end_date_details: {
                year: string;
                month: string;
                day: string;
                hour: string;
                minutes: string;
                seconds: string;
            };
            utc_start_date: string;
            utc_start_date_details: {
                year: string;
                month: string;
                day: string;
                hour: string;
                minutes: string;
                seconds: string;
            };
            utc_end_date: string;
            utc_end_date_details: {
                year: string;
                month: string;
                day: string;
                hour: string;
                minutes: string;
                seconds: string;
            };
            timezone: string;
            timezone_abbr: string;
            cost: string;
            cost_details: {
                [key: string]: unknown;
            };
            website: string;
            show_map: boolean | null;
            show_map_link: boolean | null;
            hide_from_listings: boolean | null;
            sticky: boolean | null;
            featured: boolean | null;
            categories: {
                [key: string]: unknown;
            }[];
            tags: {
                [key: string]: unknown;
            }[];
            venue: {
                [key: string]: unknown;
            } | Record<string, never> | unknown[];
            organizer: {
                [key: string]: unknown;
            }[];
            custom_fields: {
                [key: string]: unknown;
            } | Record<string, never> | unknown[];
            /** @description The providers of the event's published tickets (rsvp, tickets-commerce); absent when it has none */
            ticketed?: string[];
            /** @description The series the occurrence belongs to: the id of its first event */
            series_id?: number;
            recurrence?: components["schemas"]["EventRecurrence"];
            /** @description The event password, "" when it has none: only with context=edit, to a caller who may edit the event */
            post_password?: string;
            json_ld?: {
                [key: string]: unknown;
            };
            translation_language: string;
            translations: string[];
        };
        EventArchive: {
            events: components["schemas"]["Event"][];
            rest_url: string;
            next_rest_url?: string;
            previous_rest_url?: string;
            total: number;
            total_pages: number;
            /** @description The token to pass as sync_token to get the changes after this answer (additive) */
            next_sync_token?: string;
            /** @description A sync answer with more pages: the token of the next one, which next_rest_url carries (additive) */
            next_page_token?: string;
        };
        StatusCounts: {
            /** @description Every status but the trash (WordPress' "All" tab) */
            all: number;
            /** @description Published */
            publish: number;
            /** @description Scheduled */
            future: number;
            /** @description Drafts */
            draft: number;
            /** @description Pending review */
            pending: number;
            /** @description Private */
            private: number;
            /** @description In the trash */
            trash: number;
        };
        Venue: {
            id: number;
            author?: string;
            status: string;
            date: string;
            date_utc: string;
            modified: string;
            modified_utc: string;
            url: string;
            venue: string;
            description?: string;
            excerpt?: string;
            slug?: string;
            image?: {
                [key: string]: unknown;
            } | Record<string, never> | boolean;
            address?: string;
            city?: string;
            country?: string;
            province?: string;
            state?: string;
            zip?: string;
            phone?: string;
            website?: string;
            stateprovince?: string;
            geo_lat?: number;
            geo_lng?: number;
            json_ld?: {
                [key: string]: unknown;
            };
            show_map: boolean | null;
            show_map_link: boolean | null;
            global_id: string;
            global_id_lineage: string[];
            translation_language: string;
            translations: string[];
        };
        VenueArchive: {
            venues: components["schemas"]["Venue"][];
            rest_url: string;
            next_rest_url?: string;
            previous_rest_url?: string;
            total: number;
            total_pages: number;
            /** @description The token to pass as sync_token to get the changes after this answer (additive) */
            next_sync_token?: string;
            /** @description A sync answer with more pages: the token of the next one, which next_rest_url carries (additive) */
            next_page_token?: string;
        };
        Organizer: {
            id: number;
            author?: string;
            status: string;
            date: string;
            date_utc: string;
            modified: string;
            modified_utc: string;
            url: string;
            organizer: string;
            description?: string;
            excerpt?: string;
            slug?: string;
            image?: {
                [key: string]: unknown;
            } | Record<string, never> | boolean;
            phone?: string;
            website?: string;
            email?: string;
            json_ld?: {
                [key: string]: unknown;
            };
            global_id: string;
            global_id_lineage: string[];
            translation_language: string;
            translations: string[];
        };
        OrganizerArchive: {
            organizers: components["schemas"]["Organizer"][];
            rest_url: string;
            next_rest_url?: string;
            previous_rest_url?: string;
            total: number;
            total_pages: number;
            /** @description The token to pass as sync_token to get the changes after this answer (additive) */
            next_sync_token?: string;
            /** @description A sync answer with more pages: the token of the next one, which next_rest_url carries (additive) */
            next_page_token?: string;
        };
        EventCategory: {
            /** @description The term ID */
            id: number;
            /** @description The number of published events associated with the term */
            count: number;
            /** @description The term description */
            description: string;
            /** @description The term name */
            name: string;
            /** @description The term slug */
            slug: string;
            /** @description The taxonomy the term belongs to */
            taxonomy: string;
            /** @description The term parent term ID, 0 if none */
            parent?: number;
            meta: unknown[];
            /** @description The URL to the term archive page */
            url: string;
            urls: {
                self: string;
                collection: string;
                up?: string;
            };
            /** @description The language of this representation (additive) */
            translation_language: string;
            /** @description The languages the term has text in, its original one first (additive) */
            translations: string[];
        };
        EventCategoryArchive: {
            rest_url: string;
            total: number;
            total_pages: number;
            categories: components["schemas"]["EventCategory"][];
            next_rest_url?: string;
            previous_rest_url?: string;
            /** @description The token to pass as sync_token to get the changes after this answer (additive) */
            next_sync_token?: string;
            /** @description A sync answer with more pages: the token of the next one, which next_rest_url carries (additive) */
            next_page_token?: string;
        };
        EventCategoryWithLinks: {
            /** @description The term ID */
            id: number;
            /** @description The number of published events associated with the term */
            count: number;
            /** @description The term description */
            description: string;
            /** @description The term name */
            name: string;
            /** @description The term slug */
            slug: string;
            /** @description The taxonomy the term belongs to */
            taxonomy: string;
            /** @description The term parent term ID, 0 if none */
            parent?: number;
            meta: unknown[];
            /** @description The URL to the term archive page */
            url: string;
            urls: {
                self: string;
                collection: string;
                up?: string;
            };
            /** @description The language of this representation (additive) */
            translation_language: string;
            /** @description The languages the term has text in, its original one first (additive) */
            translations: string[];
            _links: {
                [key: string]: {
                    [key: string]: unknown;
                }[];
            };
        };
        EventTag: {
            /** @description The term ID */
            id: number;
            /** @description The number of published events associated with the term */
            count: number;
            /** @description The term description */
            description: string;
            /** @description The term name */
            name: string;
            /** @description The term slug */
            slug: string;
            /** @description The taxonomy the term belongs to */
            taxonomy: string;
            meta: unknown[];
            /** @description The URL to the term archive page */
            url: string;
            urls: {
                self: string;
                collection: string;
                up?: string;
            };
            /** @description The language of this representation (additive) */
            translation_language: string;
            /** @description The languages the term has text in, its original one first (additive) */
            translations: string[];
        };
        EventTagArchive: {
            rest_url: string;
            total: number;
            total_pages: number;
            tags: components["schemas"]["EventTag"][];
            next_rest_url?: string;
            previous_rest_url?: string;
            /** @description The token to pass as sync_token to get the changes after this answer (additive) */
            next_sync_token?: string;
            /** @description A sync answer with more pages: the token of the next one, which next_rest_url carries (additive) */
            next_page_token?: string;
        };
        EventTagWithLinks: {
            /** @description The term ID */
            id: number;
            /** @description The number of published events associated with the term */
            count: number;
            /** @description The term description */
            description: string;
            /** @description The term name */
            name: string;
            /** @description The term slug */
            slug: string;
            /** @description The taxonomy the term belongs to */
            taxonomy: string;
            meta: unknown[];
            /** @description The URL to the term archive page */
            url: string;
            urls: {
                self: string;
                collection: string;
                up?: string;
            };
            /** @description The language of this representation (additive) */
            translation_language: string;
            /** @description The languages the term has text in, its original one first (additive) */
            translations: string[];
            _links: {
                [key: string]: {
                    [key: string]: unknown;
                }[];
            };
        };
        WebhookSubscription: {
            id: number;
            url: string;
            events: string[];
            description: string;
            active: boolean;
            /** @description Why the service disabled the subscription (it kept failing); null otherwise */
            disabled_reason: string | null;
            /** @description Since when every delivery failed; null when the last one succeeded */
            failing_since: string | null;
            /** @description Until when the secret before the last rotation signs too */
            previous_secret_expires_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description The signing secret (whsec_…), shown only when made */
            secret?: string;
        };
        WebhookDelivery: {
            id: number;
            /** @description The `webhook-id` header: the same for every attempt and redelivery of a message */
            webhook_id: string;
            type: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            /** @description When it is tried next; null once finished */
            next_attempt_at: string | null;
            /** @description When it was last tried */
            last_attempt_at: string | null;
            /** @description The HTTP status of the last answer */
            last_response_code: number | null;
            /** @description Why the last attempt failed (the start of the answer, or the network error) */
            last_error: string | null;
            created_at: string;
            /** @description When it was delivered or given up */
            finished_at: string | null;
        };
        OutboxMessage: {
            id: number;
            to: string;
            subject: string;
            /** @description What the message is about, as the module that wrote it names it (`attendee:12`); empty for none */
            reference: string;
            /** @description The Message-ID header: the same for every attempt */
            message_id: string;
            /** @description `pending` (waiting or being retried), `sent` (the SMTP server accepted it), `failed` (given up), `off` (written while e-mail was off: not sent) */
            status: "pending" | "sent" | "failed" | "off";
            attempts: number;
            /** @description When it is tried next; null unless pending */
            next_attempt_at: string | null;
            /** @description When it was last tried */
            last_attempt_at: string | null;
            /** @description Why the last attempt failed: the SMTP server's answer or the network error */
            last_error: string | null;
            created_at: string;
            /** @description When the SMTP server accepted it */
            sent_at: string | null;
        };
        /** @description A run of the site import (decision 0071) */
        SiteImport: {
            id: number;
            /** @description The address given */
            url: string;
            /** @description The tribe/events/v1 base found there */
            source: string;
            /** @description The source's login the run reads as; null when anonymous (published records only) */
            user: string | null;
            prune: boolean;
            /**
             * @description running; cancelling (a cancel was asked, the run stops at its next unit); completed (errors, if any, listed); failed (reason says why); cancelled; interrupted (its node stopped or died: start it again, and records copied already are found unchanged)
             * @enum {string}
             */
            state: "running" | "cancelling" | "completed" | "failed" | "cancelled" | "interrupted";
            /** @description The kind being copied (category, tag, venue, organizer, event), or `deletions` while records gone from the source are checked */
            phase: string | null;
            /** @description Counts per kind, in the order they are copied */
            kinds: {
                /** @enum {string} */
                kind: "category" | "tag" | "venue" | "organizer" | "event";
                /** @description How many the source lists; null until its first page is read */
                total: number | null;
                /** @description Records of the kind handled so far, whatever their outcome */
                done: number;
                created: number;
                updated: number;
                unchanged: number;
                skipped: number;
                failed: number;
            }[];
            /** @description The first 100 failures: records, translations and pages of the source */
            errors: string[];
            error_count: number;
            /** @description The importer's last 100 notes: retries, fallbacks */
            notes: string[];
            /** @description Every archive was read whole (records deleted on the source could be told); null until the run ends */
            complete: boolean | null;
            /** @description Why a failed or interrupted run stopped */
            reason: string | null;
            /** @description The user who started it */
            started_by: number | null;
            /** @description UTC */
            started_at: string;
            /** @description UTC; null while running */
            finished_at: string | null;
        };
        SessionUser: {
            id: number;
            login: string;
            /** @description The display name */
            name: string;
            email: string;
            role: string;
            /** @description The role's capabilities (roles.ts), which decide what the admin offers */
            capabilities: string[];
        };
        CurrentSession: {
            user: components["schemas"]["SessionUser"];
            /** @description Send it as X-WP-Nonce (or _wpnonce) with the cookie: without it a request is anonymous */
            nonce: string;
            /**
             * Format: date-time
             * @description When the session ends unless used before: the earlier of its idle and absolute expiry
             */
            expires_at: string;
        };
        Session: {
            id: number;
            /**
             * Format: date-time
             * @description The sign-in
             */
            created_at: string;
            /**
             * Format: date-time
             * @description The last use, to within a minute
             */
            last_seen_at: string;
            /**
             * Format: date-time
             * @description When it ends unless used before
             */
            expires_at: string;
            user_agent: string;
            /** @description The session of the request itself */
            current: boolean;
        };
        Media: {
            /** @description The ID `image` takes in event, venue and organizer writes */
            id: number;
            /**
             * Format: uri
             * @description The image, at most 2560 pixels wide and high
             */
            url: string;
            title: string;
            alt_text: string;
            /** @description The ID of the user who uploaded it */
            author: string;
            mime_type: string;
            extension: string;
            width: number;
            height: number;
            /** @description Bytes */
            filesize: number;
            /** @description When it was uploaded, in the site's time zone */
            date: string;
            date_utc: string;
            /** @description WordPress' intermediate sizes smaller than the image: thumbnail (150×150 cropped), medium, medium_large, large, 1536x1536, 2048x2048 */
            sizes: {
                [key: string]: {
                    width: number;
                    height: number;
                    "mime-type": string;
                    filesize: number;
                    /** Format: uri */
                    url: string;
                };
            };
        };
        MediaList: {
            total: number;
            total_pages: number;
            media: components["schemas"]["Media"][];
        };
        Ticket: {
            id: number;
            /** @description The event */
            post_id: number;
            /** @description The event (the MCP server's name) */
            event: number;
            global_id: string;
            global_id_lineage: string[];
            author: string;
            /** @description The ticket status; trash while its event is in the trash */
            status: string;
            date: string;
            date_utc: string;
            date_gmt: string;
            modified: string;
            modified_utc: string;
            modified_gmt: string;
            rest_url: string;
            /** @enum {string} */
            provider: "rsvp" | "tickets-commerce";
            /** @enum {string} */
            type: "tribe_rsvp_tickets" | "tec_tc_ticket";
            /** @description A free RSVP */
            rsvp: boolean;
            title: string;
            description: string;
            image: boolean;
            available_from: string;
            available_from_details: {
                [key: string]: unknown;
            } | boolean;
            available_until: string;
            available_until_details: {
                [key: string]: unknown;
            } | boolean;
            /** @description Places; -1 when unlimited */
            capacity: number;
            capacity_details: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            capacity_mode: "own" | "shared" | "unlimited";
            /** @description Places left; -1 when unlimited */
            stock: number;
            availability: {
                /** @enum {string} */
                status: "available" | "sold_out" | "unavailable";
                /** @description Places left; -1 when unlimited */
                available: number;
                sold: number;
                /** @description Always 0: no payments are taken here */
                pending: number;
            };
            is_available: boolean;
            cost: string;
            cost_details: {
                [key: string]: unknown;
            };
            price: string;
            currency: string;
            sku: string;
            supports_attendee_information: boolean;
            attendee_fields: {
                label: string;
                /** @enum {string} */
                type: "text" | "choice" | "checkbox";
                /** @description The choices of a `choice` field */
                options?: string[];
                /** @default false */
                required: boolean;
            }[];
            /** @description Where a priced ticket is bought elsewhere; empty for none */
            buy_url: string;
            /** @description Whether a full ticket takes names on a waitlist (decision 0126) */
            waitlist: boolean;
            /** @description Only for those who may edit the event */
            rsvp_details?: {
                rsvp_going: number;
                rsvp_not_going: number;
            };
            checkin?: {
                [key: string]: unknown;
            };
        };
        TicketArchive: {
            rest_url: string;
            total: number;
            total_pages: number;
            tickets: components["schemas"]["Ticket"][];
            /** @description The token to pass as sync_token to get the changes after this answer (additive) */
            next_sync_token?: string;
            /** @description A sync answer with more pages: the token of the next one, which next_rest_url carries (additive) */
            next_page_token?: string;
        };
        Attendee: {
            id: number;
            post_id: number;
            ticket_id: number;
            global_id: string;
            global_id_lineage: string[];
            author: string;
            /** @description publish: the attendee post's status in the original */
            status: string;
            date: string;
            date_utc: string;
            modified: string;
            modified_utc: string;
            rest_url: string;
            ticket: {
                [key: string]: unknown;
            };
            /** @description The attendee's name */
            title: string;
            optout: boolean;
            provider: string;
            order: string;
            sku: string;
            email: string;
            checked_in: boolean;
            checkin_details: {
                [key: string]: unknown;
            } | boolean;
            is_subscribed: boolean;
            is_purchaser: boolean;
            rsvp_going: boolean;
            /** @enum {string} */
            rsvp_status: "going" | "not-going" | "cancelled" | "waitlisted";
            answers: {
                [key: string]: unknown;
            };
            /** @description What the door's QR code carries */
            security_code: string;
            /** @description When the attendee was checked in (UTC) */
            checked_in_at: string | null;
        };
        AttendeeArchive: {
            rest_url: string;
            total: number;
            total_pages: number;
            attendees: components["schemas"]["Attendee"][];
        };
        /** @description A user in WordPress' shape; the members marked context=edit only in that context */
        WpUser: {
            id: number;
            name: string;
            url: string;
            description: string;
            link: string;
            slug: string;
            /** @description context=edit */
            username?: string;
            first_name?: string;
            last_name?: string;
            /** @description context=edit */
            email?: string;
            locale?: string;
            nickname?: string;
            registered_date?: string;
            /** @description context=edit */
            roles?: string[];
            capabilities?: {
                [key: string]: boolean;
            };
            extra_capabilities?: {
                [key: string]: boolean;
            };
            meta?: unknown[];
            /** @description HAL links: self, collection */
            _links: {
                [key: string]: unknown;
            };
        };
        WpApplicationPassword: {
            uuid: string;
            app_id: string;
            name: string;
            /** @description UTC, as WordPress gives it */
            created: string;
            last_used: string | null;
            /** @enum {object|null} */
            last_ip: never | null;
            /** @description Only in the answer to its creation: never shown again */
            password?: string;
            /** @description HAL links: self, collection */
            _links: {
                [key: string]: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
