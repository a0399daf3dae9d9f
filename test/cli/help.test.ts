// --help on every command, unknown options, and errors as one short line: in process.
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/cli/command.js';
import { runCli } from '../support/cli.js';

const COMMANDS = ['solve', 'generate', 'run', 'maze', 'crusade', 'serve'];

describe('labyrinth --help', () => {
  it('lists every command', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const name of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(await runCli(['help'])).toEqual(help);
    // No command at all: the same text, but it is a mistake (exit 1).
    expect(await runCli([])).toEqual({ ...help, code: 1 });
  });

  it.each(COMMANDS)('%s --help prints its usage, options and one example', async (name) => {
    const help = await runCli([name, '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(new RegExp(`^usage: labyrinth ${name}\\b`));
    expect(help.stdout).toMatch(/\noptions:\n( {2}.+\n)* {2}-h, --help +print this help\n/);
    expect(help.stdout).toMatch(new RegExp(`\\nexample:\\n  labyrinth ${name}\\b.*\\n$`));
    // -h, `help NAME` and --help after other arguments all mean the same.
    expect(await runCli([name, '-h'])).toEqual(help);
    expect(await runCli(['help', name])).toEqual(help);
    expect(await runCli([name, 'x', '--help'])).toEqual(help);
  });

  // The examples run from the repository's root, as the help says; serve runs until signalled
  // (test/e2e/server.test.ts starts it) and maze writes a file (test/cli/maze.test.ts).
  it.each(COMMANDS.filter((name) => name !== 'serve' && name !== 'maze'))(
    "%s --help's example runs",
    async (name) => {
      const { stdout } = await runCli([name, '--help']);
      const example = /\nexample:\n {2}labyrinth (.*)\n$/.exec(stdout)![1];
      const [line, input] = example.split(' < ');
      const stdin =
        input === undefined ? '' : (await import('node:fs')).readFileSync(input, 'utf8');
      expect(await runCli(line.split(' '), stdin)).toMatchObject({ code: 0, stderr: '' });
    },
  );

  it.each(COMMANDS)('%s names its options when given an unknown one', async (name) => {
    const result = await runCli([name, '--colour=red']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^labyrinth ${name}: unknown option '--colour' \\(options of labyrinth ${name}: (--[a-z0-9-]+, )*--help\\)\\n$`,
      ),
    );
  });
});

describe('CLI errors', () => {
  it('are one line even when the input has line breaks', async () => {
    const result = await runCli(['run', '-'], '[1,\n2,\nx]');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^labyrinth run: stdin is not valid JSON: [^\n]+\n$/);
  });

  it('quote at most a short excerpt of the input', async () => {
    // Under the crusade's longest line (64 KiB): the bot reads it and quotes 60 characters.
    const huge = '7'.repeat(60_000);
    const result = await runCli(['crusade'], `${huge} 3\n`);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(
      `labyrinth crusade: line 1: expected "W H", two whole numbers from 1 to 20, got "${'7'.repeat(60)}…"\n`,
    );
    const unknown = await runCli([`x${'7'.repeat(1_000_000)}`]);
    expect(unknown.stderr.length).toBeLessThan(200);
  });

  it('oneLine escapes control characters and bounds the whole message', () => {
    expect(oneLine('a\nb\r\tc\u0000')).toBe('a\\nb\\r\\tc\\u0000');
    expect(oneLine('short "quoted" text')).toBe('short "quoted" text');
    expect(oneLine(`got "${'y'.repeat(61)}"`)).toBe(`got "${'y'.repeat(60)}…"`);
    expect([...oneLine(`unquoted ${'z'.repeat(10_000)}`)].length).toBe(481);
  });
});

describe('labyrinth --version', () => {
  it("prints package.json's version, as --version and -V", async () => {
    const { version } = JSON.parse(
      (await import('node:fs')).readFileSync('package.json', 'utf8'),
    ) as { version: string };
    const printed = await runCli(['--version']);
    expect(printed).toEqual({
      code: 0,
      stdout: `labyrinth ${version}\n`,
      stderr: '',
      output: `labyrinth ${version}\n`,
    });
    expect(await runCli(['-V'])).toEqual(printed);
    expect((await runCli(['--help'])).stdout).toContain("'labyrinth --version' (-V)");
  });
});
