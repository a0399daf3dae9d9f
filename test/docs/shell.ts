// The little shell the docs' examples are written in, run in process: words with '…' and "…"
// quoting, `\` line continuations (joined before this sees them), pipes `|`, `< FILE` and
// `> FILE`. The programs: printf, echo and cat, and the CLI as `npm run --silent labyrinth --`,
// `labyrinth` or `node dist/src/cli.js` (its `main`, in this process). Anything else is an
// error: a doc that needs more adds it here.
import { readFileSync, writeFileSync } from 'node:fs';
import { runCli } from '../support/cli.js';

export interface ShellResult {
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, in the order they were written (what a terminal shows). */
  readonly output: string;
  readonly code: number;
}

const printed = (stdout: string): ShellResult => ({ stdout, stderr: '', output: stdout, code: 0 });

type Token = { word: string } | { op: '|' | '<' | '>' };

export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let word: string | undefined;
  const push = () => {
    if (word !== undefined) tokens.push({ word });
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (char === '"') {
      let text = '';
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1])) i++;
        text += line[i];
      }
      if (i >= line.length) throw new Error(`unclosed " in: ${line}`);
      word = (word ?? '') + text;
    } else if (char === '\\') {
      word = (word ?? '') + line[++i];
    } else if (char === '|' || char === '<' || char === '>') {
      push();
      tokens.push({ op: char });
    } else if (/\s/.test(char)) {
      push();
    } else if (char === '#' && word === undefined) {
      break; // a comment
    } else {
      word = (word ?? '') + char;
    }
  }
  push();
  return tokens;
}

interface Stage {
  readonly argv: string[];
  input?: string;
  output?: string;
}

function stagesOf(tokens: Token[]): Stage[] {
  const stages: Stage[] = [{ argv: [] }];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const stage = stages[stages.length - 1];
    if ('word' in token) stage.argv.push(token.word);
    else if (token.op === '|') stages.push({ argv: [] });
    else {
      const next = tokens[++i];
      if (next === undefined || !('word' in next)) throw new Error(`${token.op} needs a file`);
      if (token.op === '<') stage.input = next.word;
      else stage.output = next.word;
    }
  }
  return stages;
}

/** printf's FORMAT with %s and the escapes the docs use. */
function printf(format: string, args: string[]): string {
  let next = 0;
  return format
    .replace(/%s/g, () => args[next++] ?? '')
    .replace(/\\(.)/g, (_all, char: string) =>
      char === 'n' ? '\n' : char === 't' ? '\t' : char === '\\' ? '\\' : `\\${char}`,
    );
}

const CLI_PREFIXES = [
  ['npm', 'run', '--silent', 'labyrinth', '--'],
  ['labyrinth'],
  ['node', 'dist/src/cli.js'],
];

/** The CLI's arguments when argv runs the CLI, else undefined. */
export function cliArgs(argv: readonly string[]): string[] | undefined {
  const prefix = CLI_PREFIXES.find((words) => words.every((word, i) => argv[i] === word));
  return prefix && argv.slice(prefix.length);
}

async function runStage(argv: string[], stdin: string): Promise<ShellResult> {
  const [program, ...args] = argv;
  const cli = cliArgs(argv);
  if (cli !== undefined) return runCli(cli, stdin);
  switch (program) {
    case 'printf':
      return printed(printf(args[0], args.slice(1)));
    case 'echo':
      return printed(`${args.join(' ')}\n`);
    case 'cat':
      return printed(
        args.length === 0 ? stdin : args.map((file) => readFileSync(file, 'utf8')).join(''),
      );
    default:
      throw new Error(`the docs' shell cannot run '${argv.join(' ')}' (test/docs/shell.ts)`);
  }
}

/** Runs one command line (continuations already joined) in the current directory. */
export async function runShell(line: string): Promise<ShellResult> {
  const stages = stagesOf(tokenize(line));
  let stdin = '';
  let shown = ''; // what the earlier stages of a pipe showed: their stderr
  let stderr = '';
  let last: ShellResult = printed('');
  for (const [i, stage] of stages.entries()) {
    if (stage.input !== undefined) stdin = readFileSync(stage.input, 'utf8');
    last = await runStage(stage.argv, stdin);
    stderr += last.stderr;
    if (stage.output !== undefined) {
      writeFileSync(stage.output, last.stdout);
      last = { ...last, stdout: '', output: last.stderr };
    }
    stdin = last.stdout;
    if (i < stages.length - 1) shown += last.stderr;
  }
  return { stdout: last.stdout, stderr, output: shown + last.output, code: last.code };
}
