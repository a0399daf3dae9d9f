// The clipboard, in one place: copy, cut and paste of the selection, and the stamp they hold
// (stamps.ts). The keyboard's copy, cut and paste events (hooks/keyboard.ts), the COMMANDS
// table's entries (commands.ts) and the toolbar's buttons all call `run`. A copied block is
// kept here (for this page: any level opened in it) and goes to the system clipboard as ASCII
// rows; text from anywhere pastes when it is a block of level glyphs, and is refused otherwise.
// A paste stays "floating" until the level changes otherwise: turning or mirroring the stamp,
// or transparent paste on or off, places it again in its place (one undo step still).
import { type Box, type Grid, clipBox, sameBox } from './grid.js';
import { SavedStamps, type Slots, type Turn, stampOf, turned } from './stamps.js';
import type { Cell, DocumentStore } from './store.js';
import { cellsOf } from './tools/select.js';
import { FLOOR, type ToolBox } from './tools/tool.js';

export type ClipboardAction = 'copy' | 'cut' | 'paste';

/** What the clipboard acts on (the Editor). */
export interface ClipboardHost {
  readonly store: DocumentStore;
  readonly tools: ToolBox;
  readonly play: { readonly active: boolean };
  set(patch: { readonly status?: string; readonly problem?: string }): void;
}

/** The data of a browser clipboard event (the system clipboard's text goes through it). */
type Data = Pick<DataTransfer, 'getData' | 'setData'>;

const TURNED: Readonly<Record<Turn, string>> = {
  clockwise: 'turned clockwise',
  anticlockwise: 'turned anticlockwise',
  'flip-x': 'flipped left to right',
  'flip-y': 'flipped upside down',
};

