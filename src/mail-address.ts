/*
 * E-mail addresses as the service accepts them: the common dot-atom form (`local@domain.tld`),
 * no quoted local parts, comments or IP literals, and never a line break (a header's value).
 * The configuration's From and the outbox's recipients share them.
 */

const LOCAL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const ADDRESS = `${LOCAL}@${LABEL}(?:\\.${LABEL})+`;

/** One address without display name. */
export const isMailAddress = (value: string) => value.length <= 254 && new RegExp(`^${ADDRESS}$`).test(value);

/** One mailbox: an address alone, or `Display Name <address>` (a name of up to 100 characters, no quotes or brackets). */
export const isMailbox = (value: string) => new RegExp(`^(?:${ADDRESS}|[^<>"\\r\\n]{1,100} <${ADDRESS}>)$`).test(value);

/** The address of a mailbox (`Name <a@b.c>` → `a@b.c`). */
export const addressOf = (mailbox: string) => /<([^>]+)>$/.exec(mailbox)?.[1] ?? mailbox;
