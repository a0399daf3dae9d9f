// The open level's name and tags (saved with Save), and Duplicate / Rename to another id
// (copies.ts). Names and tags are part of the drawing's unsaved changes: leaving asks.
import { useState } from 'preact/hooks';
import { cannotCopy, copyServer, duplicate, rename } from '../copies.js';
import { type Editor, hashOf } from '../editor.js';
import type { LevelFieldsFragment } from '../gql/graphql.js';
import { useSubscribe } from '../hooks/subscribe.js';

export function LevelInfoPanel({ editor }: { editor: Editor }) {
  const { store } = editor;
  useSubscribe(store);
  const { info, meta } = store;
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const blocked = cannotCopy(meta, store.dirty, to);

  const opened = (level: LevelFieldsFragment, push: boolean) => {
    editor.show(level);
    if (push) history.pushState(null, '', hashOf(level.levelId));
    else history.replaceState(null, '', hashOf(level.levelId));
  };
  const run = async (kind: 'duplicate' | 'rename') => {
    if (blocked) return editor.set({ problem: `Cannot ${kind}: ${blocked}` });
    const from = meta.id;
    setBusy(true);
    try {
      const outcome =
        kind === 'duplicate'
          ? await duplicate(copyServer, from, to)
          : await rename(copyServer, from, meta.version, to, (level) => opened(level, false));
      const refresh = { listRefresh: editor.ui.listRefresh + 1 };
      if (outcome.kind === 'refused') return editor.set({ ...refresh, problem: outcome.message });
      const { level } = outcome;
      if (kind === 'duplicate') opened(level, true);
      setTo('');
      editor.set({
        ...refresh,
        problem: outcome.kind === 'both' ? outcome.message : '',
        status:
          kind === 'duplicate'
            ? `Duplicated ${from} as ${level.levelId} (version ${level.version}); this is the copy.`
            : `Renamed ${from} to ${level.levelId} (version ${level.version}).`,
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'UnauthenticatedError') {
        editor.set({ problem: `${error.message}: enter the write token, then try again.` });
      } else editor.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="level-info">
      <label class="field">
        <span>Name</span>
        <input
          name="level-name"
          value={info.name}
          maxLength={100}
          placeholder="shown in the level list"
          onInput={(event) =>
            store.setInfo({ ...info, name: (event.currentTarget as HTMLInputElement).value })
          }
        />
      </label>
      <label class="field">
        <span>Tags</span>
        <input
          name="level-tags"
          value={info.tags}
          placeholder="commas or spaces between them"
          aria-describedby="tags-help"
          onInput={(event) =>
            store.setInfo({ ...info, tags: (event.currentTarget as HTMLInputElement).value })
          }
        />
      </label>
      <p id="tags-help" class="muted small">
        Saved with Save (case-folded, sorted); each 1 to 32 letters, digits, - _ or .
      </p>
      <form
        class="copy-form"
        aria-label="Duplicate or rename"
        onSubmit={(event) => {
          event.preventDefault();
          void run('duplicate');
        }}
      >
        <label class="field">
          <span>New id</span>
          <input
            name="copy-to"
            value={to}
            aria-describedby="copy-help"
            onInput={(event) => setTo((event.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <div class="row">
          <button type="submit" disabled={busy || blocked !== null}>
            Duplicate
          </button>
          <button
            type="button"
            disabled={busy || blocked !== null}
            onClick={() => void run('rename')}
          >
            Rename
          </button>
        </div>
        <p id="copy-help" class="muted small" data-testid="copy-help">
          {blocked && to.trim()
            ? `To copy: ${blocked}.`
            : 'Duplicate: the saved level as a new one, opened. Rename: the same, then the old id is deleted (its history stays readable; the new id starts at version 1).'}
        </p>
      </form>
    </div>
  );
}
