// The level editor: one open level (its id, the version it was read at, the grid being
// drawn), the live check, saving with expectedVersion, and the panels around it.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  ApiError,
  UnauthenticatedError,
  readToken,
  request,
  subscribe,
  writeToken,
} from './api.js';
import type { Cell } from './draw.js';
import {
  CheckDocument,
  CheckNumbersDocument,
  DeleteLevelDocument,
  DraftMazeDocument,
  GenerateLevelDocument,
  ImportMazeDocument,
  LevelMazeDocument,
  LevelsChangedDocument,
  OpenLevelDocument,
  RevertLevelDocument,
  SaveLevelDocument,
  type LevelFieldsFragment,
} from './gql/graphql.js';
import { PALETTE, isGlyph } from './glyphs.js';
import { type Edit, Grid, UndoStack } from './grid.js';
import { GridView, scrollIntoView } from './GridView.js';
import {
  type GenerateForm,
  GeneratePanel,
  HistoryPanel,
  LevelList,
  defaultGenerateForm,
  generateInput,
} from './panels.js';

/** The open level: the id it is saved under and the version the drawing started from. */
interface Doc {
  readonly id: string;
  /** 0: not saved yet (a save expects no level with the id). */
  readonly version: number;
  /** The rows as saved at `version` (or as a new level began), to tell whether it changed. */
  readonly savedText: string;
}

type CheckState =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'error';
      readonly message: string;
      readonly code: string;
      readonly cell: Cell | null;
    }
  | {
      readonly kind: 'answers';
      readonly steps: number | null;
      readonly cheapest: number | null;
      readonly path: readonly Cell[] | null;
      readonly cheapestPath: readonly Cell[] | null;
      readonly note: string | null;
    }
  | { readonly kind: 'failed'; readonly message: string };

/** What a write answered when the level had moved on: what to show and how to go on. */
interface Conflict {
  readonly action: string;
  /** The level written to (a generation may go to another id than the open one). */
  readonly id: string;
  readonly currentVersion: number | null;
  readonly theirs: LevelFieldsFragment | null;
  /** Does the action again over the current version. */
  readonly keepMine: () => void;
}

/** A write's answer when the level was at another version than it expected. */
function isConflict(result: {
  readonly __typename: string;
}): result is { readonly __typename: 'VersionConflict'; readonly currentVersion?: number | null } {
  return result.__typename === 'VersionConflict';
}

type RemoteChange = { readonly version: number; readonly kind: string };

/** The resize form's two fields: the value, its short label and its accessible name. */
const RESIZE_FIELDS = [
  ['width', 'W', 'Width'],
  ['height', 'H', 'Height'],
] as const;

const CHECK_DELAY_MS = 300;

