// The stamp bar: the stamp held for pasting (the block copied or pasted last) as its rows, its
// turns and flips, transparent paste (pressed: on), and the open level's saved stamps: Save
// puts the stamp in the first empty slot, a slot's button makes it the stamp again, × forgets
// it. Titles from the COMMANDS table; the work is the Clipboard's (clipboard.ts).
import { titleOf } from '../commands.js';
import type { Editor } from '../editor.js';
import { useSubscribe } from '../hooks/subscribe.js';
import type { Grid } from '../grid.js';

/** The preview shows this many rows and columns of a big stamp (its size says the rest). */
const PREVIEW_ROWS = 3;
const PREVIEW_COLS = 12;

const TURNS = [
  ['stamp-clockwise', 'clockwise', '↻', 'Turn clockwise'],
  ['stamp-anticlockwise', 'anticlockwise', '↺', 'Turn anticlockwise'],
  ['stamp-flip-x', 'flip-x', '⇆', 'Flip left to right'],
  ['stamp-flip-y', 'flip-y', '⇅', 'Flip upside down'],
] as const;

export function StampBar({ editor }: { editor: Editor }) {
  const { clipboard, store } = editor;
  useSubscribe(clipboard, store);
  const { stamp } = clipboard;
  const slots = clipboard.slots();
  return (
    <div class="toolbar stamp-bar" role="toolbar" aria-label="Stamp">
      <span class="stamp-name" data-testid="stamp-size">
        {stamp ? `Stamp ${stamp.width}×${stamp.height}` : 'No stamp'}
      </span>
      <pre class="stamp-preview" data-testid="stamp-preview" aria-hidden="true">
        {stamp ? preview(stamp) : ''}
      </pre>
      {TURNS.map(([id, turn, sign, name]) => (
        <button
          key={id}
          type="button"
          disabled={!stamp}
          aria-label={name}
          title={titleOf(id)}
          onClick={() => clipboard.turn(turn)}
        >
          {sign}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={clipboard.transparent}
        title={titleOf('stamp-transparent')}
        onClick={() => clipboard.toggleTransparent()}
      >
        Transparent
      </button>
      <span class="sep" />
      <button
        type="button"
        disabled={!stamp}
        title="keep the stamp in the first empty slot of this level (kept by this browser)"
        onClick={() => clipboard.save()}
      >
        Save stamp
      </button>
      {slots.map((rows, slot) =>
        rows ? (
          <span key={slot} class="stamp-slot">
            <button
              type="button"
              aria-label={`Stamp ${slot + 1}, ${rows[0].length}×${rows.length}`}
              title={rows.join('\n')}
              onClick={() => clipboard.pick(slot)}
            >
              {slot + 1}
            </button>
            <button
              type="button"
              class="stamp-forget"
              aria-label={`Forget stamp ${slot + 1}`}
              title={`forget stamp ${slot + 1}`}
              onClick={() => clipboard.forget(slot)}
            >
              ×
            </button>
          </span>
        ) : (
          <button
            key={slot}
            type="button"
            class="stamp-slot-empty"
            disabled
            aria-label={`Stamp ${slot + 1}, empty`}
          >
            {slot + 1}
          </button>
        ),
      )}
    </div>
  );
}

function preview(stamp: Grid): string {
  const rows = stamp.rows().slice(0, PREVIEW_ROWS);
  const cut = rows.map((row) =>
    row.length > PREVIEW_COLS ? `${row.slice(0, PREVIEW_COLS)}…` : row,
  );
  if (stamp.height > PREVIEW_ROWS) cut.push('…');
  return cut.join('\n');
}
