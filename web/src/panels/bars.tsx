// The top bar (title, the open level in short, the write token) and the level bar (id,
// version, size, unsaved changes, Save, New, Delete).
import { useRef, useState } from 'preact/hooks';
import { readToken, writeToken } from '../api.js';
import { titleOf } from '../commands.js';
import type { Editor } from '../editor.js';
import { useSubscribe } from '../hooks/subscribe.js';

export function TopBar({ editor }: { editor: Editor }) {
  const { store, writer } = editor;
  useSubscribe(store, writer);
  const [token, setToken] = useState(readToken());
  const input = useRef<HTMLInputElement>(null);
  const { id, version } = store.meta;
  const { grid } = store;
  const retry = writer.state.retry;
  if (retry && document.activeElement !== input.current)
    queueMicrotask(() => input.current?.focus());
  return (
    <header class="top">
      {/* The first stop of Tab: straight to the grid. */}
      <a
        class="skip"
        href="#grid"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('grid')?.focus();
        }}
      >
        Skip to the grid
      </a>
      <h1>Labyrinth level editor</h1>
      {/* The open level in the bar that stays on screen; the level bar says the same to
          screen readers. */}
      <span class="summary" aria-hidden="true" data-testid="summary">
        {id || '(no id)'} · {version ? `v${version}` : 'new'} · {grid.width}×{grid.height}
        {store.dirty ? ' · unsaved' : ''}
      </span>
      <form class="token" onSubmit={(event) => event.preventDefault()}>
        <label class="token">
          <span>Write token</span>
          <input
            ref={input}
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
      {retry && (
        <button
          type="button"
          class="primary"
          onClick={() => {
            editor.set({ problem: '' });
            void writer.retryWithToken();
          }}
        >
          Retry with token
        </button>
      )}
      <a href="/graphql" class="muted">
        GraphiQL
      </a>
    </header>
  );
}

export function LevelBar({ editor }: { editor: Editor }) {
  const { store, writer } = editor;
  useSubscribe(store, writer);
  const { id, version } = store.meta;
  const busy = writer.state.busy;
  return (
    <section class="level-bar" aria-label="Open level">
      <label class="field">
        <span>Level id</span>
        <input
          name="level-id"
          value={id}
          readOnly={version > 0}
          aria-describedby="level-facts"
          onInput={(event) => store.setId((event.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <p id="level-facts" class="facts" data-testid="level-facts">
        <span>
          version <strong data-testid="level-version">{version || 'new'}</strong>
        </span>
        <span>
          size{' '}
          <strong data-testid="level-size">
            {store.grid.width}×{store.grid.height}
          </strong>
        </span>
        <span class={store.dirty ? 'badge' : 'badge invisible'} aria-hidden={!store.dirty}>
          unsaved changes
        </span>
      </p>
      <div class="row">
        <button
          type="button"
          class="primary"
          disabled={busy}
          title={titleOf('save')}
          onClick={() => editor.save()}
        >
          Save
        </button>
        <button type="button" onClick={() => editor.newLevel()}>
          New
        </button>
        <button
          type="button"
          disabled={version === 0 || busy}
          onClick={() => editor.set({ pending: { kind: 'delete' } })}
        >
          Delete
        </button>
      </div>
    </section>
  );
}
