/**
 * `X-Frame-Options` for an answer, read from its own Content-Security-Policy's `frame-ancestors`
 * (decision 0094), so the two never disagree: browsers that know CSP 2 follow `frame-ancestors`,
 * older ones this header. DENY where the answer has no CSP or its `frame-ancestors` is `'none'`
 * (the API, errors, every page but the embed); SAMEORIGIN where it is `'self'` alone (the embed by
 * default); none where other origins may frame it (CALENDAR_EMBED_ANCESTORS lists them), since the
 * header cannot name them and DENY or SAMEORIGIN would refuse them in browsers that apply both.
 */
export function frameOptionsOf(contentSecurityPolicy: unknown): 'DENY' | 'SAMEORIGIN' | undefined {
  const policy = typeof contentSecurityPolicy === 'string' ? contentSecurityPolicy : '';
  const directive = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name?.toLowerCase() === 'frame-ancestors');
  const sources = directive?.slice(1) ?? [];
  if (sources.length === 0 || (sources.length === 1 && sources[0] === "'none'")) return 'DENY';
  if (sources.length === 1 && sources[0] === "'self'") return 'SAMEORIGIN';
  return undefined;
}