function levelFromHash(): string | null {
  const match = /^#level=(.+)$/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function App() {
  const grid = useRef(Grid.blank(10, 8));
  const undo = useRef(new UndoStack());
  const [revision, setRevision] = useState(0);
  const [doc, setDocState] = useState<Doc>({
    id: 'untitled',
    version: 0,
    savedText: grid.current.text(),
  });
  // The open level as of now, for code that runs before the next render (the events held
  // during a save are checked right after its answer, against the version it saved).
  const docRef = useRef(doc);
  const setDoc = (next: Doc) => {
    docRef.current = next;
    setDocState(next);
  };
  const [tool, setTool] = useState('#');
  const [cellSize, setCellSize] = useState(32);
  const [check, setCheck] = useState<CheckState>({ kind: 'none' });
  const [stale, setStale] = useState(false);
  const [checking, setChecking] = useState(false);
  const [showPath, setShowPath] = useState(true);
  const [showCheapest, setShowCheapest] = useState(true);
  const [walker, setWalker] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  /** The stream of live changes is broken and being opened again. */
  const [liveDown, setLiveDown] = useState(false);
  const [token, setToken] = useState(readToken());
  const [needToken, setNeedToken] = useState<(() => void) | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [remote, setRemote] = useState<RemoteChange | null>(null);
  const [listRefresh, setListRefresh] = useState(0);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pendingOpen, setPendingOpen] = useState<(() => void) | null>(null);
  const [ascii, setAscii] = useState('');
  const [resize, setResize] = useState({ width: '10', height: '8' });
  const [generateForm, setGenerateForm] = useState<GenerateForm>(defaultGenerateForm('generated'));
  // Events for the open level that arrive while our own write is in flight wait for its
  // answer: the write's own event must not be announced as someone else's.
  const writing = useRef(false);
  const heldEvents = useRef<RemoteChange[]>([]);
  const tokenInput = useRef<HTMLInputElement>(null);
  const conflictBox = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // Every change makes the answers shown stale until the next check answers.
  const changed = () => {
    setStale(true);
    setRevision((r) => r + 1);
  };
  const dirty = useMemo(() => grid.current.text() !== doc.savedText, [revision, doc]);

  /** Any failure of a request: the token prompt for UNAUTHENTICATED, else a message. */
  const fail = (error: unknown, retry?: () => void) => {
    if (error instanceof UnauthenticatedError) {
      setNeedToken(() => retry ?? (() => {}));
      setProblem(`${error.message}: enter the write token, then try again.`);
      tokenInput.current?.focus();
    } else {
      setProblem(error instanceof ApiError ? error.message : `Unexpected error: ${message(error)}`);
    }
  };

  // --- the level in the editor ---------------------------------------------------------
  const replaceGrid = (next: Grid, record: boolean) => {
    if (record) undo.current.push({ kind: 'replace', before: grid.current, after: next.clone() });
    grid.current = next;
    setResize({ width: String(next.width), height: String(next.height) });
    changed();
  };

  const showLevel = (level: LevelFieldsFragment, record: boolean) => {
    const next = Grid.fromRows(level.rows);
    if (typeof next === 'string') return setProblem(`cannot show level ${level.levelId}: ${next}`);
    if (!record) undo.current.clear();
    replaceGrid(next, record);
    setDoc({ id: level.levelId, version: level.version, savedText: next.text() });
    setRemote(null);
    fitCells(next);
    history.replaceState(null, '', `#level=${encodeURIComponent(level.levelId)}`);
  };

  const fitCells = (g: Grid) => {
    const box = scroller.current;
    const available = box ? box.clientWidth - 4 : 800;
    setCellSize(Math.max(4, Math.min(32, Math.floor(available / g.width))));
  };

  const openLevel = (id: string, version?: number) => {
    const go = () =>
      request(OpenLevelDocument, { id, version: version ?? null }).then(({ level }) => {
        if (!level) return setProblem(`there is no level '${id}'`);
        // The same level again (someone else's version): the drawing stays one undo away.
        if (version === undefined) showLevel(level, id === docRef.current.id);
        else {
          // An old version goes into the drawing (undoable); saving it makes the next version.
          const next = Grid.fromRows(level.rows);
          if (typeof next !== 'string') replaceGrid(next, true);
          setStatus(`Showing version ${version} of ${id}: save to make it the current version.`);
        }
        setProblem('');
      }, fail);
    if (version === undefined && dirty && id !== doc.id) setPendingOpen(() => go);
    else void go();
  };

  const newLevel = () => {
    const go = () => {
      undo.current.clear();
      const next = Grid.blank(10, 8);
      replaceGrid(next, false);
      setDoc({ id: 'untitled', version: 0, savedText: next.text() });
      setRemote(null);
      setCellSize(32);
      history.replaceState(null, '', location.pathname);
      setStatus('New level: name it, draw it, save it.');
    };
    if (dirty) setPendingOpen(() => go);
    else go();
  };

  useEffect(() => {
    const id = levelFromHash();
    if (id) openLevel(id);
  }, []);

  // --- editing ---------------------------------------------------------------------------
  const applyEdit = (edit: Edit, direction: 'undo' | 'redo') => {
    if (edit.kind === 'cells') {
      for (const [row, col, before, after] of edit.cells) {
        if (grid.current.inside(row, col)) {
          grid.current.set(row, col, direction === 'undo' ? before : after);
        }
      }
      changed();
    } else {
      replaceGrid((direction === 'undo' ? edit.before : edit.after).clone(), false);
    }
  };
  const doUndo = () => {
    const edit = undo.current.undo();
    if (edit) applyEdit(edit, 'undo');
  };
  const doRedo = () => {
    const edit = undo.current.redo();
    if (edit) applyEdit(edit, 'redo');
  };

  const applyResize = () => {
    const width = Number(resize.width);
    const height = Number(resize.height);
    const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1000;
    if (!ok(width) || !ok(height)) {
      setProblem('width and height must be whole numbers from 1 to 1000');
      return;
    }
    replaceGrid(grid.current.resized(width, height), true);
    setProblem('');
  };

  const pasteAscii = () => {
    const next = Grid.fromText(ascii);
    if (typeof next === 'string') return setProblem(`cannot use that text: ${next}`);
    replaceGrid(next, true);
    fitCells(next);
    setProblem('');
    setStatus(`Pasted a ${next.width}×${next.height} level.`);
  };

  const copyAscii = async () => {
    const text = grid.current.text();
    setAscii(text);
    try {
      await navigator.clipboard.writeText(text);
      setStatus('The level is on the clipboard as ASCII.');
    } catch {
      setStatus('The level is in the ASCII box: select it and copy.');
    }
  };

  // --- the live check --------------------------------------------------------------------
  useEffect(() => {
    const controller = new AbortController();
    setChecking(true);
    const timer = setTimeout(async () => {
      const rows = grid.current.rows();
      try {
        let next: CheckState;
        try {
          const { checkLevel: result } = await request(CheckDocument, { rows }, controller.signal);
          next =
            result.__typename === 'LevelDraft'
              ? {
                  kind: 'answers',
                  steps: result.steps,
                  cheapest: result.cheapest,
                  path: result.path,
                  cheapestPath: result.cheapestPath,
                  note: null,
                }
              : errorState(result);
        } catch (error) {
          // A path too long for the response budget: the numbers alone.
          if (!(error instanceof ApiError) || error.code !== 'TOO_EXPENSIVE') throw error;
          const { checkLevel: result } = await request(
            CheckNumbersDocument,
            { rows },
            controller.signal,
          );
          next =
            result.__typename === 'LevelDraft'
              ? {
                  kind: 'answers',
                  steps: result.steps,
                  cheapest: result.cheapest,
                  path: null,
                  cheapestPath: null,
                  note: 'the paths are too long to draw',
                }
              : errorState(result);
        }
        setCheck(next);
      } catch (error) {
        if (controller.signal.aborted) return;
        setCheck({ kind: 'failed', message: message(error) });
      }
      setStale(false);
      setChecking(false);
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [revision]);

  const errorCell = check.kind === 'error' ? check.cell : null;
  const answers = check.kind === 'answers' && !stale ? check : null;
  const overlays = useMemo(
    () => ({
      path: answers && (showPath || walker !== null) ? answers.path : null,
      cheapest: answers && showCheapest ? answers.cheapestPath : null,
      error: stale ? null : errorCell,
      walker,
    }),
    [answers, showPath, showCheapest, errorCell, walker, stale],
  );

  const playPath = () => {
    const path = answers?.path;
    if (!path || path.length < 2) return;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setWalker(path.length - 1);
      setTimeout(() => setWalker(null), 600);
      return;
    }
    // About 12 cells a second, at most 6 seconds however long the path.
    const duration = Math.min(6000, path.length * 80);
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      setWalker(t * (path.length - 1));
      if (t < 1) requestAnimationFrame(step);
      else setTimeout(() => setWalker(null), 400);
    };
    requestAnimationFrame(step);
  };

  // --- writes ----------------------------------------------------------------------------
  /** Runs a write; events for the open level that arrive meanwhile wait for it. */
  const write = async (run: () => Promise<void>) => {
    writing.current = true;
    setBusy(true);
    try {
      await run();
    } finally {
      writing.current = false;
      setBusy(false);
      const held = heldEvents.current;
      heldEvents.current = [];
      for (const event of held) noticeRemote(event);
    }
  };

  const conflictWith = async (
    action: string,
    id: string,
    currentVersion: number | null,
    keepMine: (expected: number) => void,
  ) => {
    const theirs =
      currentVersion === null ? null : (await request(OpenLevelDocument, { id })).level;
    setConflict({
      action,
      id,
      currentVersion,
      theirs,
      keepMine: () => {
        setConflict(null);
        keepMine(theirs?.version ?? currentVersion ?? 0);
      },
    });
  };

  const saved = (level: LevelFieldsFragment, what: string) => {
    showLevel(level, docRef.current.id === level.levelId);
    setStatus(`${what}: ${level.levelId} is at version ${level.version}.`);
    setProblem('');
    setListRefresh((n) => n + 1);
  };

  /**
   * A write that names the version it expects. `send` makes it (reading the drawing when it
   * runs, so a retry sends what is drawn then); `stored` takes the answer and says whether it
   * was stored. A VersionConflict shows the other version and offers to write again over it; any
   * other refusal shows "Not <what>: <message>"; a failed request can be retried (the token).
   */
  const versionedWrite = <R extends { readonly __typename: string }>(
    action: string,
    what: string,
    id: string,
    expectedVersion: number,
    send: (expectedVersion: number) => Promise<R>,
    stored: (result: R) => boolean,
  ) => {
    const attempt = (expected: number) =>
      void write(async () => {
        try {
          const result = await send(expected);
          if (isConflict(result)) {
            await conflictWith(action, id, result.currentVersion ?? null, attempt);
          } else if (!stored(result)) {
            setProblem(`Not ${what}: ${'message' in result ? String(result.message) : ''}`);
          }
        } catch (error) {
          fail(error, () => attempt(expected));
        }
      });
    attempt(expectedVersion);
  };

  const save = () => {
    const id = doc.id.trim();
    if (!id) return setProblem('give the level an id first');
    versionedWrite(
      'save',
      'saved',
      id,
      doc.version,
      async (expected) =>
        (
          await request(SaveLevelDocument, {
            id,
            rows: grid.current.rows(),
            expectedVersion: expected,
          })
        ).loadLevel,
      (result) => {
        if (result.__typename !== 'Level') return false;
        // Keep the drawing (and its undo history): it is what was saved.
        setDoc({ id, version: result.version, savedText: grid.current.text() });
        setRemote(null);
        setStatus(`Saved ${id} as version ${result.version}.`);
        setProblem('');
        setListRefresh((n) => n + 1);
        history.replaceState(null, '', `#level=${encodeURIComponent(id)}`);
        return true;
      },
    );
  };

  const expectedFor = (id: string) => (id === doc.id ? doc.version : 0);

  const generate = (form: GenerateForm) => {
    const id = form.id.trim();
    if (!id) return setProblem('give the generated level an id');
    versionedWrite(
      'generate',
      'generated',
      id,
      expectedFor(id),
      async (expected) =>
        (
          await request(GenerateLevelDocument, {
            id,
            input: generateInput(form),
            expectedVersion: expected,
          })
        ).generateLevel,
      (result) => {
        if (result.__typename !== 'GeneratedLevel') return false;
        saved(result.level, `Generated (seed ${form.seed})`);
        if (result.warnings.length > 0) setProblem(`Warning: ${result.warnings.join('; ')}`);
        return true;
      },
    );
  };

  const importHex = (text: string) => {
    const id = doc.id.trim();
    versionedWrite(
      'import',
      'imported',
      id,
      doc.version,
      async (expected) =>
        (await request(ImportMazeDocument, { id, text, expectedVersion: expected })).importMaze,
      (result) => {
        if (result.__typename !== 'ImportedMaze') return false;
        saved(result.level, 'Imported');
        if (result.warnings.length > 0) setProblem(`Warning: ${result.warnings.join('; ')}`);
        return true;
      },
    );
  };

  const revert = (version: number) => {
    const id = doc.id;
    versionedWrite(
      'revert',
      'reverted',
      id,
      doc.version,
      async (expected) =>
        (await request(RevertLevelDocument, { id, version, expectedVersion: expected }))
          .revertLevel,
      (result) => {
        if (result.__typename !== 'Level') return false;
        saved(result, `Reverted to version ${version}`);
        return true;
      },
    );
  };

  const deleteLevel = () => {
    const id = doc.id;
    setConfirmDelete(false);
    void write(async () => {
      try {
        const { deleteLevel: deleted } = await request(DeleteLevelDocument, { id });
        setStatus(deleted ? `Deleted ${id}.` : `${id} was already gone.`);
        // The drawing stays, as a new level: saving it stores it again.
        setDoc({ id, version: 0, savedText: '' });
        setListRefresh((n) => n + 1);
      } catch (error) {
        fail(error, deleteLevel);
      }
    });
  };

  const downloadHex = async () => {
    try {
      // The saved level's export, or the drawing's when it has changed since.
      const text = !dirty
        ? (await request(LevelMazeDocument, { id: doc.id })).level?.maze?.text
        : await request(DraftMazeDocument, { rows: grid.current.rows() }).then(({ checkLevel }) =>
            checkLevel.__typename === 'LevelDraft' ? checkLevel.maze?.text : undefined,
          );
      if (!text) {
        setProblem('This level has no hex export: it is not a wall maze (docs/generation.md).');
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      link.download = `${doc.id || 'level'}.maze.txt`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setStatus(`Downloaded ${link.download}.`);
      setProblem('');
    } catch (error) {
      fail(error);
    }
  };

  // --- someone else's changes --------------------------------------------------------------
  const noticeRemote = (event: RemoteChange & { id?: string }) => {
    const current = docRef.current;
    if (writing.current) {
      heldEvents.current.push(event);
      return;
    }
    if (event.kind === 'DELETED' ? current.version > 0 : event.version > current.version) {
      setRemote({ version: event.version, kind: event.kind });
    }
  };
  useEffect(() => {
    let refreshTimer = 0;
    const refreshList = () => {
      clearTimeout(refreshTimer);
      refreshTimer = window.setTimeout(() => setListRefresh((n) => n + 1), 300);
    };
    /** Saves may have gone unannounced: the open level's version is asked for instead. */
    const recheck = () => {
      refreshList();
      const openId = docRef.current.id;
      if (!openId || docRef.current.version === 0) return;
      void request(OpenLevelDocument, { id: openId }).then(({ level }) => {
        if (level) noticeRemote({ id: openId, version: level.version, kind: 'SAVED' });
        else noticeRemote({ id: openId, version: docRef.current.version, kind: 'DELETED' });
      }, fail);
    };
    const subscription = subscribe(
      LevelsChangedDocument,
      {},
      {
        onData: ({ levelsChanged: change }) => {
          // MISSED: the server's listener was away.
          if (change.kind === 'MISSED') return recheck();
          refreshList();
          if (change.id === docRef.current.id && change.version !== null) {
            noticeRemote({ id: change.id, version: change.version, kind: change.kind });
          }
        },
        // The stream broke (the server stopped, or restarted), and is back.
        onInterrupted: () => setLiveDown(true),
        onReconnected: () => {
          setLiveDown(false);
          recheck();
        },
        onError: (error) => setProblem(`Live changes stopped: ${error}`),
      },
    );
    return () => subscription.close();
  }, []);

  useEffect(() => {
    if (conflict) conflictBox.current?.querySelector('button')?.focus();
  }, [conflict]);

  // --- keyboard shortcuts --------------------------------------------------------------------
  const shortcuts = useRef<(event: KeyboardEvent) => void>(() => {});
  shortcuts.current = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key;
    if (mod && !event.altKey) {
      const lower = key.toLowerCase();
      if (lower === 'z' && !event.shiftKey) doUndo();
      else if (lower === 'y' || (lower === 'z' && event.shiftKey)) doRedo();
      else if (lower === 's') save();
      else return;
      event.preventDefault();
      return;
    }
    if (event.altKey) return;
    if (isGlyph(key)) setTool(key);
    else if (key === 'p') setShowPath((on) => !on);
    else if (key === '$') setShowCheapest((on) => !on);
    else if (key === 'r') playPath();
    else if (key === '+' || key === '=') setCellSize((size) => Math.min(64, size + 4));
    else if (key === '-') setCellSize((size) => Math.max(4, size - 4));
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => shortcuts.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  // --- the page ------------------------------------------------------------------------------
  const g = grid.current;
  return (
    <div class="app">
      <header class="top">
        <h1>Labyrinth level editor</h1>
        {/* The open level in the bar that stays on screen (the level bar scrolls away in a
            narrow window); the level bar says the same to screen readers. */}
        <span class="summary" aria-hidden="true" data-testid="summary">
          {doc.id || '(no id)'} · {doc.version ? `v${doc.version}` : 'new'} · {g.width}×{g.height}
          {dirty ? ' · unsaved' : ''}
        </span>
        <form class="token" onSubmit={(event) => event.preventDefault()}>
          <label class="token">
            <span>Write token</span>
            <input
              ref={tokenInput}
              type="password"
              autocomplete="off"
              value={token}
              placeholder="only if the server asks"
              aria-describedby="token-help"
              onInput={(event) => {
                const value = (event.currentTarget as HTMLInputElement).value;
                setToken(value);
                writeToken(value);
              }}
            />
          </label>
        </form>
        <span id="token-help" class="sr-only">
          Kept for this tab only, sent as a bearer token with every request.
        </span>
        {needToken && (
          <button
            type="button"
            class="primary"
            onClick={() => {
              const retry = needToken;
              setNeedToken(null);
              setProblem('');
              retry();
            }}
          >
            Retry with token
          </button>
        )}
        <a href="/graphql" class="muted">
          GraphiQL
        </a>
      </header>

      <div class="layout">
        <main class="editor">
          <section class="level-bar" aria-label="Open level">
            <label class="field">
              <span>Level id</span>
              <input
                name="level-id"
                value={doc.id}
                readOnly={doc.version > 0}
                aria-describedby="level-facts"
                onInput={(event) =>
                  setDoc({ ...docRef.current, id: (event.currentTarget as HTMLInputElement).value })
                }
              />
            </label>
            <p id="level-facts" class="facts" data-testid="level-facts">
              <span>
                version <strong data-testid="level-version">{doc.version || 'new'}</strong>
              </span>
              <span>
                size{' '}
                <strong data-testid="level-size">
                  {g.width}×{g.height}
                </strong>
              </span>
              {dirty && <span class="badge">unsaved changes</span>}
            </p>
            <div class="row">
              <button type="button" class="primary" disabled={busy} onClick={() => save()}>
                Save
              </button>
              <button type="button" onClick={newLevel}>
                New
              </button>
              <button
                type="button"
                disabled={doc.version === 0 || busy}
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </button>
            </div>
          </section>

          {confirmDelete && (
            <div class="notice" role="alertdialog" aria-label="Delete the level">
              <p>
                Delete <strong>{doc.id}</strong>? Its history stays on the server and can be
                reverted.
              </p>
              <div class="row">
                <button type="button" class="danger" onClick={deleteLevel}>
                  Delete {doc.id}
                </button>
                <button type="button" onClick={() => setConfirmDelete(false)}>
                  Cancel
                </button>
              </div>
            </div>
          )}
          {pendingOpen && (
            <div class="notice" role="alertdialog" aria-label="Unsaved changes">
              <p>The drawing has unsaved changes that will be lost.</p>
              <div class="row">
                <button
                  type="button"
                  onClick={() => {
                    const go = pendingOpen;
                    setPendingOpen(null);
                    go();
                  }}
                >
                  Discard them
                </button>
                <button type="button" onClick={() => setPendingOpen(null)}>
                  Keep drawing
                </button>
              </div>
            </div>
          )}
          {conflict && (
            <div
              class="notice warn"
              role="alertdialog"
              aria-labelledby="conflict-title"
              data-testid="conflict"
              ref={conflictBox}
            >
              <p id="conflict-title">
                <strong>Version conflict</strong>:{' '}
                {conflict.currentVersion === null
                  ? `${conflict.id} was deleted since you opened it.`
                  : conflict.id === doc.id
                    ? `${conflict.id} is at version ${conflict.currentVersion}, saved by someone else since your version ${doc.version || '(new)'}.`
                    : `${conflict.id} already exists, at version ${conflict.currentVersion}.`}{' '}
                Your {conflict.action} was not stored.
              </p>
              {conflict.theirs && (
                <details open={conflict.theirs.height <= 20}>
                  <summary>
                    Their version {conflict.theirs.version} ({conflict.theirs.width}×
                    {conflict.theirs.height})
                  </summary>
                  <pre class="preview" data-testid="conflict-theirs">
                    {conflict.theirs.rows.slice(0, 40).join('\n')}
                  </pre>
                </details>
              )}
              <div class="row">
                <button type="button" class="primary" onClick={conflict.keepMine}>
                  Keep mine (save over it)
                </button>
                {conflict.theirs && (
                  <button
                    type="button"
                    onClick={() => {
                      const theirs = conflict.theirs!;
                      setConflict(null);
                      showLevel(theirs, true);
                      setStatus(`Took version ${theirs.version}; your drawing is one undo away.`);
                    }}
                  >
                    Take theirs
                  </button>
                )}
                <button type="button" onClick={() => setConflict(null)}>
                  Decide later
                </button>
              </div>
            </div>
          )}

          <div class="toolbar" role="toolbar" aria-label="Palette">
            {PALETTE.map(({ glyph, name }) => (
              <button
                key={glyph}
                type="button"
                class="swatch"
                aria-pressed={tool === glyph}
                title={`${name} (key ${glyph})`}
                aria-label={`${name}, shortcut ${glyph}`}
                data-glyph={glyph}
                onClick={() => setTool(glyph)}
              >
                <Swatch glyph={glyph} />
              </button>
            ))}
          </div>

          <div class="row tools">
            <button type="button" disabled={!undo.current.canUndo} onClick={doUndo}>
              Undo
            </button>
            <button type="button" disabled={!undo.current.canRedo} onClick={doRedo}>
              Redo
            </button>
            <span class="sep" />
            <button
              type="button"
              aria-label="Zoom out"
              onClick={() => setCellSize((s) => Math.max(4, s - 4))}
            >
              −
            </button>
            <span class="muted" aria-live="polite">
              {cellSize}px
            </span>
            <button
              type="button"
              aria-label="Zoom in"
              onClick={() => setCellSize((s) => Math.min(64, s + 4))}
            >
              +
            </button>
            <span class="sep" />
            <form
              class="row"
              aria-label="Resize"
              onSubmit={(event) => {
                event.preventDefault();
                applyResize();
              }}
            >
              {RESIZE_FIELDS.map(([side, short, label]) => (
                <label class="inline" key={side}>
                  {short}
                  <input
                    name={side}
                    class="num"
                    inputMode="numeric"
                    value={resize[side]}
                    aria-label={label}
                    onInput={(e) =>
                      setResize({ ...resize, [side]: (e.currentTarget as HTMLInputElement).value })
                    }
                  />
                </label>
              ))}
              <button type="submit">Resize</button>
            </form>
          </div>

          <section class="checks" aria-label="Check" data-testid="check">
            <div role="status" aria-live="polite" class="check-result">
              {check.kind === 'error' ? (
                <p class="error" data-testid="check-error">
                  <strong>Invalid:</strong> {check.message}
                  {check.cell && (
                    <>
                      {' '}
                      <button
                        type="button"
                        class="link"
                        onClick={() =>
                          check.cell && scroller.current?.firstElementChild
                            ? scrollIntoView(
                                scroller.current.firstElementChild as HTMLElement,
                                check.cell,
                                cellSize,
                              )
                            : undefined
                        }
                      >
                        (row {check.cell.row}, col {check.cell.col})
                      </button>
                    </>
                  )}
                </p>
              ) : check.kind === 'answers' ? (
                <p data-testid="check-answers">
                  {check.steps === null ? (
                    <strong>E cannot be reached from S.</strong>
                  ) : (
                    <>
                      <span>
                        steps: <strong data-testid="steps">{check.steps}</strong>
                      </span>{' '}
                      <span>
                        cheapest cost: <strong data-testid="cheapest">{check.cheapest}</strong>
                      </span>
                    </>
                  )}
                  {check.note && <span class="muted"> ({check.note})</span>}
                </p>
              ) : check.kind === 'failed' ? (
                <p class="error">Cannot check: {check.message}</p>
              ) : (
                <p class="muted">Checking…</p>
              )}
              {/* Always there, shown or not: its coming and going never reflows the line. */}
              <span
                class={checking && check.kind !== 'none' ? 'muted' : 'muted invisible'}
                aria-hidden={!(checking && check.kind !== 'none')}
                data-testid="checking"
              >
                {' '}
                checking…
              </span>
            </div>
            <div class="row">
              <label class="check">
                <input
                  type="checkbox"
                  name="show-path"
                  checked={showPath}
                  onChange={(e) => setShowPath((e.currentTarget as HTMLInputElement).checked)}
                />
                <span class="key-path" aria-hidden="true" /> Fewest-steps path (p)
              </label>
              <label class="check">
                <input
                  type="checkbox"
                  name="show-cheapest"
                  checked={showCheapest}
                  onChange={(e) => setShowCheapest((e.currentTarget as HTMLInputElement).checked)}
                />
                <span class="key-cheapest" aria-hidden="true" /> Cheapest path ($)
              </label>
              <button
                type="button"
                disabled={!answers?.path || walker !== null}
                onClick={playPath}
                data-testid="play"
              >
                Walk the path (r)
              </button>
            </div>
          </section>

          {/* Messages that come while someone draws float over the foot of the grid: the grid
              never moves under the pointer (a click would land on another cell). */}
          <div class="grid-stage">
            <div ref={scroller} class="grid-box">
              <GridView
                grid={g}
                revision={revision}
                cell={cellSize}
                tool={tool}
                overlays={overlays}
                onStrokeStart={() => setStale(true)}
                onStroke={(edit) => {
                  undo.current.push(edit);
                  changed();
                }}
              />
            </div>
            <div class="toasts">
              {liveDown && (
                <p class="notice warn" role="status" data-testid="live-down">
                  Reconnecting to the server: others’ saves are not announced until it is back, then
                  the open level is checked.
                </p>
              )}
              {remote && (
                <div class="notice info" role="alert" data-testid="remote-change">
                  <p>
                    {remote.kind === 'DELETED'
                      ? `Someone else deleted ${doc.id}.`
                      : `Someone else saved version ${remote.version} of ${doc.id}.`}
                  </p>
                  <div class="row">
                    {remote.kind !== 'DELETED' && (
                      <button type="button" onClick={() => openLevel(doc.id, undefined)}>
                        Load version {remote.version}
                      </button>
                    )}
                    <button type="button" onClick={() => setRemote(null)}>
                      Dismiss
                    </button>
                  </div>
                </div>
              )}
              {problem && (
                <p class="problem" role="alert">
                  <span data-testid="problem">{problem}</span>{' '}
                  <button
                    type="button"
                    class="link"
                    aria-label="Dismiss the message"
                    onClick={() => setProblem('')}
                  >
                    ×
                  </button>
                </p>
              )}
            </div>
          </div>
          <p class="sr-only" role="status">
            {status}
          </p>
          <p class="status muted" aria-hidden="true" data-testid="status">
            {status}
          </p>
        </main>

        <aside class="side" aria-label="Levels, history, generation and files">
          <details open>
            <summary>Levels</summary>
            <LevelList
              openId={doc.id}
              refresh={listRefresh}
              onOpen={(id) => openLevel(id)}
              onError={fail}
            />
          </details>
          <details>
            <summary>History</summary>
            <HistoryPanel
              id={doc.id}
              version={doc.version}
              refresh={listRefresh}
              onView={(version) => openLevel(doc.id, version)}
              onRevert={(version) => revert(version)}
              onError={fail}
            />
          </details>
          <details open={false} id="generate-panel">
            <summary>Generate</summary>
            <GeneratePanel
              form={generateForm}
              busy={busy}
              onChange={setGenerateForm}
              onGenerate={generate}
            />
          </details>
          <details>
            <summary>ASCII and hex files</summary>
            <div class="exchange">
              <label class="field wide">
                <span>Level as ASCII (paste a level here)</span>
                <textarea
                  name="ascii"
                  rows={6}
                  spellcheck={false}
                  value={ascii}
                  onInput={(e) => setAscii((e.currentTarget as HTMLTextAreaElement).value)}
                />
              </label>
              <div class="row">
                <button type="button" onClick={() => void copyAscii()}>
                  Copy level as ASCII
                </button>
                <button type="button" onClick={pasteAscii} disabled={ascii.trim() === ''}>
                  Use pasted ASCII
                </button>
              </div>
              <div class="row">
                <button type="button" onClick={() => void downloadHex()}>
                  Download hex maze file
                </button>
              </div>
              <label class="field wide">
                <span>Import a hex maze file into {doc.id}</span>
                <input
                  type="file"
                  name="hex-file"
                  accept=".txt,.maze,text/plain"
                  onChange={async (e) => {
                    const input = e.currentTarget as HTMLInputElement;
                    const file = input.files?.[0];
                    if (file) importHex(await file.text());
                    input.value = '';
                  }}
                />
              </label>
            </div>
          </details>
          <details>
            <summary>Keyboard</summary>
            <ul class="keys">
              <li>
                <kbd>#</kbd> <kbd>.</kbd> <kbd>S</kbd> <kbd>E</kbd> <kbd>1</kbd>–<kbd>9</kbd>{' '}
                <kbd>^</kbd> <kbd>&gt;</kbd> <kbd>v</kbd> <kbd>&lt;</kbd> <kbd>a</kbd>–<kbd>d</kbd>{' '}
                <kbd>A</kbd>–<kbd>D</kbd>: pick that glyph
              </li>
              <li>
                In the grid: arrows move, <kbd>Space</kbd> paints, <kbd>Shift</kbd>+arrows paint
                while moving
              </li>
              <li>
                <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo, <kbd>Ctrl</kbd>+<kbd>Y</kbd> redo,{' '}
                <kbd>Ctrl</kbd>+<kbd>S</kbd> save
              </li>
              <li>
                <kbd>p</kbd> path, <kbd>$</kbd> cheapest path, <kbd>r</kbd> walk the path,{' '}
                <kbd>+</kbd>/<kbd>-</kbd> zoom
              </li>
            </ul>
          </details>
        </aside>
      </div>
    </div>
  );
}

function errorState(result: {
  message: string;
  code: string;
  row: number | null;
  col: number | null;
}): CheckState {
  return {
    kind: 'error',
    message: result.message,
    code: result.code,
    cell: result.row !== null && result.col !== null ? { row: result.row, col: result.col } : null,
  };
}

/** A palette button's picture: the glyph drawn as the grid draws it, plus its character. */
function Swatch({ glyph }: { glyph: string }) {
  return (
    <span class={`swatch-face glyph-${swatchClass(glyph)}`} aria-hidden="true">
      {glyph}
    </span>
  );
}

function swatchClass(glyph: string): string {
  if (glyph === '#') return 'wall';
  if (glyph === '.') return 'floor';
  if (glyph >= '1' && glyph <= '9') return `t${glyph}`;
  if ('^>v<'.includes(glyph)) return 'gate';
  if (glyph === 'S' || glyph === 'E') return glyph;
  if (glyph >= 'a' && glyph <= 'd') return `key-${glyph}`;
  return `door-${glyph.toLowerCase()}`;
}
