import type { BenchOptions } from './options.ts';
import type { Measurement } from './load.ts';
import { format, sizeLabel } from './output.ts';
import { WEBHOOK_SUBSCRIPTIONS } from './scenarios.ts';

/*
 * The bench's report: one table of every size's rows, and the issues' targets checked against
 * what the run measured.
 */

/** One line of the table: a scenario at a size, or why it was not measured. */
export interface Row {
  readonly scenario: string;
  readonly events: number;
  readonly measurement?: Measurement;
  readonly peakRssMb?: number;
  readonly ratio?: number;
  readonly note: string;
  readonly list: boolean;
}

function table(rows: readonly Row[], dialect: BenchOptions['dialect']): string[] {
  const header = ['scenario', 'events', 'database', 'req/s', 'p50 ms', 'p99 ms', 'peak RSS MB', 'ratio', 'note'];
  const cells = rows.map((row) => [
    row.scenario,
    sizeLabel(row.events),
    dialect,
    format(row.measurement?.requestsPerSecond),
    format(row.measurement?.p50),
    format(row.measurement?.p99),
    format(row.peakRssMb),
    format(row.ratio, 4),
    row.note,
  ]);
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...cells.map((line) => `| ${line.join(' | ')} |`),
  ];
}

/** The issue's targets, checked against what this run measured (those it could measure). */
function targets(rows: readonly Row[], { dialect, computed }: BenchOptions): string[] {
  const find = (scenario: string, events: number) =>
    rows.find((row) => row.scenario === scenario && row.events === events && row.measurement);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const lines: string[] = [];
  const list10 = find('list-10', 100_000);
  if (dialect === 'sqlite' && list10) {
    lines.push(
      `- list-10 at 100k, SQLite: ratio ${format(list10.ratio, 4)} (target >= 0.12), p99 ${list10.measurement!.p99} ms (target <= 15): ${verdict(list10.ratio! >= 0.12 && list10.measurement!.p99 <= 15)}`,
    );
  }
  for (const row of rows.filter((candidate) => candidate.scenario === 'event-by-id' && candidate.measurement)) {
    lines.push(
      `- event-by-id at ${sizeLabel(row.events)}: ratio ${format(row.ratio, 4)} (target >= 0.30): ${verdict(row.ratio! >= 0.3)}`,
    );
  }
  const largest = Math.max(...rows.map((row) => row.events));
  const smallest = Math.min(...rows.map((row) => row.events));
  if (largest > smallest) {
    for (const row of rows.filter(
      (candidate) => candidate.list && candidate.events === largest && candidate.measurement,
    )) {
      const small = find(row.scenario, smallest);
      if (!small) continue;
      const kept = row.measurement!.requestsPerSecond / small.measurement!.requestsPerSecond;
      lines.push(
        `- ${row.scenario} at ${sizeLabel(largest)} keeps ${format(kept, 2)} of its ${sizeLabel(smallest)} req/s (target >= 0.8 from 10k to 1m): ${verdict(kept >= 0.8)}`,
      );
    }
  }
  if (dialect === 'sqlite') {
    for (const row of rows.filter((candidate) => candidate.scenario === 'create' && candidate.measurement)) {
      lines.push(
        `- create at ${sizeLabel(row.events)}, SQLite: ${format(row.measurement!.requestsPerSecond)}/s (target >= 1000): ${verdict(row.measurement!.requestsPerSecond >= 1000)}`,
      );
    }
  }
  // Issue 46: RSVPs with the e-mail outbox (SQLite, one node), and the tickets archive with availability (100k events, 1M attendees).
  if (dialect === 'sqlite') {
    for (const row of rows.filter((candidate) => candidate.scenario === 'rsvp' && candidate.measurement)) {
      lines.push(
        `- issue 46, rsvp at ${sizeLabel(row.events)}, SQLite: ${format(row.measurement!.requestsPerSecond)}/s (target >= 300): ${verdict(row.measurement!.requestsPerSecond >= 300)}`,
      );
    }
  }
  for (const row of rows.filter(
    (candidate) =>
      (candidate.scenario === 'tickets-list' || candidate.scenario === 'computed-tickets-list') &&
      candidate.measurement,
  )) {
    lines.push(
      `- issue 46, ${row.scenario} at ${sizeLabel(row.events)}: ratio ${format(row.ratio, 4)} (target >= 0.04): ${verdict(row.ratio! >= 0.04)}`,
    );
  }
  for (const row of rows.filter((candidate) => candidate.scenario === 'create-webhooks' && candidate.measurement)) {
    const plain = find('create', row.events);
    if (!plain) continue;
    const kept = row.measurement!.requestsPerSecond / plain.measurement!.requestsPerSecond;
    lines.push(
      `- create with ${WEBHOOK_SUBSCRIPTIONS} webhook subscriptions at ${sizeLabel(row.events)}: ${format(kept, 2)} of create's req/s (target >= 0.9): ${verdict(kept >= 0.9)}`,
    );
  }
  for (const row of rows.filter((candidate) => candidate.scenario === 'mixed' && candidate.measurement)) {
    const target = dialect === 'sqlite' ? 0.05 : 0.03;
    const clean = row.measurement!.non2xx === 0 && row.measurement!.errors === 0;
    lines.push(
      `- mixed reads at ${sizeLabel(row.events)}: ratio ${format(row.ratio, 4)} (target >= ${target}), p99 ${row.measurement!.p99} ms (target <= 20), ${clean ? 'no errors' : 'ERRORS'}: ${verdict(row.ratio! >= target && row.measurement!.p99 <= 20 && clean)}`,
    );
  }
  if (computed) {
    for (const [scenario, target] of [
      ['list-10', 0.015],
      ['event-by-id', 0.05],
    ] as const) {
      const row = find(scenario, 100_000);
      if (row)
        lines.push(
          `- computed ${scenario} at 100k: ratio ${format(row.ratio, 4)} (target >= ${target}): ${verdict(row.ratio! >= target)}`,
        );
    }
  }
  lines.push(...issue35(rows, dialect));
  const million = rows.filter(
    (row) => row.events >= 1_000_000 && row.scenario !== 'baseline' && row.peakRssMb !== undefined,
  );
  if (million.length > 0) {
    const peak = Math.max(...million.map((row) => row.peakRssMb!));
    lines.push(`- peak RSS during the 1m runs: ${format(peak)} MB (target <= 250): ${verdict(peak <= 250)}`);
  }
  if (dialect === 'postgres') {
    for (const row of rows.filter((candidate) => candidate.list && candidate.measurement)) {
      lines.push(
        `- ${row.scenario} at ${sizeLabel(row.events)}, PostgreSQL: ratio ${format(row.ratio, 4)} (target >= 0.06): ${verdict(row.ratio! >= 0.06)}`,
      );
    }
  }
  return lines;
}

