import cliProgress from 'cli-progress';
import type { ImportKind, ImportProgress, Outcome } from './import-run.ts';

/*
 * How `import-tec` shows its progress: bars with counts and rate on a terminal, plain lines
 * otherwise (a log file, a CI job), about every tenth of an archive.
 */

interface Tally {
  kind: ImportKind;
  total: number | undefined;
  done: number;
  startedAt: number;
  counts: Record<Outcome, number>;
}

const newTally = (kind: ImportKind, total: number | undefined): Tally => ({
  kind,
  total,
  done: 0,
  startedAt: Date.now(),
  counts: { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
});

const rate = (tally: Tally) => (tally.done / Math.max(0.001, (Date.now() - tally.startedAt) / 1000)).toFixed(1);

function tallyLine(tally: Tally): string {
  const { counts } = tally;
  const of = tally.total === undefined ? '' : `/${tally.total}`;
  return `${tally.kind}: ${tally.done}${of} (${rate(tally)}/s) created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}, skipped ${counts.skipped}, failed ${counts.failed}`;
}

/** Plain lines through `out`: one when an archive starts, about every tenth of it, and when it ends. */
export function lineProgress(out: (line: string) => void): ImportProgress {
  let current: Tally | undefined;
  let nextReport = 0;
  const finish = () => {
    if (current) out(tallyLine(current));
    current = undefined;
  };
  return {
    start(kind, total) {
      finish();
      current = newTally(kind, total);
      nextReport = Math.max(1, Math.ceil((total ?? 100) / 10));
      out(`${kind}: ${total === undefined ? 'size unknown' : `${total} on the source`}`);
    },
    advance(kind, outcome) {
      if (current?.kind !== kind) return;
      current.done++;
      current.counts[outcome]++;
      if (current.done >= nextReport && current.done !== current.total) {
        out(tallyLine(current));
        nextReport += Math.max(1, Math.ceil((current.total ?? 100) / 10));
      }
    },
    note: out,
    stop: finish,
  };
}

/** Bars on a terminal's stream, one per archive, with the counts and the rate; notes print above them. */
export function barProgress(stream: NodeJS.WriteStream): ImportProgress {
  const bars = new cliProgress.MultiBar(
    {
      stream,
      format:
        '{kind} [{bar}] {value}/{total} | {rate}/s | created {created} updated {updated} unchanged {unchanged} skipped {skipped} failed {failed}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let current: { tally: Tally; bar: cliProgress.SingleBar } | undefined;
  const payload = (tally: Tally) => ({ kind: tally.kind.padEnd(9), rate: rate(tally), ...tally.counts });
  return {
    start(kind, total) {
      const tally = newTally(kind, total);
      current = { tally, bar: bars.create(total ?? 0, 0, payload(tally)) };
    },
    advance(kind, outcome) {
      if (current?.tally.kind !== kind) return;
      const { tally, bar } = current;
      tally.done++;
      tally.counts[outcome]++;
      // Records found beyond the announced total (a hidden event asked for by id) grow the bar.
      if (tally.total === undefined || tally.done > tally.total) bar.setTotal(tally.done);
      bar.update(tally.done, payload(tally));
    },
    note: (line) => bars.log(`${line}\n`),
    stop: () => bars.stop(),
  };
}
