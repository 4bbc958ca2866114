/**
 * Slugs as WordPress' sanitize_title makes them: lower case, accents folded to ASCII, everything
 * that is not a letter or digit collapsed into single hyphens. Letters of other scripts are kept
 * (WordPress would percent-encode them) so slugs stay readable in every language of the service;
 * URLs encode them when they are emitted (docs/decisions/0004-slugs.md). Markup is stripped first,
 * with the content of scripts and styles, as wp_strip_all_tags does, so a title's markup never reaches
 * its slug (decision 0022).
 */
export function slugify(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>?/g, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .replace(/đ/gi, 'd')
    .replace(/ł/gi, 'l')
    .toLowerCase()
    .replace(/&[a-z0-9#]+;/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 190)
    .replace(/-+$/, '');
}

/** The n-th candidate for a slug already taken: `jazz`, `jazz-2`, `jazz-3`... */
export function suffixedSlug(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}

/**
 * What every slug that numbering from `base` can choose shares with `base`: the slug without its
 * trailing `-<number>` groups (`jazz-2-3` and `jazz` are both `jazz`). Base `jazz` may choose
 * `jazz-2`, and so may base `jazz-2`: units choosing term slugs lock this, not the base (decision
 * 0081); posts lock each slug they choose instead (claimFreeSlug, decision 0101).
 */
export function slugFamilyRoot(base: string): string {
  return base.replace(/(-\d+)+$/, '');
}

/** Candidates the first look at a slug's numbering asks about: `base` to `base-32`, a power of two (the statement cache's in-list lengths). */
const FIRST_PROBE = 32;
/** The most candidates one later look asks about: each look doubles, up to this. */
const MAX_PROBE = 1024;

/**
 * The first of `base`, `base-2`, `base-3`... that `taken` does not report, as WordPress numbers
 * them (a gap is filled). `taken` answers which of a list of candidates exist, by exact match on
 * the slug index: a first look at `base` to `base-32` settles nearly every write in one bounded
 * query; a longer run of taken suffixes is followed in doubling looks, never by reading the other
 * slugs that merely share the prefix.
 */
export async function firstFreeSlugAmong(
  base: string,
  taken: (candidates: readonly string[]) => Promise<Pick<ReadonlySet<string>, 'has'>>,
): Promise<string> {
  let first = 1;
  for (let size = FIRST_PROBE; ; size = Math.min(size * 2, MAX_PROBE)) {
    const candidates = Array.from({ length: size }, (_, index) => suffixedSlug(base, first + index));
    const found = await taken(candidates);
    const free = candidates.find((candidate) => !found.has(candidate));
    if (free !== undefined) return free;
    first += size;
  }
}

/**
 * The first free slug from `base` (firstFreeSlugAmong), claimed for the unit: `claim` locks that
 * exact slug until the unit ends, and the slug is looked up again under the lock, since a unit that
 * held it may have taken it meanwhile (then the next free one is claimed). Units choosing different
 * slugs never wait for each other, whatever their bases share (decision 0101); two choosing one
 * slug take turns, and the second takes the next.
 */
export async function claimFreeSlug(
  base: string,
  taken: (candidates: readonly string[]) => Promise<Pick<ReadonlySet<string>, 'has'>>,
  claim: (slug: string) => Promise<void>,
): Promise<string> {
  for (;;) {
    const slug = await firstFreeSlugAmong(base, taken);
    await claim(slug);
    if (!(await taken([slug])).has(slug)) return slug;
  }
}

/** The first of `base`, `base-2`, `base-3`... not among the taken slugs, as WordPress numbers them. */
export function firstFreeSlug(base: string, taken: Pick<ReadonlySet<string>, 'has'>): string {
  let attempt = 1;
  while (taken.has(suffixedSlug(base, attempt))) attempt++;
  return suffixedSlug(base, attempt);
}
