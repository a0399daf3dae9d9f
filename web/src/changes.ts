// Someone else's saves, apart from any view: the stream of `levelsChanged` (api.ts), filtered
// for the open level, held while our own write is in flight (its own event is not someone
// else's), and a recheck of the open level's version when events may have been missed
// (the stream opened after the level was read, came back after a break, or MISSED).
export type RemoteChange = { readonly version: number; readonly kind: string };

export interface LevelEvent {
  readonly id: string | null;
  readonly version: number | null;
  readonly kind: string;
}

export interface ChangesDriver {
  /** The open level: its id and the version the page has. */
  open(): { readonly id: string; readonly version: number };
  /** Whether a write of ours is in flight; `whenIdle` runs once it is not. */
  writing(): boolean;
  whenIdle(run: () => void): void;
  /** The version the server has of a level now (null: none). */
  currentVersion(id: string): Promise<number | null>;
  /** Someone else changed the open level. */
  announce(change: RemoteChange): void;
  /** The list of levels may have changed. */
  listChanged(): void;
  problem(message: string): void;
}

export class LiveChanges {
  private held: RemoteChange[] = [];
  /** The stream opened while no stored level was open: the next one opened is asked about. */
  private checkNextOpen = false;

  constructor(private readonly driver: ChangesDriver) {}

  /**
   * The stream is open (first, or again after a break). A save made after the open level was
   * read and before now was not heard: the level's version is asked for. With no stored level
   * open yet (its request may still be on its way), the first one opened is.
   */
  connected(): void {
    this.checkNextOpen = this.driver.open().version === 0;
    this.recheck();
  }

  /** The document changed (the page calls it on each change; only a level opened counts). */
  opened(): void {
    if (!this.checkNextOpen || this.driver.open().version === 0) return;
    this.checkNextOpen = false;
    this.recheck();
  }

  /** One event of the stream. */
  event(change: LevelEvent): void {
    if (change.kind === 'MISSED') return this.recheck();
    this.driver.listChanged();
    if (change.id === this.driver.open().id && change.version !== null) {
      this.notice({ version: change.version, kind: change.kind });
    }
  }

  /** Saves may have gone unannounced: the open level's version is asked for instead. */
  recheck(): void {
    this.driver.listChanged();
    const { id, version } = this.driver.open();
    if (!id || version === 0) return;
    this.driver.currentVersion(id).then(
      (current) => {
        if (this.driver.open().id !== id) return;
        if (current !== null) this.notice({ version: current, kind: 'SAVED' });
        else this.notice({ version: this.driver.open().version, kind: 'DELETED' });
      },
      (error: unknown) =>
        this.driver.problem(error instanceof Error ? error.message : String(error)),
    );
  }

  private notice(change: RemoteChange): void {
    if (this.driver.writing()) {
      if (this.held.length === 0) this.driver.whenIdle(() => this.release());
      this.held.push(change);
      return;
    }
    const { version } = this.driver.open();
    if (change.kind === 'DELETED' ? version > 0 : change.version > version) {
      this.driver.announce(change);
    }
  }

  private release(): void {
    const held = this.held;
    this.held = [];
    for (const change of held) this.notice(change);
  }
}
