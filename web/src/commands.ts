// Every shortcut and command of the editor, once (excalidraw's idea: one action per entry,
// with its name, what it does, its key test and its label). The key handler runs the first
// entry whose test matches, the buttons take their titles from here, and the help panel and
// docs/editor.md's table are this table (test/web/commands.test.ts checks the doc against it).
import { DIALOG_KEYS, GESTURES } from './gestures.js';
import { isGlyph } from './glyphs.js';
import { TOOL_IDS, TOOL_INFO, type ToolBox } from './tools/index.js';
import type { DocumentStore } from './store.js';
import type { CarvingAnimation } from './generation/animation.js';
import type { Move, PlayMode } from './play/play.js';
import type { Merge } from './merge.js';

/** What the commands act on: the document, the tools, and the page around them. */
export interface EditorActions {
  readonly store: DocumentStore;
  readonly tools: ToolBox;
  /** Play mode (play/play.ts): walking the level yourself. */
  readonly play: PlayMode;
  /** Animate (generation/animation.ts): the Generate panel's maze carved step by step. */
  readonly animation: CarvingAnimation;
  /** A merge with another version (merge.ts): its differences, chosen cell by cell. */
  readonly merge: Merge;
  save(): void;
  togglePath(): void;
  toggleCheapest(): void;
  walk(): void;
  zoom(direction: 1 | -1): void;
  zoomToFit(): void;
  /** Space or Enter at the keyboard cursor (Space: when released, unless it panned). */
  activate(event: KeyboardEvent): void;
  moveCursor(dRow: number, dCol: number, shift: boolean): void;
  /** Delete: the selection, else the cursor's cell, becomes floor. */
  erase(): void;
  escape(): void;
}

export interface Command {
  readonly id: string;
  /** The keys as shown to people (help list, titles, docs). */
  readonly keys: string;
  /** What it does, in a few words. */
  readonly label: string;
  /** Whether a key event is this command's. */
  readonly test: (event: KeyboardEvent) => boolean;
  readonly perform: (editor: EditorActions, event: KeyboardEvent) => void;
  /** Only while the grid has the focus (else the keys are the page's: arrows scroll…). */
  readonly grid?: boolean;
  /** Also from a text field (Ctrl+S saves from anywhere on the page). */
  readonly inFields?: boolean;
  /**
   * Left to the browser, which fires a copy, cut or paste event with the clipboard's data;
   * useClipboard (web/src/hooks/keyboard.ts) takes it, with tools/select.ts's copy, cut and paste.
   */
  readonly native?: boolean;
  /**
   * The modes it acts in: editing (the default), Play mode (whose keys walk instead) or
   * Animate (whose keys pause, speed up, skip or stop the carving).
   */
  readonly modes?: readonly Mode[];
}

/** Editing, Play mode (the level is walked, never edited), or a carving being animated. */
export type Mode = 'edit' | 'play' | 'animate';

const mod = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey;
const plain = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;
const ctrl =
  (letter: string, shift = false) =>
  (event: KeyboardEvent) =>
    mod(event) && event.key.toLowerCase() === letter && event.shiftKey === shift;

/** Play mode's moves: the arrows and W A S D. */
const MOVES: Record<string, Move> = {
  ArrowUp: 'U',
  ArrowRight: 'R',
  ArrowDown: 'D',
  ArrowLeft: 'L',
  w: 'U',
  d: 'R',
  s: 'D',
  a: 'L',
  W: 'U',
  D: 'R',
  S: 'D',
  A: 'L',
};

/** A merge's keys (merge.ts): the differences in turn, and a side for the current one. */
type MergeKey = readonly [id: string, key: string, label: string, run: (e: EditorActions) => void];
const MERGE_KEYS: readonly MergeKey[] = [
  ['next', ']', 'the next difference, centred in the view', (e) => e.merge.step(1)],
  ['previous', '[', 'the previous difference, centred in the view', (e) => e.merge.step(-1)],
  ['theirs', 't', 'take theirs for the current difference', (e) => e.merge.takeTheirsHere()],
  ['mine', 'k', 'keep mine for the current difference', (e) => e.merge.keepMineHere()],
];

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowRight: [0, 1],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
};

export const COMMANDS: readonly Command[] = [
  {
    id: 'save',
    keys: 'Ctrl+S',
    label: 'save (from anywhere on the page; during Animate: skip to the end, storing the maze)',
    inFields: true,
    // Every mode: the browser's "Save page" never opens (Editor.save says what is saved).
    modes: ['edit', 'play', 'animate'],
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
    perform: () => {},
  },
  {
    id: 'cut',
    keys: 'Ctrl+X',
    label: 'cut the selection',
    native: true,
    test: ctrl('x'),
    perform: () => {},
  },
  {
    id: 'paste',
    keys: 'Ctrl+V',
    label: 'paste at the cell under the pointer, or at the cursor (ASCII from anywhere too)',
    native: true,
    test: ctrl('v'),
    perform: () => {},
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
  {
    id: 'animate',
    keys: 'g',
    label:
      'Animate: carve the Generate panel’s maze step by step, then store it as Generate does (again: skip to the end)',
    modes: ['edit', 'animate'],
    test: (event) => plain(event) && event.key === 'g',
    perform: (editor) => editor.animation.toggle(),
  },
  {
    id: 'animate-pause',
    keys: 'Space',
    label: 'Animate: pause, go on',
    modes: ['animate'],
    test: (event) => plain(event) && event.key === ' ',
    perform: (editor) => editor.animation.pause(),
  },
  {
    id: 'animate-speed',
    keys: '[, ]',
    label: 'Animate: half as fast, twice as fast',
    modes: ['animate'],
    test: (event) => plain(event) && (event.key === '[' || event.key === ']'),
    perform: (editor, event) => editor.animation.faster(event.key === ']' ? 1 : -1),
  },
  {
    id: 'animate-skip',
    keys: 'End',
    label: 'Animate: skip to the end (the level is stored)',
    modes: ['animate'],
    test: (event) => plain(event) && event.key === 'End',
    perform: (editor) => editor.animation.skip(),
  },
  {
    id: 'animate-stop',
    keys: 'Escape',
    label: 'Animate: stop; nothing is stored, the drawing stays as it was',
    modes: ['animate'],
    test: (event) => event.key === 'Escape',
    perform: (editor) => editor.animation.stop(),
  },
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

const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'];

/** A text field: keys go to it (a checkbox, a radio button or a button is not one). */
export function isTextField(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && !NOT_TEXT.includes(element.type ?? 'text');
}

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
