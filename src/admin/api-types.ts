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
         * @description With Accept: application/ld+json, the page as a schema.org ItemList of Events, each the json_ld of a single read (additive; decision 0029).
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
                    /** @description This service sells no tickets: true matches nothing, false does not filter */
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
                    /** @description This service sells no tickets: true matches nothing, false does not filter */
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
        /** Returns all the venues matching the search criteria */
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
        /** Returns all the organizers matching the search criteria */
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
                    /** @description This service sells no tickets: true matches nothing, false does not filter */
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
                        events: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted")[];
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
                        events?: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted")[];
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
                        events?: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted")[];
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
                        events?: ("*" | "event.*" | "event.created" | "event.updated" | "event.trashed" | "event.deleted" | "venue.*" | "venue.created" | "venue.updated" | "venue.trashed" | "venue.deleted" | "organizer.*" | "organizer.created" | "organizer.updated" | "organizer.trashed" | "organizer.deleted" | "category.*" | "category.created" | "category.updated" | "category.trashed" | "category.deleted" | "tag.*" | "tag.created" | "tag.updated" | "tag.trashed" | "tag.deleted")[];
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
                        "application/json": {
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
                        }[];
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            total: number;
                            total_pages: number;
                            media: {
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
                            }[];
                        };
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                query: {
                    /** @description view, embed, or edit (login, e-mail, roles and capabilities) */
                    context?: "view" | "embed" | "edit";
                    page: number;
                    per_page: number;
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
