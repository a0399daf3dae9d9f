// Which side panels are open, and whether the side column is folded to its tab: the
// designer's layout, kept in localStorage for the next visit (a panel never opened keeps the
// default it was given).

const FOLDS_KEY = 'labyrinth.panels';

type Listener = () => void;

interface Stored {
  /** Panel id → open. */
  readonly open?: Record<string, boolean>;
  /** The side column folded to its tab. */
  readonly folded?: boolean;
}

function read(): Stored {
  try {
    const value = JSON.parse(localStorage.getItem(FOLDS_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

export class PanelFolds {
  private open: Record<string, boolean> = {};
  /** The side column folded to its tab: the grid takes its width. */
  folded = false;
  private readonly listeners = new Set<Listener>();

  constructor() {
    if (typeof localStorage === 'undefined') return;
    const stored = read();
    this.open = { ...stored.open };
    this.folded = stored.folded === true;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isOpen(id: string, byDefault: boolean): boolean {
    return this.open[id] ?? byDefault;
  }

  setOpen(id: string, open: boolean): void {
    if (this.open[id] === open) return;
    this.open = { ...this.open, [id]: open };
    this.save();
  }

  /** Folds the side column to its tab, or unfolds it. */
  toggle(): void {
    this.folded = !this.folded;
    this.save();
  }

  private save(): void {
    try {
      localStorage.setItem(FOLDS_KEY, JSON.stringify({ open: this.open, folded: this.folded }));
    } catch {
      // Storage refused (private mode): the layout holds for this page only.
    }
    for (const listener of this.listeners) listener();
  }
}