/** Issue 35's table: computed reads, the mixed load and creates (on PostgreSQL over two nodes), each with its target. */
function issue35(rows: readonly Row[], dialect: BenchOptions['dialect']): string[] {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const lines: string[] = [];
  for (const row of rows.filter((candidate) => candidate.events === 100_000 && candidate.measurement)) {
    const { requestsPerSecond, p99 } = row.measurement!;
    const ratio = row.ratio ?? 0;
    if (row.scenario === 'computed-list-10')
      lines.push(
        `- issue 35, computed list-10: ratio ${format(ratio, 4)} (target >= 0.04${dialect === 'postgres' ? ", and within 2x of SQLite's" : ''}): ${verdict(ratio >= 0.04)}`,
      );
    if (row.scenario === 'computed-event-by-id')
      lines.push(
        `- issue 35, computed event-by-id: ratio ${format(ratio, 4)} (target >= 0.12): ${verdict(ratio >= 0.12)}`,
      );
    const twin = rows.find(
      (candidate) =>
        candidate.scenario === `${row.scenario}-without-record-cache` &&
        candidate.events === row.events &&
        candidate.measurement,
    );
    if (twin)
      lines.push(
        `- ${row.scenario}: ${format(requestsPerSecond / twin.measurement!.requestsPerSecond, 2)}x the req/s without the record cache (decision 0080)`,
      );
    if (row.scenario === 'mixed') {
      const [ratioTarget, p99Target] = dialect === 'postgres' ? [0.05, 30] : [0.12, Number.POSITIVE_INFINITY];
      lines.push(
        `- issue 35, mixed reads: ratio ${format(ratio, 4)} (target >= ${ratioTarget}), p99 ${p99} ms${dialect === 'postgres' ? ` (target <= ${p99Target})` : ''}: ${verdict(ratio >= ratioTarget && p99 <= p99Target)}`,
      );
    }
    if ((row.scenario === 'create' && dialect === 'sqlite') || row.scenario.startsWith('create-two-nodes')) {
      lines.push(
        `- issue 35, ${row.scenario}: ${format(requestsPerSecond)}/s, p99 ${p99} ms (target >= 500/s): ${verdict(requestsPerSecond >= 500)}`,
      );
    }
  }
  return lines;
}

/** Where and how the run was taken, for the report's header. */
export interface RunFacts {
  readonly started: Date;
  readonly cpuCount: number;
  readonly cpuModel: string;
  readonly loadAverage: string;
  readonly pinned: boolean;
  /** Each size's seed time, as `10k: 1.2 s`. */
  readonly seedTimes: readonly string[];
  /** Each size's series creations, one line each. */
  readonly seriesLines: readonly string[];
  /** Each size's statements per create (issue 45 item 6), one line each. */
  readonly statementLines: readonly string[];
}

/** The whole report in Markdown: printed, and written to bench/results/. */
export function reportText(rows: readonly Row[], options: BenchOptions, facts: RunFacts): string {
  const { sizes, dialect, duration, connections, warmup, seriesCount, computed } = options;
  const { started, cpuCount, cpuModel, loadAverage, pinned, seedTimes, seriesLines, statementLines } = facts;
  const verdicts = targets(rows, options);
  return [
    `# Benchmark ${started.toISOString().slice(0, 10)}, ${dialect}, ${sizes.map(sizeLabel).join(' + ')} events`,
    '',
    `- Date: ${started.toISOString()}`,
    `- Machine: ${cpuCount} CPUs, ${cpuModel}; load average at start ${loadAverage}`,
    `- Node ${process.version}; autocannon, ${connections} connections, ${warmup} s warm-up then ${duration} s per scenario`,
    `- Pinning: ${pinned ? 'servers on CPU 0, load generator on CPU 1 (taskset)' : 'none'}`,
    '- Rate limits: off (CALENDAR_RATE_LIMIT_READS=0, CALENDAR_RATE_LIMIT_WRITES=0)',
    `- Read cache: ${computed ? 'off (--computed: every answer computed)' : 'on'}; record cache: on${options.withoutRecordCache ? ' (the *-without-record-cache rows: off)' : ''}`,
    `- Seed time: ${seedTimes.join(', ')}`,
    ...(seriesCount > 0
      ? [`- Recurring: ${sizeLabel(seriesCount)} of each size's events are weekly series (decision 0025)`]
      : []),
    ...seriesLines,
    ...statementLines,
    '',
    ...table(rows, dialect),
    '',
    'Targets (issues 6, 16 and 35):',
    '',
    ...(verdicts.length > 0 ? verdicts : ['- none measurable with these sizes and scenarios']),
    '',
  ].join('\n');
}
