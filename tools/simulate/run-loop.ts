/**
 * The run loop of the simulators (`npm run simulate`: devices, `npm run app-sim`: end users): runs
 * until Ctrl-C, a termination signal, the duration, or (with --until-done) everyone is done;
 * prints a progress line as it goes (rewritten in place on a terminal, every `printEveryMs`
 * otherwise) and, at the end, the last line, why it stopped and the five most frequent problems.
 */
export interface RunLoopOptions {
  /** The command's name, before its messages. */
  name: string;
  /** The progress line. */
  line: () => string;
  /** Whether every simulated party has finished (checked with --until-done). */
  allDone: () => boolean;
  untilDone: boolean;
  /** Why it stopped when everyone is done, e.g. "every device is done". */
  doneReason: string;
  durationSeconds?: number;
  tickMs: number;
  printEveryMs: number;
  /** A run that ends by itself (the population's), ending the loop with --until-done. */
  ends?: Promise<unknown>;
}

export const isTty = (): boolean => process.stdout.isTTY === true;

/** Runs the loop; answers why it stopped. */
export async function runUntilFinished(opts: RunLoopOptions): Promise<string> {
  const tty = isTty();
  let finish: (reason: string) => void = () => {};
  const finished = new Promise<string>((resolve) => {
    finish = resolve;
  });
  process.once('SIGINT', () => finish('interrupted'));
  process.once('SIGTERM', () => finish('terminated'));
  if (opts.durationSeconds) setTimeout(() => finish('duration reached'), opts.durationSeconds * 1000).unref();
  let lastPrinted = 0;
  const ticker = setInterval(() => {
    if (opts.untilDone && opts.allDone()) finish(opts.doneReason);
    const now = performance.now();
    if (tty) process.stdout.write(`\r${opts.line()}\u001b[K`);
    else if (now - lastPrinted >= opts.printEveryMs) {
      console.log(opts.line());
      lastPrinted = now;
    }
  }, opts.tickMs);
  void opts.ends?.then(() => {
    if (opts.untilDone) finish(opts.doneReason);
  });
  const reason = await finished;
  clearInterval(ticker);
  return reason;
}

/** The closing lines: the last progress line, why it stopped, the five most frequent problems. */
export function printStopped(name: string, line: string, reason: string, problems: Iterable<[string, number]>): void {
  if (isTty()) process.stdout.write('\n');
  console.log(line);
  console.log(`${name}: stopped (${reason})`);
  for (const [m, n] of [...problems].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${n} x ${m}`);
}

/** Runs a command's main: exits with its code, or 1 with the usage after a bad option. */
export function runCli(name: string, usage: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(
        err instanceof Error && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? `${name}: ${err.message}\n${usage}` : err,
      );
      process.exit(1);
    },
  );
}
