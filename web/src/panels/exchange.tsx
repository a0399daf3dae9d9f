// The ASCII box (copy the level out, paste one in) and the hex maze files (download, import;
// what a hex file cannot hold is said before the download: hex-losses.ts).
import { useState } from 'preact/hooks';
import { request } from '../api.js';
import type { Editor } from '../editor.js';
import { DraftMazeDocument, LevelMazeDocument } from '../gql/graphql.js';
import { downloadWarning, hexLosses } from '../hex-losses.js';
import { useSelected } from '../hooks/subscribe.js';

/** A download waiting for the designer's answer to what the file will not hold. */
interface Asked {
  readonly text: string;
  readonly name: string;
  readonly warning: string;
  /** The drawing's revision it was made for. */
  readonly revision: number;
}

export function ExchangePanel({ editor }: { editor: Editor }) {
  const { store } = editor;
  // The box holds a pasted level's text (90,000 characters for 300x300): rendered again only
  // when it or the level's id changes, not at every stroke and answer.
  const [ascii, id] = useSelected(() => [editor.ui.ascii, store.meta.id] as const, editor, store);
  // A file that would lose terrain, keys, doors or gates waits for "Download anyway": its text,
  // name and warning, for the drawing of one revision (a change meanwhile drops it).
  const [asking, setAsking] = useState<Asked | null>(null);
  const [stale] = useSelected(
    () => [asking !== null && asking.revision !== store.revision] as const,
    store,
  );
  const pending = stale ? null : asking;
  const downloadHex = async () => {
    try {
      const rows = store.grid.rows();
      const at = store.revision;
      // The saved level's export, or the drawing's when it has changed since.
      const text = !store.dirty
        ? (await request(LevelMazeDocument, { id: store.meta.id })).level?.maze?.text
        : await request(DraftMazeDocument, { rows }).then(({ checkLevel }) =>
            checkLevel.__typename === 'LevelDraft' ? checkLevel.maze?.text : undefined,
          );
      if (!text) {
        editor.set({
          problem: 'This level has no hex export: it is not a wall maze (docs/generation.md).',
        });
        return;
      }
      const name = `${store.meta.id || 'level'}.maze.txt`;
      const warning = downloadWarning(hexLosses(rows));
      if (warning) return setAsking({ text, name, warning, revision: at });
      save(text, name);
    } catch (error) {
      editor.fail(error);
    }
  };
  const save = (text: string, name: string) => {
    setAsking(null);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    editor.set({ status: `Downloaded ${name}.`, problem: '' });
  };
  return (
    <div class="exchange">
      <label class="field wide">
        <span>Level as ASCII (paste a level here)</span>
        <textarea
          name="ascii"
          rows={6}
          spellcheck={false}
          value={ascii}
          onInput={(e) => editor.set({ ascii: (e.currentTarget as HTMLTextAreaElement).value })}
        />
      </label>
      <div class="row">
        <button type="button" onClick={() => void editor.copyAscii()}>
          Copy level as ASCII
        </button>
        <button type="button" onClick={() => editor.pasteAscii()} disabled={ascii.trim() === ''}>
          Use pasted ASCII
        </button>
      </div>
      <div class="row">
        <button type="button" onClick={() => void downloadHex()} disabled={pending !== null}>
          Download hex maze file
        </button>
      </div>
      {pending && (
        <div class="notice warn" role="alert" data-testid="hex-warning">
          <p>{pending.warning}</p>
          <div class="row">
            <button type="button" onClick={() => save(pending.text, pending.name)}>
              Download anyway
            </button>
            <button type="button" onClick={() => setAsking(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <label class="field wide">
        <span>Import a hex maze file into {id}</span>
        <input
          type="file"
          name="hex-file"
          accept=".txt,.maze,text/plain"
          onChange={async (e) => {
            const input = e.currentTarget as HTMLInputElement;
            const file = input.files?.[0];
            if (file) editor.importHex(await file.text());
            input.value = '';
          }}
        />
      </label>
    </div>
  );
}
