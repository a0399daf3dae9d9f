// Every example in the documented files is run (docs/contributing.md, "Examples"): each fenced
// block is checked by its shape, or by the `<!-- example: … -->` marker on the line before it,
// and a block the test cannot check fails until it gets a marker. Commands run in process, in
// a scratch directory per file (with examples/ and test/ linked in), so this takes seconds.
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  Kind,
  buildSchema,
  parse,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  type TypeNode,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/graphql/http/yoga.js';
import { LevelService } from '../../src/service/level-service.js';
import { type Block, fencedBlocks } from './markdown.js';
import { cliArgs, runShell, tokenize } from './shell.js';
import { splitCost } from '../graphql/helpers.js';

/**
 * The files whose examples are run. Covering another file is one more line here (then mark
 * any block the test cannot check: the failure names each one).
 */
const DOCUMENTED = [
  'README.md',
  'docs/rules.md',
  'docs/generation.md',
  'docs/crusade.md',
  'docs/storage.md',
  'docs/contributing.md',
  'docs/graphql.md',
  'docs/deploy.md',
  'docs/editor.md',
  'docs/cli.md',
  'docs/benchmarks.md',
  'docs/decisions.md',
  'docs/architecture.md',
  'docs/development.md',
  'CHANGELOG.md',
];

const root = fileURLToPath(new URL('../..', import.meta.url));
const scripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** `$ command` lines (with `\` continuations) and the output printed after each. */
function transcript(block: Block): Array<{ command: string; output: string }> {
  const steps: Array<{ command: string; output: string[] }> = [];
  for (let i = 0; i < block.lines.length; i++) {
    let line = block.lines[i];
    if (line.startsWith('$ ')) {
      let command = line.slice(2);
      while (command.endsWith('\\') && i + 1 < block.lines.length) {
        line = block.lines[++i];
        command = `${command.slice(0, -1)}\n${line}`;
      }
      steps.push({ command, output: [] });
    } else if (steps.length === 0) {
      throw new Error(`${block.where}: a transcript starts with a "$ " command line`);
    } else {
      steps[steps.length - 1].output.push(line);
    }
  }
  return steps.map(({ command, output }) => ({
    command: command.replace(/\\\n\s*/g, ' ').replace(/\n\s*/g, ' '),
    output: output.length === 0 ? '' : `${output.join('\n')}\n`,
  }));
}

/** A failing command shows an error line on stderr and exits 1; anything else exits 0. */
function expectedCode(stderr: string): number {
  return stderr.split('\n').some((line) => line !== '' && !line.includes(': warning: ')) ? 1 : 0;
}

async function checkTranscript(block: Block): Promise<void> {
  for (const { command, output } of transcript(block)) {
    const result = await runShell(command);
    expect(result.output, `${block.where}: $ ${command}`).toBe(output);
    expect(result.code, `${block.where}: exit code of $ ${command}`).toBe(
      expectedCode(result.stderr),
    );
  }
}

/** Commands shown without output: the CLI ones run, npm ones name real package scripts. */
async function checkCommands(block: Block): Promise<void> {
  const lines = block.lines
    .join('\n')
    .replace(/\\\n\s*/g, ' ')
    .split('\n');
  for (const line of lines) {
    for (const part of line.replace(/\s#.*$/, '').split('&&')) {
      const command = part.trim();
      if (command === '') continue;
      const argv = tokenize(command).flatMap((token) => ('word' in token ? [token.word] : []));
      if (command.split('|').some((stage) => cliArgs(stage.trim().split(/\s+/)) !== undefined)) {
        const result = await runShell(command);
        expect(result, `${block.where}: $ ${command}`).toMatchObject({ code: 0, stderr: '' });
      } else if (argv[0] === 'npm') {
        // Install, build, test and serve are what CI and the other tests run; here only
        // their names are checked (npm ci is npm's own; test/e2e/npm-start.test.ts runs start).
        const script =
          argv[1] === 'run' ? argv.find((word, i) => i > 1 && !word.startsWith('-')) : argv[1];
        if (argv[1] !== 'ci') {
          expect(scripts, `${block.where}: ${command} names a package script`).toHaveProperty([
            script!,
          ]);
        }
      } else {
        throw new Error(`${block.where}: the docs test cannot run '${command}'`);
      }
    }
  }
}

/** `curl` requests to the API, answered in process by the app over an in-memory service. */
async function checkRequest(
  block: Block,
  response: Block | undefined,
  app: ReturnType<typeof createApp>,
): Promise<void> {
  const words = tokenize(block.lines.join('\n').replace(/\\\n/g, ' ')).flatMap((token) =>
    'word' in token ? [token.word] : [],
  );
  expect(words[0], `${block.where}: a request block is one curl command`).toBe('curl');
  let url = '';
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    if (words[i] === '-s') continue;
    if (words[i] === '-H') {
      const [name, ...value] = words[++i].split(':');
      headers[name.trim()] = value.join(':').trim();
    } else if (words[i] === '-d') body = words[++i];
    else url = words[i];
  }
  const request = new Request(url.startsWith('http') ? url : `http://${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body,
  });
  const text = await (await app.fetch(request)).text();
  if (response === undefined) throw new Error(`${block.where}: a request needs its response`);
  if (response.lang === 'json') {
    const shown = JSON.parse(response.lines.join('\n')) as { extensions?: { cost?: unknown } };
    // Every response carries its price; an example shows it only where it is the point.
    const answered = JSON.parse(text) as unknown;
    const real = shown?.extensions?.cost === undefined ? splitCost(answered).body : answered;
    expect(real, `${response.where}: the response`).toEqual(shown);
  } else {
    expect(text, `${response.where}: the response`).toBe(response.lines.join('\n'));
  }
}

