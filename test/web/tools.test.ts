// The editor's tools (web/src/tools/): pointer gestures and the keyboard cursor, each stroke
// one undo step, the eraser (right button), and the selection's copy, cut, paste and move.
import { describe, expect, it } from 'vitest';
import { Grid, regionCells } from '../../web/src/grid.js';
import { DocumentStore } from '../../web/src/store.js';
import { createToolBox } from '../../web/src/tools/index.js';
import { Clipboard } from '../../web/src/clipboard.js';
import type { ToolBox } from '../../web/src/tools/tool.js';

const setup = (rows: string[]) => {
  const store = new DocumentStore(Grid.fromRows(rows) as Grid);
  return { store, box: createToolBox(store) };
};
const at = (row: number, col: number, shift = false, erase = false, ctrl = false) => ({
  cell: { row, col },
  shift,
  erase,
  ctrl,
});

/** The clipboard (clipboard.ts) over a tool box, with a clipboard event's data. */
const clipboards = new WeakMap<ToolBox, { clipboard: Clipboard; problem: string }>();
function clip(box: ToolBox, action: 'copy' | 'cut' | 'paste', text = ''): string | null {
  let entry = clipboards.get(box);
  if (!entry) {
    const made = { clipboard: null as unknown as Clipboard, problem: '' };
    made.clipboard = new Clipboard({
      store: box.store,
      tools: box,
      play: { active: false },
      set: (patch) => (made.problem = patch.problem ?? made.problem),
    });
    clipboards.set(box, (entry = made));
  }
  let written = '';
  entry.problem = '';
  const acted = entry.clipboard.run(action, {
    getData: () => text,
    setData: (_type: string, data: string) => (written = data),
  });
  if (action === 'paste') return entry.problem || null;
  return acted ? written : null;
}
const copySelection = (box: ToolBox) => clip(box, 'copy');
const cutSelection = (box: ToolBox) => clip(box, 'cut');
const paste = (box: ToolBox, text?: string) => clip(box, 'paste', text);
/** A drag with the current tool from the first cell through the others. */
const drag = (
  box: ReturnType<typeof setup>['box'],
  cells: [number, number][],
  shift = false,
  erase = false,
) => {
  const [first, ...rest] = cells;
  box.tool.down(box, at(first[0], first[1], shift, erase));
  for (const [row, col] of rest) box.tool.move(box, at(row, col, shift, erase));
  const last = cells[cells.length - 1];
  box.tool.up(box, at(last[0], last[1], shift, erase));
};

