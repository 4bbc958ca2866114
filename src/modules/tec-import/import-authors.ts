import { UserInputError, type UsersService } from '../../auth/users.service.ts';
import { describe, type Run } from './import-run.ts';
import { embeddedRecords, sourceAuthor, text, userFromSource, type SourceRecord } from './tec-records.ts';
import { SourceError } from './tec-source.ts';

/*
 * The source's authors as users here (decision 0030): each looked up on the source once per run,
 * before the records' units (no unit waits on the network or on another unit while it holds the
 * write lock); a user of the same login or e-mail here writes their records, else one is made in
 * a unit of its own.
 */

export class ImportAuthors {
  constructor(private readonly users: UsersService) {}

  /**
   * The users here who write the records' authors (and those of the venues and organizers an event
   * embeds). An author the source failed to answer for is a rejected lookup: their records fail
   * this run (`authorInput`), and the next run asks again.
   */
  async resolve(run: Run, records: readonly SourceRecord[]): Promise<void> {
    const waits: Promise<number | undefined>[] = [];
    for (const record of records) {
      for (const item of [record, ...embeddedRecords(record.venue), ...embeddedRecords(record.organizer)]) {
        const id = sourceAuthor(item);
        if (id === undefined) continue;
        if (!run.authors.has(id)) run.authors.set(id, this.localAuthor(run, id));
        // Awaited even when another page asked first: a unit awaiting it would hold the write lock its creation needs.
        waits.push(run.authors.get(id)!);
      }
    }
    await Promise.allSettled(waits);
  }

  /** The user here who writes a source record: its author's, when they have one; throws when the source failed to answer for them. */
  async authorInput(run: Run, record: SourceRecord): Promise<{ author?: number }> {
    const id = sourceAuthor(record);
    const author = id === undefined ? undefined : await run.authors.get(id);
    return author === undefined ? {} : { author };
  }

  /**
   * The user here for a source author. A new one gets the source's id when this import keeps ids
   * and it is free, and a password no one is told: the person signs in once an administrator makes
   * them an application password. A dry run makes none.
   */
  private async localAuthor(run: Run, id: number): Promise<number | undefined> {
    const { users } = this;
    const fallback = `records written by ${run.options.caller.login}`;
    const say = (text: string, targetId?: number) => {
      run.report.authors.push({ sourceId: id, ...(targetId === undefined ? {} : { targetId }), text });
      return targetId;
    };
    let shown: SourceRecord | undefined;
    try {
      shown = await run.source.user(id);
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      say(`reading the user failed (${error.message}): their records fail this run`);
      throw new Error(`its author, user ${id} of the source, could not be read: ${error.message}`, { cause: error });
    }
    const wanted = shown && userFromSource(shown);
    if (!shown) return say(`the source does not show this user (/wp/v2/users/${id}): ${fallback}`);
    if (!wanted)
      return say(
        `no login this service accepts (${JSON.stringify(text(shown.username) || text(shown.slug))}): ${fallback}`,
      );
    const existing = async () =>
      (await users.userByLogin(wanted.login)) ??
      (wanted.email === '' ? undefined : await users.userByLogin(wanted.email));
    const here = await existing();
    if (here) return say(`the user "${here.login}" here`, here.id);
    if (run.options.dryRun) return say(`would create the user "${wanted.login}" (${wanted.role})`);
    try {
      const { user } = await users.create({ ...wanted, ...(run.keepsIds ? { id } : {}) });
      return say(
        `created the user "${user.login}" (${user.role}) without a password: an administrator gives them an application password to sign in`,
        user.id,
      );
    } catch (error) {
      // Another node or run made them in between.
      const made = error instanceof UserInputError ? await existing() : undefined;
      return made
        ? say(`the user "${made.login}" here`, made.id)
        : say(`creating the user "${wanted.login}" failed (${describe(error)}): ${fallback}`);
    }
  }
}
