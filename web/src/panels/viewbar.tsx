// Zoom (steps that keep the centre in place, Zoom to fit) and resize with an anchor: the
// side or corner of the level that stays where it is (9 positions).
import { useRef, useState } from 'preact/hooks';
import { titleOf } from '../commands.js';
import { WallColourField } from '../generation/WallColourField.js';
import type { Editor } from '../editor.js';
import { ANCHORS, type Anchor } from '../grid.js';
import { useSubscribe } from '../hooks/subscribe.js';
import { cellLabel } from '../viewport.js';

/** The resize form's two fields: the value, its short label and its accessible name. */
const RESIZE_FIELDS = [
  ['width', 'W', 'Width'],
  ['height', 'H', 'Height'],
] as const;

const ANCHOR_ARROWS: Readonly<Record<Anchor, string>> = {
  'top-left': '↖',
  top: '↑',
  'top-right': '↗',
  left: '←',
  centre: '•',
  right: '→',
  'bottom-left': '↙',
  bottom: '↓',
  'bottom-right': '↘',
};

/** Zoom out, the cell size, zoom in, Zoom to fit: beside the tools, over the grid. */
export function ZoomBar({ editor }: { editor: Editor }) {
  const { viewport } = editor;
  useSubscribe(viewport);
  return (
    <div class="toolbar zoom" role="group" aria-label="Zoom">
      <button
        type="button"
        aria-label="Zoom out"
        title={titleOf('zoom-out')}
        onClick={() => editor.zoom(-1)}
      >
        −
      </button>
      <span class="muted zoom-label" aria-live="polite" data-testid="zoom">
        {cellLabel(viewport.cell)}
      </span>
      <button
        type="button"
        aria-label="Zoom in"
        title={titleOf('zoom-in')}
        onClick={() => editor.zoom(1)}
      >
        +
      </button>
      <button type="button" title={titleOf('zoom-fit')} onClick={() => editor.zoomToFit()}>
        Zoom to fit
      </button>
    </div>
  );
}

/** The walls' colour and the level's size (with the anchor a resize keeps in place). */
export function SizeBar({ editor }: { editor: Editor }) {
  const { store } = editor;
  useSubscribe(store);
  const { width, height } = store.grid;
  // What is typed, while the size it was typed at lasts: any change of size (a resize, another
  // level, an undo) shows the level's own size again, and an undo back to the old size does
  // not bring back what was typed at it.
  const sizes = useRef({ dims: `${width}x${height}`, count: 0 });
  if (sizes.current.dims !== `${width}x${height}`) {
    sizes.current = { dims: `${width}x${height}`, count: sizes.current.count + 1 };
  }
  const dims = sizes.current.count;
  const [typed, setTyped] = useState({ dims, width: String(width), height: String(height) });
  const size = typed.dims === dims ? typed : { dims, width: String(width), height: String(height) };
  const [anchor, setAnchor] = useState<Anchor>('top-left');
  return (
    <div class="row tools">
      <WallColourField />
      <form
        class="row"
        aria-label="Resize"
        onSubmit={(event) => {
          event.preventDefault();
          editor.resize(Number(size.width), Number(size.height), anchor);
        }}
      >
        {RESIZE_FIELDS.map(([side, short, label]) => (
          <label class="inline" key={side}>
            {short}
            <input
              name={side}
              class="num"
              inputMode="numeric"
              value={size[side]}
              aria-label={label}
              onInput={(e) => {
                const value = (e.currentTarget as HTMLInputElement).value;
                setTyped({ ...size, [side]: value });
              }}
            />
          </label>
        ))}
        <fieldset class="anchors" aria-label="Anchor">
          {ANCHORS.map((position) => (
            <label key={position} class="anchor" title={`keep the ${position} in place`}>
              <input
                type="radio"
                name="anchor"
                value={position}
                checked={anchor === position}
                aria-label={`Anchor ${position.replace('-', ' ')}`}
                onChange={() => setAnchor(position)}
              />
              <span aria-hidden="true">{ANCHOR_ARROWS[position]}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit">Resize</button>
      </form>
    </div>
  );
}
