// What a command of the COMMANDS table is (commands.ts, generation/commands.ts) and what it
// acts on: types only, so the table's parts import them and none of each other.
import type { Clipboard } from './clipboard.js';
import type { CarvingAnimation } from './generation/animation.js';
import type { Merge } from './merge.js';
import type { PlayMode } from './play/play.js';
import type { DocumentStore } from './store.js';
import type { ToolBox } from './tools/index.js';

/** What the commands act on: the document, the tools, and the page around them. */
export interface EditorActions {
  readonly store: DocumentStore;
  readonly tools: ToolBox;
  /** Play mode (play/play.ts): walking the level yourself. */
  readonly play: PlayMode;
  /** Generate's preview and Animate (generation/animation.ts): the panel's maze, not stored. */
  readonly animation: CarvingAnimation;
  /** A merge with another version (merge.ts): its differences, chosen cell by cell. */
  readonly merge: Merge;
  /** Copy, cut, paste and the stamp they hold (clipboard.ts). */
  readonly clipboard: Clipboard;
  save(): void;
  togglePath(): void;
  toggleCheapest(): void;
  walk(): void;
  zoom(direction: 1 | -1): void;
  zoomToFit(): void;
  /** The side column's panels (panels/folds.ts): folded to their tab, or not. */
  readonly panels: { toggle(): void };
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
   * The key is left to the browser, which fires a copy, cut or paste event with the system
   * clipboard's data; useClipboard (hooks/keyboard.ts) hands it to the same Clipboard.run as
   * `perform` (which a button calls, without the event's data).
   */
  readonly native?: boolean;
  /**
   * The modes it acts in: editing (the default), Play mode (whose keys walk instead),
   * Animate (whose keys pause, speed up, skip or stop the carving) or a generated maze's
   * preview (whose keys keep or discard it).
   */
  readonly modes?: readonly Mode[];
}

/**
 * Editing, Play mode (the level is walked, never edited), a carving being animated, or a
 * generated maze previewed (shown, not stored).
 */
export type Mode = 'edit' | 'play' | 'animate' | 'preview';
