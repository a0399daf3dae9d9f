// Editing together in the page: the open level's shared drawing followed, and where this
// page's pointer is and what it selects told to the others.
import { useEffect } from 'preact/hooks';
import type { Editor } from '../editor.js';

export function useTogether(editor: Editor): void {
  useEffect(() => {
    const { together, tools } = editor;
    const disconnect = together.connect();
    let last = '';
    const tell = () => {
      const pointer = tools.pointerCell;
      const selection = tools.selection;
      const key = JSON.stringify([pointer?.row, pointer?.col, selection]);
      if (key === last) return;
      last = key;
      together.point(pointer && { row: pointer.row, col: pointer.col }, selection);
    };
    // After the grid's own handlers (they set the pointer's cell): on the window, bubbling.
    window.addEventListener('pointermove', tell, { passive: true });
    window.addEventListener('pointerup', tell, { passive: true });
    const stopTools = tools.subscribe(tell);
    return () => {
      window.removeEventListener('pointermove', tell);
      window.removeEventListener('pointerup', tell);
      stopTools();
      disconnect();
    };
  }, [editor]);
}
