// The editor's state outside the view: the document, the tools, the zoom, the writes, the
// live check's answers and what the page says. Preact components read it and call its
// methods; what waits for a person's answer (discard the drawing? delete?) is an intent in
// `ui.pending`, never a callback.
import { ApiError, request } from './api.js';
import { askServer } from './check.js';
import { Clipboard } from './clipboard.js';
import type { EditorActions } from './commands.js';
import type { EditorHost, UiState } from './editor-state.js';
import {
  OpenLevelDocument,
  type GenerateLevelInput,
  type LevelFieldsFragment,
} from './gql/graphql.js';
import { type Anchor, Grid } from './grid.js';
import { InsightLayers } from './insights.js';
import { Merge } from './merge.js';
import { Together } from './collab/together.js';
import { CarvingAnimation } from './generation/animation.js';
import { carveOnServer } from './generation/carving-api.js';
import { PlayMode } from './play/play.js';
import { playServer } from './play/play-api.js';
import { hexLosses } from './hex-losses.js';
import { infoOf } from './level-meta.js';
import { DocumentStore } from './store.js';
import { type ToolBox, createToolBox } from './tools/index.js';
import { Viewport } from './viewport.js';
import { PanelFolds } from './panels/folds.js';
import { walkAlong } from './walker.js';
import { hashOf } from './address.js';
import { answerPending, type Answer } from './pending.js';
import { cutOff } from './resize.js';
import { stored } from './stored.js';
import { sendWrite } from './writes-api.js';
import { Writer } from './writes.js';

export type { Pending, UiState } from './editor-state.js';

/** How long a status line stays (a problem stays until it is fixed or dismissed). */
export const STATUS_MS = 6000;

export { hashOf, levelFromHash } from './address.js';

export class Editor implements EditorActions, EditorHost {
  readonly store = new DocumentStore();
  readonly tools: ToolBox = createToolBox(this.store);
  readonly viewport = new Viewport();
  /** Copy, cut, paste and the stamp (clipboard.ts). */
  readonly clipboard: Clipboard = new Clipboard(this);
  readonly panels = new PanelFolds();
  /** Which insight overlays are on (the Insights panel). */
  readonly layers = new InsightLayers();
  readonly play = new PlayMode(this.store, playServer, (problem) => this.set({ problem }));
  readonly animation = new CarvingAnimation({
    store: this.store,
    carve: carveOnServer,
    check: askServer,
    generate: (id, input) => this.generate(id, input),
    say: (message) => this.set(message),
    busy: () => (this.play.active ? 'leave Play mode to animate a maze' : null),
    losesWork: (id) => id.trim() !== this.store.meta.id && this.losesWork,
  });
  readonly writer = new Writer({
    send: (intent, expected) =>
      sendWrite(
        intent,
        expected,
        () => this.store.grid.rows(),
        () => this.store.info,
      ),
    current: async (id) => (await request(OpenLevelDocument, { id })).level ?? null,
    stored: (intent, outcome) => stored(this, intent, outcome),
    problem: (message) => this.set({ problem: message }),
  });
  /** This page's part in editing the open level with everyone else who has it open. */
  readonly together = new Together(this.store, (message) => this.set(message));
  ui: UiState = {
    status: '',
    problem: '',
    remote: null,
    liveDown: false,
    liveRefused: '',
    pending: null,
    deleted: null,
    showPath: true,
    showCheapest: true,
    walker: null,
    listRefresh: 0,
    check: null,
    ascii: '',
  };
  private readonly listeners = new Set<() => void>();
  /** Cell by cell with another version (a conflict's, or one compared): merge.ts. */
  readonly merge = new Merge(this.store, this.writer, (problem) => this.set({ problem }));

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(patch: Partial<UiState>): void {
    this.ui = { ...this.ui, ...patch };
    if (patch.status) this.clearLater(patch.status);
    for (const listener of this.listeners) listener();
  }

  private statusTimer: ReturnType<typeof setTimeout> | undefined;