describe('tools', () => {
  it('Brush paints every cell between two pointer positions; the right button erases', () => {
    const { store, box } = setup(['.....', '.....']);
    drag(box, [
      [0, 0],
      [0, 4],
    ]);
    expect(store.grid.rows()).toEqual(['#####', '.....']);
    drag(
      box,
      [
        [0, 1],
        [0, 2],
      ],
      false,
      true,
    );
    expect(store.grid.rows()).toEqual(['#..##', '.....']);
    store.undo();
    store.undo();
    expect(store.grid.rows()).toEqual(['.....', '.....']);
  });

  it('Rectangle draws an outline, filled with Shift, and follows the pointer until released', () => {
    const { store, box } = setup(['.....', '.....', '.....', '.....']);
    box.choose('rectangle');
    drag(box, [
      [0, 0],
      [3, 4],
      [2, 3],
    ]);
    expect(store.grid.rows()).toEqual(['####.', '#..#.', '####.', '.....']);
    store.undo();
    drag(
      box,
      [
        [1, 1],
        [2, 2],
      ],
      true,
    );
    expect(store.grid.rows()).toEqual(['.....', '.##..', '.##..', '.....']);
    expect(store.canUndo).toBe(true);
    store.undo();
    expect(store.canUndo).toBe(false);
  });

  it('Line draws a straight line; Escape during the drag leaves the level as it was', () => {
    const { store, box } = setup(['.....', '.....', '.....']);
    box.choose('line');
    drag(box, [
      [0, 0],
      [2, 4],
    ]);
    expect(store.grid.rows()).toEqual(['##...', '..##.', '....#']);
    box.tool.down(box, at(0, 4));
    box.tool.move(box, at(2, 4));
    box.escape();
    expect(store.grid.rows()).toEqual(['##...', '..##.', '....#']);
  });

  it('Fill paints the 4-connected region of the clicked glyph only', () => {
    const { store, box } = setup(['..#..', '..#..', '###..']);
    box.choose('fill');
    box.chooseGlyph('3');
    drag(box, [[0, 0]]);
    expect(store.grid.rows()).toEqual(['33#..', '33#..', '###..']);
    expect(regionCells(store.grid, { row: 0, col: 4 })).toHaveLength(6);
  });

  it('Pick takes the glyph under the pointer and goes back to the tool before it', () => {
    const { box } = setup(['Sa', 'bE']);
    box.choose('rectangle');
    box.choose('pick');
    drag(box, [[0, 1]]);
    expect([box.glyph, box.toolId]).toEqual(['a', 'rectangle']);
  });

  it('every tool works from the keyboard cursor', () => {
    const { store, box } = setup(['....', '....', '....']);
    box.activate(false);
    box.moveCursor(0, 1, true);
    expect(store.grid.rows()[0]).toBe('##..');
    box.choose('rectangle');
    box.moveCursor(1, 0, false);
    box.activate(false);
    box.moveCursor(1, 2, false);
    box.activate(false);
    expect(store.grid.rows()).toEqual(['##..', '.###', '.###']);
    box.choose('fill');
    box.chooseGlyph('2');
    box.cursor = { row: 0, col: 3 };
    box.activate(false);
    expect(store.grid.rows()[0]).toBe('##22');
    box.choose('pick');
    box.cursor = { row: 1, col: 1 };
    box.activate(false);
    expect(box.glyph).toBe('#');
    box.erase();
    expect(store.grid.rows()[1]).toBe('..##');
  });

  it('Select drags a box, copies it as ASCII, and pastes it at the pointer or the cursor', () => {
    const { store, box } = setup(['S#..', '#a..', '....', '...E']);
    box.choose('select');
    drag(box, [
      [0, 0],
      [1, 1],
    ]);
    expect(box.selection).toEqual({ top: 0, left: 0, bottom: 1, right: 1 });
    expect(copySelection(box)).toBe('S#\n#a\n');
    box.pointerCell = { row: 2, col: 2 };
    expect(paste(box)).toBeNull();
    expect(store.grid.rows()).toEqual(['S#..', '#a..', '..S#', '..#a']);
    expect(box.selection).toEqual({ top: 2, left: 2, bottom: 3, right: 3 });
    // ASCII from the system clipboard, at the keyboard cursor; clipped at the level's edge.
    box.pointerCell = null;
    box.cursor = { row: 3, col: 0 };
    expect(paste(box, '12\n34\n')).toBeNull();
    expect(store.grid.rows()[3]).toBe('12#a');
    expect(paste(box, 'ab\nc\n')).toBe(
      'cannot paste that text: row 1 has 1 characters, row 0 has 2',
    );
    store.undo();
    store.undo();
    expect(store.grid.rows()).toEqual(['S#..', '#a..', '....', '...E']);
  });

  it('Select moves the selected block by a Ctrl+drag inside it (one step), cut leaves floor', () => {
    const { store, box } = setup(['ab..', 'cd..', '....']);
    box.choose('select');
    drag(box, [
      [0, 0],
      [1, 1],
    ]);
    // A plain drag inside the selection starts a new box (Tiled's Rectangular Select).
    drag(box, [
      [1, 1],
      [2, 2],
    ]);
    expect(box.selection).toEqual({ top: 1, left: 1, bottom: 2, right: 2 });
    expect(store.grid.rows()).toEqual(['ab..', 'cd..', '....']);
    box.selection = { top: 0, left: 0, bottom: 1, right: 1 };
    const [first, ...rest]: [number, number][] = [
      [0, 0],
      [1, 1],
      [1, 2],
    ];
    box.tool.down(box, at(first[0], first[1], false, false, true));
    for (const [row, col] of rest) box.tool.move(box, at(row, col, false, false, true));
    box.tool.up(box, at(1, 2, false, false, true));
    expect(store.grid.rows()).toEqual(['....', '..ab', '..cd']);
    expect(box.selection).toEqual({ top: 1, left: 2, bottom: 2, right: 3 });
    store.undo();
    expect(store.grid.rows()).toEqual(['ab..', 'cd..', '....']);
    box.selection = { top: 0, left: 0, bottom: 0, right: 1 };
    expect(cutSelection(box)).toBe('ab\n');
    expect(store.grid.rows()[0]).toBe('....');
    // A click without a drag clears the selection.
    drag(box, [[2, 3]]);
    expect(box.selection).toBeNull();
  });
});
