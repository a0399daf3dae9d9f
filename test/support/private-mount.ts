// A file system of the test's own, for faults a real disk has: a tmpfs of a given size that
// fills, made read-only at will. It lives in a mount namespace of its own (unshare), held
// open by a process that waits, so that nothing outside it sees the mount; commands and servers
// run inside it with nsenter. As root a mount namespace is enough; another user gets a user
// namespace too (`unshare -rm`), in which they may mount: most Linux systems allow that
// (Debian, Fedora, Ubuntu up to 23.04; Ubuntu 23.10 and later restrict it through AppArmor:
// `sysctl kernel.apparmor_restrict_unprivileged_userns=0`, and some kernels turn it off:
// `sysctl kernel.unprivileged_userns_clone=1`). Without either the test fails, saying so.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const asRoot = process.getuid?.() === 0;

export interface PrivateMount {
  /** Where the tmpfs is mounted (inside the namespace; outside it is an empty directory). */
  readonly dir: string;
  /** The command line that runs a program inside the namespace: put it before the program. */
  readonly enter: readonly string[];
  /**
   * The same, for a program that must not run as root (PostgreSQL's server refuses to): as root,
   * it runs as user `uid` (group `gid`); as another user, `uid` and `gid` must be that user's
   * own, and it runs as itself in a user namespace nested in the mount's (where it is root).
   */
  enterAs(uid: number, gid: number): readonly string[];
  /** Runs a shell command inside the namespace; answers its stdout, throws when it fails. */
  sh(command: string): Promise<string>;
  /**
   * Makes the mount read-only (for root too). A bind remount: in a user namespace the tmpfs
   * itself may not be remounted; it fails while a file is open for writing on it.
   */
  readOnly(): Promise<void>;
  /** Ends the namespace (and with it the tmpfs) and removes the directory. */
  close(): Promise<void>;
}

/** Mounts a tmpfs of `size` (as mount(8) writes it: `24m`) in a namespace of its own. */
export async function privateTmpfs(size: string): Promise<PrivateMount> {
  const dir = await mkdtemp(join(tmpdir(), 'labyrinth-tmpfs-'));
  const holder: ChildProcess = spawn(
    'unshare',
    [
      ...(asRoot ? ['--mount'] : ['--user', '--map-root-user', '--mount']),
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${size},mode=0755 tmpfs "$0" && echo mounted && exec cat`,
      dir,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  holder.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  holder.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  holder.once('error', (error) => (output += String(error)));
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', () => output.includes('mounted\n') && resolve());
    void exited.then(() =>
      reject(
        new Error(
          `cannot mount a tmpfs of the test's own (${asRoot ? 'unshare -m' : 'unshare -rm'}): ` +
            `${output.trim()}` +
            (asRoot
              ? ''
              : '; this user may not make user namespaces: allow them (see ' +
                'test/support/private-mount.ts), or run the tests as root'),
        ),
      ),
    );
  });
  const enter = [
    'nsenter',
    `--target=${holder.pid}`,
    ...(asRoot ? ['--mount'] : ['--user', '--mount', '--preserve-credentials']),
    '--',
  ];
  const sh = async (command: string): Promise<string> => {
    const [program, ...args] = enter;
    const { stdout } = await run(program, [...args, 'sh', '-c', command]);
    return stdout;
  };
  const enterAs = (uid: number, gid: number): readonly string[] =>
    asRoot
      ? [...enter.slice(0, -1), `--setuid=${uid}`, `--setgid=${gid}`, '--']
      : [...enter, 'unshare', '--user', `--map-user=${uid}`, `--map-group=${gid}`, '--'];
  return {
    dir,
    enter,
    enterAs,
    sh,
    async readOnly() {
      await sh(`mount -o remount,bind,ro "${dir}"`);
    },
    async close() {
      holder.stdin!.end();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