  /** A status line clears STATUS_MS after it is shown, unless another replaced it. */
  private clearLater(status: string): void {
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => {
      if (this.ui.status === status) this.set({ status: '' });
    }, STATUS_MS);
  }

  fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.set({ problem: error instanceof ApiError ? message : `Unexpected error: ${message}` });
  }

  // --- levels --------------------------------------------------------------------------
  /** Opens a stored level (`push`: as a new history entry); over unsaved changes, asks. */
  open(id: string, push = true): void {
    if (this.losesWork && id !== this.store.meta.id) {
      return this.set({ pending: { kind: 'open', id, push } });
    }
    void this.load(id, push);
  }

  /** Leaving the drawing loses unsaved work: no shared drawing holds all of it. */
  get losesWork(): boolean {
    return this.store.dirty && !this.together.keeps;
  }

  /** The level's current version (the same level: the drawing stays one undo away). */
  async load(id: string, push: boolean): Promise<void> {
    try {
      const { level } = await request(OpenLevelDocument, { id, version: null });
      if (!level) return this.set({ problem: `there is no level '${id}'` });
      this.show(level);
      if (push && location.hash !== hashOf(id)) history.pushState(null, '', hashOf(id));
      this.set({ problem: '' });
    } catch (error) {
      this.fail(error);
    }
  }

  /**
   * An old version into the drawing, its name and tags into the fields (one undo step);
   * saving it makes the next version.
   */
  async viewVersion(version: number): Promise<void> {
    const { id } = this.store.meta;
    try {
      const { level } = await request(OpenLevelDocument, { id, version });
      const next = level && Grid.fromRows(level.rows);
      if (!next || typeof next === 'string') return this.set({ problem: `no version ${version}` });
      const info = infoOf(level);
      this.store.replace(next, info);
      const name = info.name ? ` “${info.name}”` : ', no name';
      const tags = info.tags ? `tags ${info.tags}` : 'no tags';
      this.set({
        status: `Showing version ${version} of ${id}${name}, ${tags}: save to make it the current version.`,
      });
    } catch (error) {
      this.fail(error);
    }
  }

  /** A level from the server into the editor; the view fits it when it is another level. */
  show(level: LevelFieldsFragment): void {
    const other = level.levelId !== this.store.meta.id || this.store.meta.version === 0;
    const refused = this.store.open(level);
    if (refused) return this.set({ problem: `cannot show level ${level.levelId}: ${refused}` });
    this.tools.selection = null;
    this.tools.clampCursor();
    this.set({ remote: null });
    if (other) this.viewport.fit();
  }

  /** A new level (`push`: as a new history entry); over unsaved changes, asks. */
  newLevel(discard = false, push = true): void {
    if (this.losesWork && !discard) return this.set({ pending: { kind: 'new', push } });
    this.store.newLevel();
    this.tools.selection = null;
    this.tools.clampCursor();
    this.viewport.zoomTo(32);
    if (push && location.hash) history.pushState(null, '', location.pathname + location.search);
    this.set({ remote: null, status: 'New level: name it, draw it, save it.' });
  }

  /** The person's answer to what was pending (pending.ts). */
  answer(go: Answer): void {
    answerPending(this, go);
  }

  restoreHash(): void {
    const { id, version } = this.store.meta;
    history.replaceState(null, '', version > 0 ? hashOf(id) : location.pathname + location.search);
  }

  /** Another version of the open level (null: the current one); over unsaved changes, asks. */
  offerVersion(version: number | null, shown: number, ask = true): void {
    if (ask && this.store.dirty) return this.set({ pending: { kind: 'version', version, shown } });
    void (version === null ? this.load(this.store.meta.id, false) : this.viewVersion(version));
  }

  /** Resizes the level; a resize that would cut off cells other than floor asks first. */
  resize(width: number, height: number, anchor: Anchor, ask = true): void {
    const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1000;
    if (!ok(width) || !ok(height)) {
      return this.set({ problem: 'width and height must be whole numbers from 1 to 1000' });
    }
    const lost = ask ? cutOff(this.store.grid, width, height, anchor) : '';
    if (lost) return this.set({ pending: { kind: 'resize', width, height, anchor, lost } });
    this.store.resize(width, height, anchor);
    this.tools.clampCursor();
    this.set({ problem: '' });
  }

  pasteAscii(): void {
    const next = Grid.fromText(this.ui.ascii);
    if (typeof next === 'string') return this.set({ problem: `cannot use that text: ${next}` });
    this.store.replace(next);
    this.tools.clampCursor();
    this.viewport.fit();
    this.set({ problem: '', status: `Pasted a ${next.width}×${next.height} level.` });
  }

  async copyAscii(): Promise<void> {
    const text = this.store.grid.text();
    this.set({ ascii: text });
    try {
      await navigator.clipboard.writeText(text);
      this.set({ status: 'The level is on the clipboard as ASCII.' });
    } catch {
      this.set({ status: 'The level is in the ASCII box: select it and copy.' });
    }
  }

  // --- writes ----------------------------------------------------------------------------
  /**
   * Save, with the button or from the keyboard. During Animate or a preview the page shows the
   * generated maze, not the drawing: saving keeps that maze (skipped to the end), stored now.
   */
  save(): void {
    if (this.animation.active) return this.animation.save();
    const id = this.store.meta.id.trim();
    if (!id) return this.set({ problem: 'give the level an id first' });
    void this.writer.run({ kind: 'save', id }, this.store.meta.version);
  }

  /** Generates and stores a level (a preview's Keep); settles when the write is done. */
  async generate(id: string, input: GenerateLevelInput): Promise<void> {
    if (!id.trim()) return this.set({ problem: 'give the generated level an id' });
    await this.writer.run({ kind: 'generate', id: id.trim(), input }, this.expectedFor(id.trim()));
  }

  importHex(text: string): void {
    const { id, version } = this.store.meta;
    const replaced = hexLosses(this.store.grid.rows());
    void this.writer.run({ kind: 'import', id: id.trim(), text, replaced }, version);
  }

  revert(version: number): void {
    void this.writer.run(
      { kind: 'revert', id: this.store.meta.id, version },
      this.store.meta.version,
    );
  }

  /** The level deleted last, back: its deleted version saved again as its next version. */
  restore(): void {
    const deleted = this.ui.deleted;
    if (!deleted) return;
    // 0: only while no level has the id (someone may have made a new one meanwhile).
    void this.writer.run({ kind: 'revert', id: deleted.id, version: deleted.version }, 0);
  }

  /** "Take theirs" in a conflict: their version into the drawing (mine one undo away). */
  takeTheirs(): void {
    const theirs = this.writer.state.conflict?.theirs;
    this.writer.dismissConflict();
    if (!theirs) return;
    this.show(theirs);
    this.set({
      status: `Took version ${theirs.version}, its name and tags too; yours are one undo away.`,
    });
  }

  private expectedFor(id: string): number {
    return id === this.store.meta.id ? this.store.meta.version : 0;
  }

  // --- commands (commands.ts) ----------------------------------------------------------------
  /** The path on (revealed step by step, by the walker) or off. */
  togglePath(): void {
    const showPath = !this.ui.showPath;
    this.set({ showPath });
    if (showPath) this.walk();
  }

  toggleCheapest(): void {
    this.set({ showCheapest: !this.ui.showCheapest });
  }

  /** Walks a marker along the fewest-steps path (at once for reduced motion). */
  walk(): void {
    const check = this.ui.check;
    const current = check?.revision === this.store.revision ? check.state : null;
    const path = current?.kind === 'answers' ? current.path : null;
    if (path && this.ui.walker === null) walkAlong(path, (walker) => this.set({ walker }));
  }

  zoom(direction: 1 | -1): void {
    this.viewport.step(direction);
  }

  zoomToFit(): void {
    this.viewport.fit();
  }

  activate(event: KeyboardEvent): void {
    if (event.key === 'Enter') return this.tools.activate(event.shiftKey);
    // Space: used when released (GridView), unless a drag panned meanwhile.
    if (!event.repeat) {
      this.viewport.spaceHeld = true;
      this.viewport.panned = false;
    }
  }

  moveCursor(dRow: number, dCol: number, shift: boolean): void {
    this.tools.moveCursor(dRow, dCol, shift);
  }

  erase(): void {
    this.tools.erase();
  }

  escape(): void {
    this.tools.escape();
  }
}
