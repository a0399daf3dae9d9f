// What needs an answer before the editor goes on, as modal dialogs over the page (nothing is
// pushed down): discard unsaved changes, delete the level, and a version conflict, which shows
// the two versions side by side with the cells that differ marked.
import { type ComponentChildren, Fragment } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { commandFor, keysOf } from '../commands.js';
import type { Editor } from '../editor.js';
import { useSelected, useSubscribe } from '../hooks/subscribe.js';
import { MergeControls } from './merge.js';

/** The buttons of a dialog, first to last (Tab goes round them, never out of the dialog). */
const buttonsOf = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll<HTMLButtonElement>('button:not([disabled])'));

function Dialog(props: {
  label: string;
  testId?: string;
  onCancel: () => void;
  /** The dialog's own Save (its key: the save command's, Ctrl+S). */
  onSave?: () => void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    // The button marked data-initial (the safe choice), else the first.
    (dialog.querySelector<HTMLButtonElement>('[data-initial]') ?? buttonsOf(dialog)[0])?.focus();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-label={props.label}
      data-testid={props.testId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
      // Escape is the dialog's: the page's Escape (useCommands, on the window) prevented the
      // dialog's own cancel, so it stayed open. The page's other keys are not the dialog's.
      onKeyDown={(event) => {
        if (event.key === 'Tab') return keepTabInside(event, ref.current!);
        const save = props.onSave && commandFor(event, false)?.id === 'save';
        if (event.key !== 'Escape' && !save) return;
        event.stopPropagation();
        event.preventDefault();
        if (save) props.onSave!();
        else props.onCancel();
      }}
    >
      {props.children}
    </dialog>
  );
}

/** Tab from the last button goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(event: KeyboardEvent, dialog: HTMLElement): void {
  const buttons = buttonsOf(dialog);
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first) return;
  const active = document.activeElement;
  const out = !buttons.includes(active as HTMLButtonElement);
  if (event.shiftKey && (active === first || out)) last.focus();
  else if (!event.shiftKey && (active === last || out)) first.focus();
  else return;
  event.preventDefault();
}

export function Dialogs({ editor }: { editor: Editor }) {
  const { store } = editor;
  const [pending, id] = useSelected(
    () => [editor.ui.pending, store.meta.id] as const,
    editor,
    store,
  );
  return (
    <>
      {pending?.kind === 'delete' && (
        <Dialog label="Delete the level" onCancel={() => editor.answer(false)}>
          <p>
            Delete <strong>{id}</strong>? Its history stays on the server: Restore, in the message
            that follows, saves it back as its next version.
          </p>
          <div class="row">
            <button type="button" class="danger" onClick={() => editor.answer(true)}>
              Delete {id}
            </button>
            <button type="button" data-initial onClick={() => editor.answer(false)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
      {pending?.kind === 'version' && (
        <Dialog label="Unsaved changes" onCancel={() => editor.answer(false)}>
          <p>
            The drawing has unsaved changes. Compare them with version {pending.shown} of{' '}
            <strong>{id}</strong> cell by cell, or load it over them (they stay one undo away)?
          </p>
          <div class="row">
            <button type="button" class="primary" onClick={() => editor.answer('compare')}>
              Compare
            </button>
            <button type="button" onClick={() => editor.answer(true)}>
              Load anyway
            </button>
            <button type="button" onClick={() => editor.answer(false)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
      {(pending?.kind === 'open' || pending?.kind === 'new') && (
        <Dialog
          label="Unsaved changes"
          testId="unsaved-dialog"
          onCancel={() => editor.answer(false)}
          onSave={() => editor.answer('save')}
        >
          <p>
            The drawing has unsaved changes. Save them, then{' '}
            {pending.kind === 'open' ? `open ${pending.id}` : 'start a new level'}?
          </p>
          <div class="row">
            <button
              type="button"
              class="primary"
              data-initial
              title={`save, then go on (${keysOf('save')})`}
              onClick={() => editor.answer('save')}
            >
              Save
            </button>
            <button type="button" class="danger" onClick={() => editor.answer(true)}>
              Discard them
            </button>
            <button type="button" onClick={() => editor.answer(false)}>
              Keep drawing
            </button>
          </div>
        </Dialog>
      )}
      {pending?.kind === 'resize' && (
        <Dialog
          label="Resize the level"
          testId="resize-dialog"
          onCancel={() => editor.answer(false)}
        >
          <p data-testid="resize-loss">
            Resizing to {pending.width}×{pending.height} cuts off {pending.lost}. Undo brings them
            back.
          </p>
          <div class="row">
            <button type="button" class="danger" onClick={() => editor.answer(true)}>
              Resize and cut them off
            </button>
            <button type="button" data-initial onClick={() => editor.answer(false)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/**
 * A version conflict: beside the grid (at the top of the side column), never over it nor
 * pushing it down, and not modal: the drawing can still be looked at, copied or changed.
 */
export function ConflictPanel({ editor }: { editor: Editor }) {
  const { store, writer } = editor;
  useSubscribe(writer, store);
  const conflict = writer.state.conflict;
  // Mine as it was when the save was refused, not as merged since.
  const merged = editor.merge.session;
  const { id, version } = store.meta;
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!conflict) return;
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.querySelector('button')?.focus({ preventScroll: true });
  }, [conflict]);
  return (
    <>
      {conflict && (
        <section
          class="notice warn conflict"
          aria-labelledby="conflict-title"
          data-testid="conflict"
          ref={box}
        >
          <p id="conflict-title">
            <strong>Version conflict</strong>:{' '}
            {conflict.currentVersion === null
              ? `${conflict.intent.id} was deleted since you opened it.`
              : conflict.intent.id === id
                ? `${id} is at version ${conflict.currentVersion}, saved by someone else since your version ${version || '(new)'}.`
                : `${conflict.intent.id} already exists, at version ${conflict.currentVersion}.`}{' '}
            Your {conflict.intent.kind} was not stored.
          </p>
          {conflict.theirs && (
            <SideBySide
              mine={merged?.origin === 'conflict' ? merged.mine.rows() : store.grid.rows()}
              theirs={conflict.theirs.rows}
              version={conflict.theirs.version}
            />
          )}
          <MergeControls editor={editor} origin="conflict" />
          <div class="row">
            <button type="button" class="primary" onClick={() => void writer.keepMine()}>
              Keep mine (save over it)
            </button>
            {conflict.theirs && (
              <button type="button" onClick={() => editor.takeTheirs()}>
                Take theirs
              </button>
            )}
            <button type="button" onClick={() => writer.dismissConflict()}>
              Decide later
            </button>
          </div>
        </section>
      )}
    </>
  );
}

