import { sql, type Kysely } from 'kysely';

/*
 * Index-backed "contains" search over post text (decisions.md section 3): an FTS5 trigram table kept
 * in step by triggers on SQLite, a pg_trgm GIN index on PostgreSQL. Both answer the substring
 * matches WordPress' LIKE search gives, without scanning every post.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

export async function up(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) {
    // In `public`, so that every schema of the database (tenants, tests) shares one installation.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index posts_search_trgm on posts using gin ((lower(title || ' ' || excerpt || ' ' || content)) public.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table post_search using fts5(title, excerpt, content, content='posts', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger posts_search_insert after insert on posts begin
    insert into post_search(rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content);
  end`.execute(db);
  await sql`create trigger posts_search_delete after delete on posts begin
    insert into post_search(post_search, rowid, title, excerpt, content) values ('delete', old.id, old.title, old.excerpt, old.content);
  end`.execute(db);
  await sql`create trigger posts_search_update after update of title, excerpt, content on posts begin
    insert into post_search(post_search, rowid, title, excerpt, content) values ('delete', old.id, old.title, old.excerpt, old.content);
    insert into post_search(rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content);
  end`.execute(db);
  await sql`insert into post_search(post_search) values ('rebuild')`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop index if exists posts_search_trgm`.execute(db);
    return;
  }
  for (const trigger of ['posts_search_insert', 'posts_search_delete', 'posts_search_update']) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  await sql`drop table if exists post_search`.execute(db);
}