export class Clipboard {
  /** The stamp: the block copied or pasted last in this page, as turned since; null: none. */
  stamp: Grid | null = null;
  /** The text the last copy or cut put on the system clipboard (the stamp before any turn). */
  private copiedText = '';
  /** Floor in the stamp leaves the cells under it as they are (kept by `saved` for next time). */
  transparent: boolean;
  /** The last paste while nothing else changed the level: where it went and its box. */
  private floating: {
    readonly at: Cell;
    readonly box: Box;
    readonly revision: number;
    readonly undoable: boolean;
  } | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly host: ClipboardHost,
    readonly saved = new SavedStamps(),
  ) {
    this.transparent = saved.transparent();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Copy, cut or paste. `data`: a browser clipboard event's (the system clipboard's text comes
   * and goes through it); without it (a button, the table) a copy goes to the system clipboard
   * through navigator.clipboard, and a paste pastes the stamp. Answers whether it acted (the
   * event's default is then prevented); nothing is done while the level is played.
   */
  run(action: ClipboardAction, data?: Data | null): boolean {
    const { store, tools, play } = this.host;
    if (play.active) return false;
    if (action === 'paste') {
      this.paste(data?.getData('text/plain'));
      return true;
    }
    const box = tools.selection;
    if (!box) return false;
    const block = store.grid.block(box);
    this.stamp = block;
    this.floating = null;
    if (action === 'cut') store.paint(cellsOf(box), FLOOR);
    const what = `${action === 'cut' ? 'Cut' : 'Copied'} ${block.width}×${block.height} cells`;
    this.copiedText = block.text();
    if (data) data.setData('text/plain', block.text());
    else void this.writeSystem(block.text(), what);
    this.host.set({ status: `${what} (also as ASCII).` });
    this.emit();
    return true;
  }

  /** The stamp turned or mirrored; a floating paste is placed again, turned. */
  turn(turn: Turn): void {
    if (!this.stamp) {
      return this.host.set({ problem: 'no stamp to turn: copy a selection first' });
    }
    this.stamp = turned(this.stamp, turn);
    this.refloat();
    this.host.set({
      problem: '',
      status: `Stamp ${TURNED[turn]}: ${this.stamp.width}×${this.stamp.height}.`,
    });
    this.emit();
  }

  /** Transparent paste on or off; a floating paste is placed again. */
  toggleTransparent(): void {
    this.transparent = !this.transparent;
    this.saved.keepTransparent(this.transparent);
    this.refloat();
    this.host.set({
      status: this.transparent
        ? 'Transparent paste on: floor in the stamp leaves the cells under it.'
        : 'Transparent paste off: the whole stamp is pasted, floor too.',
    });
    this.emit();
  }

  /** The open level's saved stamps. */
  slots(): Slots {
    return this.saved.slots(this.host.store.meta.id);
  }

  /** The stamp into the first empty slot of the open level. */
  save(): void {
    const slot = this.slots().indexOf(null);
    if (!this.stamp) return this.host.set({ problem: 'no stamp to save: copy a selection first' });
    if (slot < 0) return this.host.set({ problem: 'every stamp slot is taken: forget one first' });
    const refused = this.saved.write(this.host.store.meta.id, slot, this.stamp.rows());
    if (refused) return this.host.set({ problem: `cannot save the stamp: ${refused}` });
    this.host.set({ problem: '', status: `Saved the stamp as stamp ${slot + 1}.` });
    this.emit();
  }

  /** A saved stamp becomes the stamp. */
  pick(slot: number): void {
    const rows = this.slots()[slot];
    const stamp = rows && stampOf(rows.join('\n'));
    if (!stamp || typeof stamp === 'string') return;
    this.stamp = stamp;
    this.floating = null;
    // As a copy: on the system clipboard too, so that the paste key pastes it.
    this.copiedText = stamp.text();
    const what = `Stamp ${slot + 1} picked: ${stamp.width}×${stamp.height}`;
    void this.writeSystem(this.copiedText, what);
    this.host.set({ problem: '', status: `${what}, to paste.` });
    this.emit();
  }

  forget(slot: number): void {
    const refused = this.saved.write(this.host.store.meta.id, slot, null);
    if (refused) return this.host.set({ problem: `cannot forget the stamp: ${refused}` });
    this.host.set({ status: `Forgot stamp ${slot + 1}.` });
    this.emit();
  }

  /**
   * Pastes with the stamp's top-left cell at the paste target (under the pointer, or the
   * keyboard cursor), as one undo step, and selects it. `text`: the system clipboard's (a block
   * of level glyphs; it becomes the stamp); blank, none, or what the last copy put there: the
   * stamp (as turned since).
   */
  private paste(text: string | undefined): void {
    let block = this.stamp;
    const copied = text !== undefined && text.replace(/\r\n?/g, '\n') === this.copiedText;
    if (text !== undefined && text.trim() !== '' && !(copied && block)) {
      const parsed = stampOf(text);
      if (typeof parsed === 'string') {
        return this.host.set({ problem: `cannot paste that text: ${parsed}` });
      }
      block = this.stamp = parsed;
      this.copiedText = '';
    }
    if (!block) {
      return this.host.set({ problem: 'nothing to paste: select cells and copy them first' });
    }
    this.place(block, this.host.tools.target);
    this.host.set({ problem: '', status: 'Pasted.' });
    this.emit();
  }

  private place(block: Grid, at: Cell): void {
    const { store, tools } = this.host;
    const stroke = store.beginStroke();
    if (this.transparent) {
      const byGlyph = new Map<string, Cell[]>();
      for (let row = 0; row < block.height; row++) {
        for (let col = 0; col < block.width; col++) {
          const glyph = block.get(row, col);
          if (glyph === FLOOR) continue;
          const cells = byGlyph.get(glyph) ?? [];
          cells.push({ row: at.row + row, col: at.col + col });
          byGlyph.set(glyph, cells);
        }
      }
      for (const [glyph, cells] of byGlyph) stroke.paint(cells, glyph);
    } else stroke.place(block, at);
    const undoable = stroke.changed;
    stroke.commit();
    if (tools.toolId !== 'select') tools.choose('select');
    const bottom = at.row + block.height - 1;
    const box = clipBox(
      { top: at.row, left: at.col, bottom, right: at.col + block.width - 1 },
      store.grid,
    );
    tools.selection = box;
    this.floating = { at, box, revision: store.revision, undoable };
    tools.changed();
  }

  /** The floating paste, if still floating, undone and placed again with the stamp as it is. */
  private refloat(): void {
    const { store, tools } = this.host;
    const floating = this.floating;
    this.floating = null;
    if (!floating || !this.stamp || store.editing) return;
    if (store.revision !== floating.revision || !sameBox(tools.selection, floating.box)) return;
    if (floating.undoable) {
      if (!store.canUndo) return;
      store.undo();
    }
    this.place(this.stamp, floating.at);
  }

  private async writeSystem(text: string, what: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Refused (no permission): the stamp is still kept in the page.
      this.host.set({ status: `${what}: kept in this page (the system clipboard refused it).` });
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
