import { sql, type Kysely } from 'kysely';

/*
 * The whole schema of the service, designed for every resource of the spec, including those whose
 * routes arrive in later issues. Frozen once released: change the schema with a new migration.
 * No imports from src/ (house style): this file must keep working whatever the app code becomes.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Asks with a PostgreSQL-only function: on SQLite the failed SELECT leaves the migration's
// transaction usable, whereas a failed statement would abort a PostgreSQL transaction.
async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  const idType = pg ? 'serial' : 'integer';
  const real = pg ? 'double precision' : 'real';

  await db.schema
    .createTable('users')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_passwords')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addUniqueConstraint('app_passwords_user_name', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('extension', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('filesize', 'integer')
    .addColumn('mime_type', 'text')
    .addColumn('sizes_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('date_local', 'text', (c) => c.notNull())
    .addColumn('date_utc', 'text', (c) => c.notNull())
    .addColumn('modified_local', 'text', (c) => c.notNull())
    .addColumn('modified_utc', 'text', (c) => c.notNull())
    .addColumn('global_id_lineage', 'text')
    .execute();
  // Slugs are unique per type among records that have one (drafts may have none); the service
  // suffixes -2, -3... and retries on a violation, so concurrent creates cannot collide.
  await sql`create unique index posts_type_slug on posts (type, slug) where slug <> ''`.execute(db);
  await db.schema.createIndex('posts_type_status_date').on('posts').columns(['type', 'status', 'date_utc']).execute();
  await db.schema.createIndex('posts_author').on('posts').column('author_id').execute();
  await db.schema.createIndex('posts_parent').on('posts').column('parent_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('start_local', 'text', (c) => c.notNull())
    .addColumn('end_local', 'text', (c) => c.notNull())
    .addColumn('start_utc', 'text', (c) => c.notNull())
    .addColumn('end_utc', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timezone_abbr', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency_symbol', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency_position', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cost_values', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('website', 'text')
    .addColumn('show_map', 'integer')
    .addColumn('show_map_link', 'integer')
    .addColumn('hide_from_listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('events_start_local').on('events').columns(['start_local', 'end_local']).execute();
  await db.schema.createIndex('events_start_utc').on('events').columns(['start_utc', 'end_utc']).execute();
  await db.schema.createIndex('events_end_local').on('events').column('end_local').execute();

  const textColumns = (name: string) => db.schema.createTable(name).addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'));
  let venues = textColumns('venues');
  for (const column of ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince', 'website']) {
    venues = venues.addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
  }
  await venues
    .addColumn('show_map', 'integer')
    .addColumn('show_map_link', 'integer')
    .addColumn('geo_lat', real)
    .addColumn('geo_lng', real)
    .execute();
  let organizers = textColumns('organizers');
  for (const column of ['phone', 'website', 'email']) organizers = organizers.addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
  await organizers.execute();

  await db.schema
    .createTable('event_links')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('linked_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_links_pk', ['event_id', 'linked_id'])
    .execute();
  await db.schema.createIndex('event_links_linked').on('event_links').columns(['linked_id', 'event_id']).execute();

  await db.schema
    .createTable('terms')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('taxonomy', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('term_group', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('terms_taxonomy_slug', ['taxonomy', 'slug'])
    .execute();
  await db.schema.createIndex('terms_taxonomy_parent').on('terms').columns(['taxonomy', 'parent_id']).execute();
  await db.schema.createIndex('terms_taxonomy_name').on('terms').columns(['taxonomy', 'name']).execute();

  await db.schema
    .createTable('event_terms')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_terms_pk', ['event_id', 'term_id'])
    .execute();
  await db.schema.createIndex('event_terms_term').on('event_terms').columns(['term_id', 'event_id']).execute();

  await db.schema
    .createTable('post_translations')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('content', 'text')
    .addColumn('excerpt', 'text')
    .addColumn('slug', 'text')
    .addPrimaryKeyConstraint('post_translations_pk', ['post_id', 'language'])
    .execute();
  await db.schema.createIndex('post_translations_slug').on('post_translations').columns(['language', 'slug']).execute();

  await db.schema
    .createTable('term_translations')
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('slug', 'text')
    .addPrimaryKeyConstraint('term_translations_pk', ['term_id', 'language'])
    .execute();
  await db.schema.createIndex('term_translations_slug').on('term_translations').columns(['language', 'slug']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'term_translations', 'post_translations', 'event_terms', 'terms', 'event_links', 'organizers', 'venues',
    'events', 'posts', 'images', 'app_passwords', 'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
