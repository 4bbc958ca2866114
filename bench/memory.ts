import fs from 'node:fs';

/** A server's peak resident memory since the last reset, in MB; resetting needs Linux' clear_refs. */
export const memory = {
  reset(pid: number): void {
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      // Without the reset, the peak covers the process' whole life: still an upper bound.
    }
  },
  peakMb(pid: number): number {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  },
  /** Resident memory now: before a scenario, the idle figure its peak is compared with. */
  currentMb(pid: number): number {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  },
};
