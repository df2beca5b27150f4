import { cpus, loadavg } from 'node:os';

/**
 * Machine load for benches on a shared box. Every bench prints the load when it starts; a bench that
 * compares a subject with an anchor (ours vs nginx, chat vs bare ws) measures the load over each phase and
 * prints the ratio only when both ran under comparable load.
 *
 * The rule (one place, so every bench applies the same): the load of a phase is the mean of the 1-minute
 * load average at its start and at its end; two phases are comparable when
 * |a − b| ≤ max(0.5 × cores, 0.25 × max(a, b)). Beyond that the other tenants took a different share of
 * the CPU in each phase, and the ratio would measure them rather than our code.
 */
export const cores = (): number => cpus().length;

const oneMinute = (): number => loadavg()[0] ?? 0;

/** Print the machine's load averages and core count; call first thing in every bench. */
export const printMachineLoad = (when = 'start'): void => {
  const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
  console.log(`machine load at ${when}: ${one} / ${five} / ${fifteen} (1/5/15 min) on ${cores()} cores`);
};

/**
 * Run one phase of a bench and return its result with the machine load over it. `busyCores` are cores the
 * bench keeps busy on purpose for the whole phase (a CPU burner started with it); their share of the
 * load average is left out, so the figure compared with other phases is the other tenants' load. The
 * 1-minute average is damped (it moves by 1 − e^(−t/60) towards a new level after t seconds), so a burner
 * of T seconds adds 0 at the start and 1 − e^(−T/60) per core at the end.
 */
export const underLoad = async <T>(
  run: () => Promise<T>,
  opts: { busyCores?: number } = {},
): Promise<{ result: T; load: number }> => {
  const before = oneMinute();
  const t0 = performance.now();
  const result = await run();
  const seconds = (performance.now() - t0) / 1000;
  const own = ((opts.busyCores ?? 0) * (1 - Math.exp(-seconds / 60))) / 2;
  return { result, load: Math.max(0, (before + oneMinute()) / 2 - own) };
};

/** Whether two phases ran under comparable load (the rule above). */
export const comparableLoad = (a: number, b: number): boolean =>
  Math.abs(a - b) <= Math.max(0.5 * cores(), 0.25 * Math.max(a, b));

/**
 * The ratio subject / anchor as text with both loads, or a refusal when the loads were not comparable.
 * `budget` is appended when the ratio is printed.
 */
export const ratioUnderLoad = (
  subject: { value: number; load: number },
  anchor: { value: number; load: number },
  budget = '',
): string => {
  const loads = `load ${subject.load.toFixed(1)} vs ${anchor.load.toFixed(1)}`;
  if (!comparableLoad(subject.load, anchor.load))
    return `not printed: ${loads} differ by more than max(0.5 × ${cores()} cores, 25 %); run again on a steadier machine`;
  if (!Number.isFinite(subject.value) || !Number.isFinite(anchor.value) || anchor.value === 0) return 'n/a';
  return `${(subject.value / anchor.value).toFixed(2)}${budget ? ` ${budget}` : ''} (${loads})`;
};
