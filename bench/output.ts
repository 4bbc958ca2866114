/** How the bench prints: lines as they come, figures rounded, sizes as they are written on the command line. */

export const log = (line: string) => process.stdout.write(`${line}\n`);

export const format = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);

export const sizeLabel = (events: number) =>
  events % 1_000_000 === 0 ? `${events / 1_000_000}m` : events % 1000 === 0 ? `${events / 1000}k` : String(events);
