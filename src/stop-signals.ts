// When the server (or the primary of several instances) should stop: the first SIGTERM or
// SIGINT, or, when npm started it, npm being gone. Measured with npm 11 (docs/deploy.md,
// "Starting and stopping"):
// - npm forwards SIGTERM and SIGINT to the script's process. Ctrl-C in a terminal signals the
//   whole foreground process group, so the server gets SIGINT twice, from the terminal and from
//   npm, within a millisecond or so: the copy must not count as "a second signal: exit now".
// - Between two signals there must be no moment without a handler: a signal that finds none
//   kills the process (before, about one Ctrl-C in three under `npm start` did, with no shutdown).
// - npm killed outright (SIGKILL) cannot forward anything: the server, reparented, would keep
//   its port. Started by npm, it watches its parent and stops when npm is gone.

/** A signal this soon after the first is the same request, forwarded (npm, a terminal). */
export const ECHO_MS = 1000;

/** How often the server looks whether its parent, npm, is still there. */
const PARENT_POLL_MS = 500;

export type StopReason =
  | { readonly kind: 'signal'; readonly signal: NodeJS.Signals }
  | { readonly kind: 'parent gone'; readonly parent: number };

export interface StopSignals {
  /** The first reason to stop. */
  readonly first: Promise<StopReason>;
  /** Called for each later SIGTERM or SIGINT that is not an echo of the first. */
  onAgain(handler: (signal: NodeJS.Signals) => void): void;
  /** Removes the handlers (the process then exits as usual once nothing else runs). */
  dispose(): void;
}

/** Whether an npm script started this process (npm sets npm_lifecycle_event for its scripts). */
export function startedByNpm(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.npm_lifecycle_event !== undefined && env.npm_lifecycle_event !== '';
}

/**
 * Listens for SIGTERM and SIGINT from now until `dispose`, and, with `watchParent`, for the
 * parent process going away (this process is then adopted by another: its parent id changes).
 */
export function watchStopSignals(options: { watchParent?: boolean } = {}): StopSignals {
  let resolveFirst: (reason: StopReason) => void = () => {};
  const first = new Promise<StopReason>((resolve) => (resolveFirst = resolve));
  let firstAt: number | undefined;
  let again: ((signal: NodeJS.Signals) => void) | undefined;
  const stop = (reason: StopReason): void => {
    if (firstAt !== undefined) return;
    firstAt = performance.now();
    resolveFirst(reason);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (firstAt === undefined) stop({ kind: 'signal', signal });
    else if (performance.now() - firstAt >= ECHO_MS) again?.(signal);
  };
  process.on('SIGTERM', onSignal).on('SIGINT', onSignal);
  const parent = process.ppid;
  const poll = options.watchParent
    ? setInterval(() => {
        if (process.ppid !== parent) stop({ kind: 'parent gone', parent });
      }, PARENT_POLL_MS).unref()
    : undefined;
  return {
    first,
    onAgain: (handler) => void (again = handler),
    dispose: () => {
      clearInterval(poll);
      process.off('SIGTERM', onSignal).off('SIGINT', onSignal);
      // A copy of the first signal may still be on its way (npm's of a terminal's Ctrl-C, a
      // primary's to its instances, which got the terminal's too): finding no handler, it would
      // kill the process as it exits cleanly. Ignored for ECHO_MS more; the timer holds nothing.
      const ignore = (): void => {};
      process.on('SIGTERM', ignore).on('SIGINT', ignore);
      setTimeout(() => process.off('SIGTERM', ignore).off('SIGINT', ignore), ECHO_MS).unref();
    },
  };
}

/** The log line for a reason to stop. */
export function describeStop(reason: StopReason): string {
  return reason.kind === 'signal'
    ? reason.signal
    : `npm (pid ${reason.parent}, which started this process) is gone`;
}
