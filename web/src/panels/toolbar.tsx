// The tools (one button each, named exactly as the tool), the palette of glyphs, Undo/Redo,
// and Copy/Cut/Paste for a selection (always there, so the bar never reflows); every title
// from the COMMANDS table.
import { keysOf, titleOf } from '../commands.js';
import type { Editor } from '../editor.js';
import { PALETTE, glyphKind } from '../glyphs.js';
import { useSubscribe } from '../hooks/subscribe.js';
import { TOOL_IDS, TOOL_INFO } from '../tools/index.js';
import { copySelection, cutSelection, paste } from '../tools/select.js';

export function ToolBar({ editor }: { editor: Editor }) {
  const { store, tools } = editor;
  useSubscribe(store, tools);
  const clipboard = async (text: string | null, what: string) => {
    if (text === null) return;
    try {
      await navigator.clipboard.writeText(text);
      editor.set({ status: `${what} the selection (also to the clipboard, as ASCII).` });
    } catch {
      // The system clipboard refused (no permission): the block is still kept in the page.
      editor.set({
        status: `${what} the selection (${keysOf('copy')} also puts it on the clipboard).`,
      });
    }
  };
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
        onClick={() => void clipboard(copySelection(tools), 'Copied')}
      >
        Copy
      </button>
      <button
        type="button"
        disabled={!tools.selection}
        title={titleOf('cut')}
        onClick={() => void clipboard(cutSelection(tools), 'Cut')}
      >
        Cut
      </button>
      <button
        type="button"
        title={titleOf('paste')}
        onClick={() => {
          const refused = paste(tools);
          if (refused) editor.set({ problem: refused });
        }}
      >
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
