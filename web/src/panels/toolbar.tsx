// The tools (one button each, named exactly as the tool), the palette of glyphs, Undo/Redo,
// and Copy/Cut/Paste for a selection (always there, so the bar never reflows; the Clipboard's,
// clipboard.ts); every title from the COMMANDS table.
import { titleOf } from '../commands.js';
import type { Editor } from '../editor.js';
import { PALETTE, glyphKind } from '../glyphs.js';
import { useSubscribe } from '../hooks/subscribe.js';
import { TOOL_IDS, TOOL_INFO } from '../tools/index.js';

export function ToolBar({ editor }: { editor: Editor }) {
  const { store, tools } = editor;
  useSubscribe(store, tools);
  return (
    <div class="toolbar" role="toolbar" aria-label="Tools">
      {TOOL_IDS.map((id) => (
        <button
          key={id}
          type="button"
          class="tool"
          data-tool={id}
          aria-pressed={tools.toolId === id}
          title={titleOf(`tool-${id}`)}
          onClick={() => tools.choose(id)}
        >
          <span class={`tool-icon icon-${id}`} aria-hidden="true" />
          {TOOL_INFO[id].name}
        </button>
      ))}
      <span class="sep" />
      <button
        type="button"
        disabled={!store.canUndo}
        title={titleOf('undo')}
        onClick={() => store.undo()}
      >
        Undo
      </button>
      <button
        type="button"
        disabled={!store.canRedo}
        title={titleOf('redo')}
        onClick={() => store.redo()}
      >
        Redo
      </button>
      <span class="sep" />
      <button
        type="button"
        disabled={!tools.selection}
        title={titleOf('copy')}
        onClick={() => editor.clipboard.run('copy')}
      >
        Copy
      </button>
      <button
        type="button"
        disabled={!tools.selection}
        title={titleOf('cut')}
        onClick={() => editor.clipboard.run('cut')}
      >
        Cut
      </button>
      <button type="button" title={titleOf('paste')} onClick={() => editor.clipboard.run('paste')}>
        Paste
      </button>
    </div>
  );
}

/** The glyphs, in a column of their own left of the grid. */
export function Palette({ editor }: { editor: Editor }) {
  const { tools } = editor;
  useSubscribe(tools);
  return (
    <div class="toolbar palette" role="toolbar" aria-label="Palette" aria-orientation="vertical">
      {PALETTE.map(({ glyph, name }) => (
        <button
          key={glyph}
          type="button"
          class="swatch"
          aria-pressed={tools.glyph === glyph}
          title={`${name} (key ${glyph})`}
          aria-label={`${name}, shortcut ${glyph}`}
          data-glyph={glyph}
          onClick={() => tools.chooseGlyph(glyph)}
        >
          <Swatch glyph={glyph} />
        </button>
      ))}
    </div>
  );
}

/** A palette button's picture: the glyph drawn as the grid draws it, plus its character. */
function Swatch({ glyph }: { glyph: string }) {
  const kind = glyphKind(glyph);
  const variant =
    kind === 'terrain'
      ? `t${glyph}`
      : kind === 'key' || kind === 'door'
        ? `${kind}-${glyph.toLowerCase()}`
        : kind;
  return (
    <span class={`swatch-face glyph-${variant}`} aria-hidden="true">
      {glyph}
    </span>
  );
}