/** At most this much of each version is shown (a big level: its top-left part). */
const SHOWN_ROWS = 60;
const SHOWN_COLS = 120;

/** Mine and theirs side by side; a cell that differs is marked in both. */
export function SideBySide(props: {
  mine: readonly string[];
  theirs: readonly string[];
  version: number;
}) {
  const mine = props.mine.map((row) => Array.from(row));
  const theirs = props.theirs.map((row) => Array.from(row));
  let differing = 0;
  const height = Math.max(mine.length, theirs.length);
  for (let r = 0; r < height; r++) {
    const width = Math.max(mine[r]?.length ?? 0, theirs[r]?.length ?? 0);
    for (let c = 0; c < width; c++) if (mine[r]?.[c] !== theirs[r]?.[c]) differing++;
  }
  const side = (rows: string[][], other: string[][], testId: string) => (
    <pre class="preview" data-testid={testId}>
      {rows.slice(0, SHOWN_ROWS).map((row, r) => (
        <Fragment key={r}>
          {r > 0 && '\n'}
          {row
            .slice(0, SHOWN_COLS)
            .map((glyph, c) => (glyph === other[r]?.[c] ? glyph : <mark key={c}>{glyph}</mark>))}
        </Fragment>
      ))}
    </pre>
  );
  const cut = height > SHOWN_ROWS || mine.concat(theirs).some((row) => row.length > SHOWN_COLS);
  return (
    <div class="side-by-side">
      <p class="muted" data-testid="conflict-diff">
        {differing} cell{differing === 1 ? ' differs' : 's differ'} (marked)
        {cut ? `; showing the first ${SHOWN_ROWS} rows and ${SHOWN_COLS} columns` : ''}.
      </p>
      <figure>
        <figcaption>
          Mine ({mine[0]?.length ?? 0}×{mine.length})
        </figcaption>
        {side(mine, theirs, 'conflict-mine')}
      </figure>
      <figure>
        <figcaption>
          Their version {props.version} ({theirs[0]?.length ?? 0}×{theirs.length})
        </figcaption>
        {side(theirs, mine, 'conflict-theirs')}
      </figure>
    </div>
  );
}