/** A GraphQL excerpt: every type, field, argument, enum value and union member it shows. */
function checkSchemaExcerpt(block: Block): void {
  const schema = buildSchema(readFileSync(join(root, 'schema/schema.graphql'), 'utf8'));
  const typeText = (node: TypeNode): string =>
    node.kind === Kind.NON_NULL_TYPE
      ? `${typeText(node.type)}!`
      : node.kind === Kind.LIST_TYPE
        ? `[${typeText(node.type)}]`
        : node.name.value;
  const argsText = (args: readonly InputValueDefinitionNode[] | undefined) =>
    (args ?? []).map((arg) => `${arg.name.value}: ${typeText(arg.type)}`);
  for (const definition of parse(block.lines.join('\n')).definitions) {
    if (!('name' in definition) || definition.name === undefined) continue;
    const name = definition.name.value;
    const type = schema.getType(name);
    expect(type, `${block.where}: type ${name}`).toBeDefined();
    if ('fields' in definition && definition.fields) {
      const fields = (
        type as GraphQLObjectType | GraphQLInterfaceType | GraphQLInputObjectType
      ).getFields();
      for (const field of definition.fields as ReadonlyArray<
        FieldDefinitionNode | InputValueDefinitionNode
      >) {
        const real = fields[field.name.value];
        const where = `${block.where}: ${name}.${field.name.value}`;
        expect(real, where).toBeDefined();
        expect(String(real.type), where).toBe(typeText(field.type));
        if ('arguments' in field && 'args' in real) {
          // schema.graphql is sorted by name; an excerpt keeps the order of the code.
          expect(real.args.map((arg) => `${arg.name}: ${String(arg.type)}`).sort(), where).toEqual(
            argsText(field.arguments).sort(),
          );
        }
      }
    }
  }
}

function checkFile(block: Block, file: string): void {
  expect(`${block.lines.join('\n')}\n`, `${block.where}: the text of ${file}`).toBe(
    readFileSync(join(root, file), 'utf8'),
  );
}

for (const file of DOCUMENTED) {
  describe(file, () => {
    const blocks = fencedBlocks(file, readFileSync(join(root, file), 'utf8'));
    const app = createApp(LevelService.inMemory(), { logging: false });
    let scratch = '';
    beforeAll(() => {
      // Examples read examples/ and test/fixtures/ and may write files: a directory of their
      // own, with those linked in, keeps the repository clean.
      scratch = mkdtempSync(join(tmpdir(), 'labyrinth-docs-'));
      for (const dir of ['examples', 'test']) symlinkSync(join(root, dir), join(scratch, dir));
      process.chdir(scratch);
    });
    afterAll(() => {
      process.chdir(root);
      rmSync(scratch, { recursive: true, force: true });
    });

    it('has a check for every block', () => {
      expect(
        blocks.filter((block) => kindOf(block, blocks) === undefined).map((b) => b.where),
      ).toEqual([]);
    });

    // In order: the API's examples build on each other, like the session they show.
    for (const [i, block] of blocks.entries()) {
      const kind = kindOf(block, blocks);
      if (kind === undefined || kind === 'response' || kind === 'none') continue;
      it(`${block.where} (${kind})`, async () => {
        if (kind === 'transcript') await checkTranscript(block);
        else if (kind === 'commands') await checkCommands(block);
        else if (kind === 'request') await checkRequest(block, blocks[i + 1], app);
        else if (kind === 'schema') checkSchemaExcerpt(block);
        else checkFile(block, kind.slice('file '.length));
      });
    }
  });
}

type BlockKind =
  'transcript' | 'commands' | 'request' | 'response' | 'schema' | 'none' | `file ${string}`;

/** How a block is checked: its marker, else its shape; undefined when nothing fits. */
function kindOf(block: Block, blocks: readonly Block[]): BlockKind | undefined {
  const marker = block.marker;
  if (marker !== undefined) {
    // `none: why` leaves a block unchecked, and says why (a reason is required).
    if (/^none:\s*\S/.test(marker)) return 'none';
    if (/^file \S+$/.test(marker)) return marker as BlockKind;
    throw new Error(`${block.where}: unknown marker "example: ${marker}"`);
  }
  const first = block.lines.find((line) => line.trim() !== '') ?? '';
  if (first.startsWith('$ ')) return 'transcript';
  if (block.lang === 'graphql') return 'schema';
  if (block.lang === 'sh' && first.startsWith('curl ')) return 'request';
  const previous = blocks[blocks.indexOf(block) - 1];
  if (previous !== undefined && kindOf(previous, blocks) === 'request') return 'response';
  if (block.lang === 'sh') return 'commands';
  return undefined;
}
