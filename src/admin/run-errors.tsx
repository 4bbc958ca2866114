/*
 * The errors of a finished run, as the site imports' and the import sources' screens show them: the
 * first ones listed under a heading that counts them all, and how many more the run kept unlisted
 * (the server keeps a run's first errors only).
 */

export function RunErrors({
  id,
  heading,
  errors,
  total,
  unlisted,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  /** "Errors: 12", in the screen's words. */
  heading: string;
  errors: readonly string[];
  /** Every error of the run, listed or not. */
  total: number;
  /** "And 2 more, not listed.", for the count of those not listed. */
  unlisted: (count: number) => string;
}) {
  if (total === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul>
        {errors.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {total > errors.length ? <p>{unlisted(total - errors.length)}</p> : null}
    </section>
  );
}
