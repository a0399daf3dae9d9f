// The message bar: someone else's save, the stream being away and a request's problem, in a
// strip of its own under the grid (and the last status and the hovered cell, below it). It
// never covers the grid, and the grid's top never moves for it (styles/layout.css).
import { useEffect, useState } from 'preact/hooks';
import type { Editor } from '../editor.js';
import { useSelected } from '../hooks/subscribe.js';
import type { Viewport } from '../viewport.js';

export function Notices({ editor }: { editor: Editor }) {
  const { store } = editor;
  const [liveDown, liveRefused, remote, problem, id, deleted, busy] = useSelected(
    () => {
      const { ui } = editor;
      const busy = editor.writer.state.busy;
      return [
        ui.liveDown,
        ui.liveRefused,
        ui.remote,
        ui.problem,
        store.meta.id,
        ui.deleted,
        busy,
      ] as const;
    },
    editor,
    store,
    editor.writer,
  );
  return (
    <div class="notices" data-testid="notices">
      {liveDown && (
        <p class="notice warn" role="status" data-testid="live-down">
          Reconnecting to the server: others’ saves are not announced until it is back, then the
          open level is checked.{liveRefused && ` ${liveRefused}`}
        </p>
      )}
      {remote && (
        <div class="notice info" role="alert" data-testid="remote-change">
          <span>
            {remote.kind === 'DELETED'
              ? `Someone else deleted ${id}.`
              : `Someone else saved version ${remote.version} of ${id}.`}
          </span>{' '}
          {remote.kind !== 'DELETED' && (
            <button type="button" onClick={() => editor.offerVersion(null, remote.version)}>
              Load version {remote.version}
            </button>
          )}{' '}
          <button type="button" onClick={() => editor.set({ remote: null })}>
            Dismiss
          </button>
        </div>
      )}
      {deleted && (
        <div class="notice info" role="status" data-testid="deleted">
          <span>
            Deleted {deleted.id} (version {deleted.version}): Restore saves it back, rows, name and
            tags, as its next version.
          </span>{' '}
          <button type="button" disabled={busy} onClick={() => editor.restore()}>
            Restore {deleted.id}
          </button>{' '}
          <button type="button" onClick={() => editor.set({ deleted: null })}>
            Dismiss
          </button>
        </div>
      )}
      {problem && (
        <p class="notice problem" role="alert">
          <span data-testid="problem">{problem}</span>{' '}
          <button
            type="button"
            class="link"
            aria-label="Dismiss the message"
            onClick={() => editor.set({ problem: '' })}
          >
            ×
          </button>
        </p>
      )}
    </div>
  );
}

/** The last thing done, below the grid (a live region for screen readers). */
export function Status({ editor }: { editor: Editor }) {
  const [status] = useSelected(() => [editor.ui.status] as const, editor);
  return (
    <>
      <p class="sr-only" role="status">
        {status}
      </p>
      <p class="status muted" aria-hidden="true" data-testid="status">
        {status}
      </p>
    </>
  );
}

/** The cell under the pointer ("row 12, col 40", from 0 as the cursor's), none off the grid. */
export function HoverCell({ viewport }: { viewport: Viewport }) {
  const [hover, setHover] = useState(viewport.hover);
  useEffect(() => viewport.onHover(() => setHover(viewport.hover)), [viewport]);
  return (
    <span class="hover-cell" data-testid="hover-cell" hidden={!hover}>
      {hover ? `row ${hover.row}, col ${hover.col}` : ''}
    </span>
  );
}
