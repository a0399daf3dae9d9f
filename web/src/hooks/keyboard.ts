// The page's keys: the COMMANDS table's shortcuts, and the browser's copy, cut and paste.
import { useEffect } from 'preact/hooks';
import { commandFor, isTextField } from '../commands.js';
import type { Editor } from '../editor.js';
import { copySelection, cutSelection, paste } from '../tools/select.js';

/** Keys anywhere on the page run the COMMANDS table's entries. */
export function useCommands(editor: Editor): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const onGrid = !!target?.classList?.contains('grid-scroller');
      const mode = editor.animation.mode ?? (editor.play.active ? 'play' : 'edit');
      const command = commandFor(event, onGrid, mode);
      if (!command || command.native) return;
      event.preventDefault();
      command.perform(editor, event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
}

/**
 * Ctrl+C, Ctrl+X and Ctrl+V outside text fields: the browser's copy, cut and paste events,
 * which carry the system clipboard (copies go there as ASCII rows; ASCII from anywhere pastes).
 */
export function useClipboard(editor: Editor): void {
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (isTextField(event.target) || !editor.tools.selection || editor.play.active) return;
      const text = event.type === 'cut' ? cutSelection(editor.tools) : copySelection(editor.tools);
      if (text === null) return;
      event.preventDefault();
      event.clipboardData?.setData('text/plain', text);
      const { width, height } = editor.store.grid.block(editor.tools.selection);
      editor.set({
        status: `${event.type === 'cut' ? 'Cut' : 'Copied'} ${width}×${height} cells (also as ASCII).`,
      });
    };
    const onPaste = (event: ClipboardEvent) => {
      // Nothing is pasted into the level while it is played.
      if (isTextField(event.target) || editor.play.active) return;
      event.preventDefault();
      const refused = paste(editor.tools, event.clipboardData?.getData('text/plain') ?? undefined);
      editor.set(refused ? { problem: refused } : { problem: '', status: 'Pasted.' });
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [editor]);
}
