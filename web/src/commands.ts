// Every shortcut and command of the editor, once (excalidraw's idea: one action per entry,
// with its name, what it does, its key test and its label). The key handler runs the first
// entry whose test matches, the buttons take their titles from here, and the help panel and
// docs/editor.md's table are this table (test/web/commands.test.ts checks the doc against it).
import { DIALOG_KEYS, GESTURES } from './gestures.js';
import { isGlyph } from './glyphs.js';
import type { Turn } from './stamps.js';
import { ARROWS, MOVES, ctrl, plain } from './keys.js';
import { isTextField } from './text-field.js';
import type { Command, EditorActions, Mode } from './command.js';
import { TOOL_IDS, TOOL_INFO } from './tools/index.js';
import { GENERATE_COMMANDS } from './generation/commands.js';

export { isTextField };

export type { Command, EditorActions, Mode } from './command.js';

/** A merge's keys (merge.ts): the differences in turn, and a side for the current one. */
type MergeKey = readonly [id: string, key: string, label: string, run: (e: EditorActions) => void];
/** The stamp's turns (Tiled's keys): each with its keys as shown, label and key. */
type StampTurn = readonly [turn: Turn, keys: string, label: string, key: string];
const STAMP_TURNS: readonly StampTurn[] = [
  ['clockwise', 'z', 'turn the stamp (the block copied or pasted last) clockwise, gates too', 'z'],
  ['anticlockwise', 'Shift+Z', 'turn the stamp anticlockwise', 'Z'],
  ['flip-x', 'x', 'flip the stamp left to right', 'x'],
  ['flip-y', 'y', 'flip the stamp upside down', 'y'],
];

const MERGE_KEYS: readonly MergeKey[] = [
  ['next', ']', 'the next difference, centred in the view', (e) => e.merge.step(1)],
  ['previous', '[', 'the previous difference, centred in the view', (e) => e.merge.step(-1)],
  ['theirs', 't', 'take theirs for the current difference', (e) => e.merge.takeTheirsHere()],
  ['mine', 'k', 'keep mine for the current difference', (e) => e.merge.keepMineHere()],
];

