// The ASCII box (copy the level out, paste one in) and the hex maze files (download, import).
import { request } from '../api.js';
import type { Editor } from '../editor.js';
import { DraftMazeDocument, LevelMazeDocument } from '../gql/graphql.js';
import { useSelected } from '../hooks/subscribe.js';

export function ExchangePanel({ editor }: { editor: Editor }) {
  const { store } = editor;
  // The box holds a pasted level's text (90,000 characters for 300x300): rendered again only
  // when it or the level's id changes, not at every stroke and answer.
  const [ascii, id] = useSelected(() => [editor.ui.ascii, store.meta.id] as const, editor, store);
  const downloadHex = async () => {
    try {
      // The saved level's export, or the drawing's when it has changed since.
      const text = !store.dirty
        ? (await request(LevelMazeDocument, { id: store.meta.id })).level?.maze?.text
        : await request(DraftMazeDocument, { rows: store.grid.rows() }).then(({ checkLevel }) =>
            checkLevel.__typename === 'LevelDraft' ? checkLevel.maze?.text : undefined,
          );
      if (!text) {
        editor.set({
          problem: 'This level has no hex export: it is not a wall maze (docs/generation.md).',
        });
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      link.download = `${store.meta.id || 'level'}.maze.txt`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      editor.set({ status: `Downloaded ${link.download}.`, problem: '' });
    } catch (error) {
      editor.fail(error);
    }
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
        <button type="button" onClick={() => void downloadHex()}>
          Download hex maze file
        </button>
      </div>
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
