// Editing together, for the editor: while a stored level is open, this page edits its shared
// drawing (link.ts) with everyone else who has it open. Each page load is one session, with
// the name the person typed; edits kept from an earlier page keep their own session's id.
import { request } from '../api.js';
import { type LevelFieldsFragment, OpenLevelDocument } from '../gql/graphql.js';
import { Grid } from '../grid.js';
import type { Cell, DocumentStore } from '../store.js';
import { type LinkHost, type LinkState, LevelLink } from './link.js';
import { type Box, type TogetherServer, togetherServer } from './together-api.js';

const NAME_KEY = 'labyrinth.name';

export interface TogetherState extends LinkState {
  /** The level edited together (null: none, e.g. a new level not saved yet). */
  readonly level: string | null;
  readonly name: string;
}

const IDLE: TogetherState = {
  level: null,
  name: '',
  joined: false,
  offline: false,
  unsent: 0,
  colour: '',
  people: [],
};

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A random session id (A-Z a-z 0-9, 20 characters). */
function newSessionId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

export class Together {
  state: TogetherState = IDLE;
  private link: LevelLink | null = null;
  /** Links closed while edits of theirs were still on the way: they go on until sent. */
  private readonly leaving = new Set<LevelLink>();
  private readonly listeners = new Set<() => void>();
  private readonly session: { id: string; next: number };
  private name: string;
  /** A version someone else saved, until the drawing here is what they saved. */
  private saved: LevelFieldsFragment | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly say: (message: { status?: string; problem?: string }) => void,
    private readonly server: TogetherServer = togetherServer,
  ) {
    this.session = { id: newSessionId(), next: 1 };
    this.name = localStore()?.getItem(NAME_KEY) ?? '';
    this.state = { ...IDLE, name: this.name };
  }

  /** Follows the open level from now on (the editor's page calls it; tests need not). */
  connect(): () => void {
    const follow = () => this.follow();
    const stopMeta = this.store.subscribe(follow);
    const stopCells = this.store.onCells((cells) => this.link?.changed(cells));
    follow();
    return () => {
      stopMeta();
      stopCells();
      this.stop();
    };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Everything drawn here is held by the server (nothing is lost by leaving the page). */
  get keeps(): boolean {
    return this.state.joined && this.state.unsent === 0;
  }

  /** The name others see (kept in this browser); joins again with it. */
  setName(name: string): void {
    this.name = name.slice(0, 40);
    try {
      localStore()?.setItem(NAME_KEY, this.name);
    } catch {
      // Not kept: it lasts until the page is left.
    }
    this.set({ name: this.name });
    this.link?.rename();
  }

  point(pointer: Cell | null, selection: Box | null): void {
    this.link?.point(pointer, selection);
  }

  /**
   * Someone else saved the open level as `version`: once the drawing here is what they saved
   * (their save of the shared drawing, heard now or as soon as its last edits arrive), it is
   * that version, with nothing unsaved. A save of other rows (a script's) stays announced.
   */
  async followSave(version: number): Promise<void> {
    const id = this.link?.id;
    if (!id) return;
    const { level } = await request(OpenLevelDocument, { id, version }).catch(() => ({
      level: null,
    }));
    if (!level || this.link?.id !== id || this.store.meta.version >= version) return;
    // Two saves heard close together may be answered in either order: the newer one stays.
    if (this.saved?.levelId === id && this.saved.version > version) return;
    this.saved = level;
    this.matchSaved();
  }

  /** The drawing is the version someone else saved: it is that version now. */
  private matchSaved(): void {
    const level = this.saved;
    if (!level) return;
    const { meta, grid } = this.store;
    if (meta.id !== level.levelId || meta.version >= level.version) this.saved = null;
    else if (level.rows.join('\n') === grid.rows().join('\n')) {
      this.saved = null;
      this.store.rebase({ id: level.levelId, version: level.version }, level);
      this.say({ status: `${level.levelId} is saved as version ${level.version}, as drawn here.` });
    }
  }

  private follow(): void {
    const { id, version } = this.store.meta;
    const level = version > 0 ? id : null;
    if (level === (this.link?.id ?? null)) return;
    this.stop();
    if (level) this.start(level);
  }

  private start(id: string): void {
    const names = () => this.name;
    const host: LinkHost = {
      session: this.session.id,
      get name() {
        return names();
      },
      storage: localStore(),
      nextEdit: () => ({ session: this.session.id, edit: this.session.next++ }),
      changed: (state) => {
        if (link === this.link) this.set(state);
        else if (state.unsent === 0) this.leaving.delete(link);
      },
      problem: (problem) => this.say({ problem }),
      get width() {
        return store.grid.width;
      },
      get height() {
        return store.grid.height;
      },
      get: (row, col) => store.grid.get(row, col),
      rows: () => store.grid.rows(),
      apply: (cells) => {
        store.applyRemote(cells);
        this.matchSaved();
      },
      applyRows: (rows) => {
        const next = Grid.fromRows([...rows]);
        if (typeof next !== 'string') store.applyRemoteGrid(next);
        this.matchSaved();
      },
    };
    const { store } = this;
    const link = new LevelLink(id, host, this.server);
    this.link = link;
    this.set({ level: id });
  }

  private stop(): void {
    const link = this.link;
    if (!link) return;
    this.link = null;
    link.close();
    if (link.state.unsent > 0) this.leaving.add(link);
    this.state = { ...IDLE, name: this.name };
    this.emit();
  }

  private set(patch: Partial<TogetherState>): void {
    this.state = { ...this.state, ...patch };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