export const COMMANDS: readonly Command[] = [
  {
    id: 'save',
    keys: 'Ctrl+S',
    label:
      'save (from anywhere on the page; during Animate or a preview: keep the generated maze, stored)',
    inFields: true,
    // Every mode: the browser's "Save page" never opens (Editor.save says what is saved).
    modes: ['edit', 'play', 'animate', 'preview'],
    test: ctrl('s'),
    perform: (editor) => editor.save(),
  },
  {
    id: 'undo',
    keys: 'Ctrl+Z',
    label: 'undo',
    test: ctrl('z'),
    perform: (editor) => editor.store.undo(),
  },
  {
    id: 'redo',
    keys: 'Ctrl+Y, Ctrl+Shift+Z',
    label: 'redo',
    test: (event) => ctrl('y')(event) || ctrl('z', true)(event),
    perform: (editor) => editor.store.redo(),
  },
  {
    id: 'copy',
    keys: 'Ctrl+C',
    label: 'copy the selection (also to the system clipboard, as ASCII)',
    native: true,
    test: ctrl('c'),
    perform: (editor) => editor.clipboard.run('copy'),
  },
  {
    id: 'cut',
    keys: 'Ctrl+X',
    label: 'cut the selection',
    native: true,
    test: ctrl('x'),
    perform: (editor) => editor.clipboard.run('cut'),
  },
  {
    id: 'paste',
    keys: 'Ctrl+V',
    label: 'paste at the cell under the pointer, or at the cursor (ASCII from anywhere too)',
    native: true,
    test: ctrl('v'),
    perform: (editor) => editor.clipboard.run('paste'),
  },
  ...STAMP_TURNS.map(([turn, keys, label, key]): Command => ({
    id: `stamp-${turn}`,
    keys,
    label,
    test: (event) => plain(event) && event.key === key,
    perform: (editor) => editor.clipboard.turn(turn),
  })),
  {
    id: 'stamp-transparent',
    keys: 'T',
    label: 'transparent paste on/off: floor in the stamp leaves the cells under it',
    test: (event) => plain(event) && event.key === 'T',
    perform: (editor) => editor.clipboard.toggleTransparent(),
  },
  ...TOOL_IDS.map((id): Command => ({
    id: `tool-${id}`,
    keys: TOOL_INFO[id].key,
    label: `${TOOL_INFO[id].name}: ${TOOL_INFO[id].help}`,
    test: (event) => plain(event) && event.key === TOOL_INFO[id].key,
    perform: (editor) => editor.tools.choose(id),
  })),
  {
    id: 'glyph',
    keys: '# . S E 1–9 ^ > v < a–d A–D',
    label: 'paint with that glyph',
    test: (event) => plain(event) && isGlyph(event.key),
    perform: (editor, event) => editor.tools.chooseGlyph(event.key),
  },
  {
    id: 'path',
    keys: 'p',
    label: 'fewest-steps path on/off',
    test: (event) => plain(event) && event.key === 'p',
    perform: (editor) => editor.togglePath(),
  },
  {
    id: 'cheapest',
    keys: '$',
    label: 'cheapest path on/off',
    test: (event) => plain(event) && event.key === '$',
    perform: (editor) => editor.toggleCheapest(),
  },
  {
    id: 'walk',
    keys: 'r',
    label: 'walk the path',
    test: (event) => plain(event) && event.key === 'r',
    perform: (editor) => editor.walk(),
  },
  {
    id: 'play',
    keys: 'P',
    label: 'Play mode on/off: walk the level yourself from S',
    modes: ['edit', 'play'],
    test: (event) => plain(event) && event.key === 'P',
    perform: (editor) => editor.play.toggle(),
  },
  {
    id: 'play-move',
    keys: 'arrows, W A S D',
    label: 'Play mode: walk up, left, down, right (anywhere but in a text field)',
    modes: ['play'],
    test: (event) => plain(event) && event.key in MOVES,
    perform: (editor, event) => editor.play.move(MOVES[event.key]),
  },
  {
    id: 'play-restart',
    keys: 'Escape, R',
    label: 'Play mode: start again from S',
    modes: ['play'],
    test: (event) => plain(event) && (event.key === 'Escape' || event.key.toLowerCase() === 'r'),
    perform: (editor) => editor.play.restart(),
  },
  ...GENERATE_COMMANDS,
  ...MERGE_KEYS.map(([id, keys, label, perform]): Command => ({
    id: `merge-${id}`,
    keys,
    label: `merge: ${label}`,
    test: (event) => plain(event) && event.key === keys,
    perform,
  })),
  {
    id: 'zoom-in',
    keys: '+',
    label: 'zoom in (around the centre)',
    modes: ['edit', 'play'],
    test: (event) => plain(event) && (event.key === '+' || event.key === '='),
    perform: (editor) => editor.zoom(1),
  },
  {
    id: 'zoom-out',
    keys: '-',
    label: 'zoom out (around the centre)',
    modes: ['edit', 'play'],
    test: (event) => plain(event) && event.key === '-',
    perform: (editor) => editor.zoom(-1),
  },
  {
    id: 'zoom-fit',
    keys: '0',
    label: 'zoom to fit',
    modes: ['edit', 'play'],
    test: (event) => plain(event) && event.key === '0',
    perform: (editor) => editor.zoomToFit(),
  },
  {
    id: 'panels',
    keys: '\\',
    label: 'fold the side panels to their tab, or unfold them (the grid takes their width)',
    modes: ['edit', 'play'],
    test: (event) => plain(event) && event.key === '\\',
    perform: (editor) => editor.panels.toggle(),
  },
  {
    id: 'cursor',
    keys: 'arrows',
    label: 'move the cursor (on the grid); Shift: paint while moving (Brush)',
    grid: true,
    test: (event) => !event.ctrlKey && !event.metaKey && !event.altKey && event.key in ARROWS,
    perform: (editor, event) => {
      const [dRow, dCol] = ARROWS[event.key];
      editor.moveCursor(dRow, dCol, event.shiftKey);
    },
  },
  {
    id: 'activate',
    keys: 'Space, Enter',
    label:
      'use the tool at the cursor (on the grid): paint, fill, pick; a shape or a box: first corner, then last',
    grid: true,
    test: (event) =>
      !event.ctrlKey && !event.metaKey && (event.key === ' ' || event.key === 'Enter'),
    perform: (editor, event) => editor.activate(event),
  },
  {
    id: 'erase',
    keys: 'Delete, Backspace',
    label: 'the selection, or the cursor’s cell, becomes floor (on the grid)',
    // On the grid only: with a checkbox or a button focused the keys are not the level's.
    grid: true,
    test: (event) => plain(event) && (event.key === 'Delete' || event.key === 'Backspace'),
    perform: (editor) => editor.erase(),
  },
  {
    id: 'escape',
    keys: 'Escape',
    label: 'cancel the shape or move being drawn; clear the selection',
    test: (event) => event.key === 'Escape',
    perform: (editor) => editor.escape(),
  },
];

/** The command a key event is for, or none; `onGrid`: the grid has the focus. */
export function commandFor(
  event: KeyboardEvent,
  onGrid: boolean,
  mode: Mode = 'edit',
): Command | undefined {
  const inField = isTextField(event.target);
  return COMMANDS.find(
    (command) =>
      (command.modes ?? ['edit']).includes(mode) &&
      command.test(event) &&
      (!inField || command.inFields) &&
      (!command.grid || onGrid),
  );
}

function commandOf(id: string): Command {
  const command = COMMANDS.find((entry) => entry.id === id);
  if (!command) throw new Error(`no command '${id}'`);
  return command;
}

/** A button's title: what it does and its keys, from the table. */
export function titleOf(id: string): string {
  const command = commandOf(id);
  return `${command.label} (${command.keys})`;
}

/** A command's keys as shown to people, from the table. */
export function keysOf(id: string): string {
  return commandOf(id).keys;
}

/** The keys of a command as a sentence says them: "Escape or R", "arrows or W A S D". */
export function keysSaid(id: string): string {
  return keysOf(id).replace(/, (?=[^,]*$)/, ' or ');
}

/** A control's visible name with the keys of its command, from the table: "Walk the path (r)". */
export function withKeys(name: string, id: string): string {
  return `${name} (${keysOf(id)})`;
}

/** The grid's keys (the entries for the grid only), for its accessible description. */
export function gridKeys(): string {
  return COMMANDS.filter((command) => command.grid)
    .map((command) => `${command.keys}: ${command.label.replace(' (on the grid)', '')}.`)
    .join(' ');
}

/** The help list and docs/editor.md's shortcut table: keys and what they do. */
export function shortcutRows(): (readonly [keys: string, label: string])[] {
  const rows = COMMANDS.map((command) => [command.keys, command.label] as const);
  return [...rows, ...DIALOG_KEYS, ...GESTURES];
}
