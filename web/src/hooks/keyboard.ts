// The page's keys: the COMMANDS table's shortcuts, and the browser's copy, cut and paste
// (handed to the Clipboard, clipboard.ts, as the table's entries are).
import { useEffect } from 'preact/hooks';
import { commandFor, isTextField } from '../commands.js';
import type { Editor } from '../editor.js';
import type { ClipboardAction } from '../clipboard.js';

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
 * which carry the system clipboard, handed to the Clipboard (clipboard.ts). A middle-button
 * release outside a text field does not paste: on Linux the browser pastes the primary
 * selection there (any text selected on the page, a stray "0"); the middle button pans.
 */
export function useClipboard(editor: Editor): void {
  useEffect(() => {
    const onEvent = (event: ClipboardEvent) => {
      if (isTextField(event.target)) return;
      const action = event.type as ClipboardAction;
      if (editor.clipboard.run(action, event.clipboardData)) event.preventDefault();
    };
    const onRelease = (event: PointerEvent) => {
      // The release's default action is that paste (Chromium); a link keeps its own.
      const link = (event.target as Element | null)?.closest?.('a');
      if (event.button === 1 && !isTextField(event.target) && !link) event.preventDefault();
    };
    const events = ['copy', 'cut', 'paste'] as const;
    for (const type of events) document.addEventListener(type, onEvent);
    window.addEventListener('pointerup', onRelease, true);
    return () => {
      for (const type of events) document.removeEventListener(type, onEvent);
      window.removeEventListener('pointerup', onRelease, true);
    };
  }, [editor]);
}
