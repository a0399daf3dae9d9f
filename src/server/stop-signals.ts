// When the server (or the primary of several instances) should stop: the first SIGTERM or
// SIGINT, or, when npm started it, npm being gone. Measured with npm 11 (docs/deploy.md,
// "Starting and stopping"):
// - npm forwards SIGTERM and SIGINT to the script's process. Ctrl-C in a terminal signals the
//   whole foreground process group, so the server gets SIGINT twice, from the terminal and from
//   npm: the copy must not count as "a second signal: exit now". It usually comes within a
//   millisecond or so, but on a loaded machine npm's copy came more than a second late (CI, two
//   cores, the whole suite running): with npm as the parent, the first repeat of the first
//   signal within RELAY_MS is npm's copy, whenever it comes.
// - Between two signals there must be no moment without a handler: a signal that finds none
//   kills the process, with no shutdown.
// - npm killed outright (SIGKILL) cannot forward anything: the server, reparented, would keep
//   its port. Started by npm, it watches its parent and stops when npm is gone.
// - An instance of several (cluster.ts) hears from its primary over IPC, not by a signal: the
//   primary's relay of a Ctrl-C the instance also got from the terminal is then never taken
//   for a second one, however late it comes.

/** A signal this soon after the first is the same request, forwarded (npm, a terminal). */
export const ECHO_MS = 1000;

/** How late npm's copy of the first signal may come and still be taken as that copy. */
export const RELAY_MS = 10_000;

/** How often the server looks whether its parent, npm, is still there. */
const PARENT_POLL_MS = 500;

export type StopReason =
  | { readonly kind: 'signal'; readonly signal: NodeJS.Signals }
  | { readonly kind: 'parent gone'; readonly parent: number };

/** What a primary sends its instances (cluster.ts): stop gracefully, or stop now. */
export interface StopMessage {
  readonly labyrinthStop: 'graceful' | 'now';
  readonly signal: NodeJS.Signals;
}

function isStopMessage(message: unknown): message is StopMessage {
  if (typeof message !== 'object' || message === null) return false;
  const stop = (message as { labyrinthStop?: unknown }).labyrinthStop;
  return stop === 'graceful' || stop === 'now';
}

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

export interface WatchOptions {
  /**
   * The parent is npm: stop when it is gone, and take the first repeat of the first signal
   * within RELAY_MS as npm's copy of it.
   */
  readonly npmParent?: boolean;
  /** This is an instance of several: also take StopMessages from the primary. */
  readonly fromPrimary?: boolean;
}

/**
 * Listens for SIGTERM and SIGINT from now until `dispose`, and, with `npmParent`, for the
 * parent process going away (this process is then adopted by another: its parent id changes).
 */
export function watchStopSignals(options: WatchOptions = {}): StopSignals {
  let resolveFirst: (reason: StopReason) => void = () => {};
  const first = new Promise<StopReason>((resolve) => (resolveFirst = resolve));
  let firstAt: number | undefined;
  let firstSignal: NodeJS.Signals | undefined;
  let relayPending = options.npmParent === true;
  let again: ((signal: NodeJS.Signals) => void) | undefined;
  const stop = (reason: StopReason): void => {
    if (firstAt !== undefined) return;
    firstAt = performance.now();
    if (reason.kind === 'signal') firstSignal = reason.signal;
    resolveFirst(reason);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (firstAt === undefined) return stop({ kind: 'signal', signal });
    const since = performance.now() - firstAt;
    if (relayPending && signal === firstSignal && since < RELAY_MS) {
      relayPending = false;
      return;
    }
    if (since >= ECHO_MS) again?.(signal);
  };
  const onMessage = (message: unknown): void => {
    if (!isStopMessage(message)) return;
    // The primary's graceful stop is the request this process may already have had from the
    // terminal: never "again". Its "now" is a second request the primary did take as one.
    if (message.labyrinthStop === 'graceful' || firstAt === undefined) {
      stop({ kind: 'signal', signal: message.signal });
    } else {
      again?.(message.signal);
    }
  };
  process.on('SIGTERM', onSignal).on('SIGINT', onSignal);
  if (options.fromPrimary) process.on('message', onMessage);
  const parent = process.ppid;
  const poll = options.npmParent
    ? setInterval(() => {
        if (process.ppid !== parent) stop({ kind: 'parent gone', parent });
      }, PARENT_POLL_MS).unref()
    : undefined;
  return {
    first,
    onAgain: (handler) => void (again = handler),
    dispose: () => {
      clearInterval(poll);
      process.off('SIGTERM', onSignal).off('SIGINT', onSignal).off('message', onMessage);
      // A copy of the first signal may still be on its way (npm's of a terminal's Ctrl-C):
      // finding no handler, it would kill the process as it exits cleanly. Ignored for
      // ECHO_MS more (RELAY_MS while npm's copy is still due); the timer holds nothing.
      const ignore = (): void => {};
      process.on('SIGTERM', ignore).on('SIGINT', ignore);
      setTimeout(
        () => process.off('SIGTERM', ignore).off('SIGINT', ignore),
        relayPending ? RELAY_MS : ECHO_MS,
      ).unref();
    },
  };
}

/** The log line for a reason to stop. */
export function describeStop(reason: StopReason): string {
  return reason.kind === 'signal'
    ? reason.signal
    : `npm (pid ${reason.parent}, which started this process) is gone`;
}
