// `npm run draw-along -- --level ID [--cells N] [--every MS] [--name NAME]`: a bot that edits a
// level together with people, through the GraphQL API (docs/graphql.md, "Editing together").
//
// - It joins the level's shared drawing, follows `levelEdits` from the seq it joined at (so it
//   knows every cell as everyone sees it), and paints a wall on the first floor cell it finds,
//   one every MS milliseconds (1000), N times (10), then leaves.
// - Each edit has its own number: a resend after a lost answer changes nothing.
// - The server is LABYRINTH_URL (default http://localhost:4000/graphql); LABYRINTH_WRITE_TOKEN
//   is sent as `Authorization: Bearer …` when set.
import { randomBytes } from 'node:crypto';
import { print } from 'graphql';
import { GraphQLClient } from 'graphql-request';
import { createClient } from 'graphql-sse';
import {
  FollowEditsDocument,
  type FollowEditsSubscription,
  JoinToDrawDocument,
  LeaveDrawingDocument,
  PaintCellsDocument,
} from './gql/graphql.js';
import { requestFailure } from './make-levels.js';

interface Options {
  readonly level: string;
  readonly cells: number;
  readonly every: number;
  readonly name: string;
}

const USAGE =
  'usage: npm run draw-along -- --level ID [--cells N] [--every MS] [--name NAME]\n' +
  '  env LABYRINTH_URL (default http://localhost:4000/graphql), LABYRINTH_WRITE_TOKEN';

function parseArgs(args: readonly string[]): Options | 'help' {
  if (args.includes('--help') || args.includes('-h')) return 'help';
  const options = { level: '', cells: 10, every: 1000, name: 'Wall bot' };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--level') options.level = value;
    else if (flag === '--name') options.name = value;
    else if (flag === '--cells' || flag === '--every') {
      if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a whole number, got '${value}'`);
      options[flag.slice(2) as 'cells' | 'every'] = Number(value);
    } else throw new Error(`unknown option '${flag}'\n${USAGE}`);
  }
  if (!options.level) throw new Error(`--level is needed\n${USAGE}`);
  return options;
}

/** The drawing as the stream tells it. */
class Drawing {
  seq: number;
  private rows: string[][];

  constructor(seq: number, rows: readonly string[]) {
    this.seq = seq;
    this.rows = rows.map((row) => [...row]);
  }

  apply(event: FollowEditsSubscription['levelEdits']): void {
    if (event.__typename === 'DrawingReplaced') {
      this.rows = event.rows.map((row) => [...row]);
      this.seq = event.seq;
    } else if (event.__typename === 'CellsEdited') {
      for (const { row, col, glyphs } of event.cells) {
        [...glyphs].forEach((glyph, i) => (this.rows[row][col + i] = glyph));
      }
      this.seq = event.seq;
    }
  }

  firstFloor(): { row: number; col: number } | undefined {
    for (let row = 0; row < this.rows.length; row++) {
      const col = this.rows[row].indexOf('.');
      if (col >= 0) return { row, col };
    }
    return undefined;
  }
}

/** Draws; answers how many cells it painted. */
export async function drawAlong(
  url: string,
  headers: Record<string, string>,
  options: Options,
  log: (line: string) => void,
): Promise<number> {
  const client = new GraphQLClient(url, { headers });
  const session = `bot-${randomBytes(9).toString('base64url')}`;
  const id = options.level;
  const { joinLevel: joined } = await client.request(JoinToDrawDocument, {
    id,
    session,
    name: options.name,
  });
  if (joined.__typename === 'EditError') throw new Error(`cannot join ${id}: ${joined.message}`);
  const here = joined.collaborators.map((other) => other.name);
  log(`joined ${id} at seq ${joined.drawing.seq} (here: ${here.join(', ') || 'no one else'})`);
  const drawing = new Drawing(joined.drawing.seq, joined.drawing.rows);
  const stream = createClient({ url, headers });
  const events = stream.iterate<FollowEditsSubscription>({
    query: print(FollowEditsDocument),
    variables: { id, after: drawing.seq, session },
  });
  const following = (async () => {
    for await (const event of events) if (event.data) drawing.apply(event.data.levelEdits);
  })();
  let painted = 0;
  try {
    for (let edit = 1; edit <= options.cells; edit++) {
      await new Promise((resolve) => setTimeout(resolve, options.every));
      const cell = drawing.firstFloor();
      if (!cell) break;
      const cells = [{ ...cell, glyphs: '#' }];
      const { editLevel: done } = await client.request(PaintCellsDocument, {
        id,
        session,
        edit,
        cells,
      });
      if (done.__typename === 'EditError') log(`not painted: ${done.message}`);
      else {
        painted++;
        log(`painted row ${cell.row}, col ${cell.col} (seq ${done.seq})`);
      }
    }
  } finally {
    await client.request(LeaveDrawingDocument, { id, session });
    await events.return?.();
    stream.dispose();
    await following.catch(() => undefined);
  }
  return painted;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const url = process.env.LABYRINTH_URL || 'http://localhost:4000/graphql';
  if (!URL.canParse(url)) throw new Error(`LABYRINTH_URL is not a URL: '${url}'`);
  const token = process.env.LABYRINTH_WRITE_TOKEN;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  try {
    const painted = await drawAlong(url, headers, options, (line) => console.log(line));
    console.log(`painted ${painted} cells, left ${options.level}`);
    return 0;
  } catch (error) {
    throw new Error(requestFailure(url, error));
  }
}

if (process.argv[1]?.endsWith('draw-along.js')) {
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`draw-along: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
