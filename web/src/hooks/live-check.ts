// The live check tied to the editor: every finished change schedules one (check.ts).
import { useEffect } from 'preact/hooks';
import { type Ask, CheckRunner, askServer } from '../check.js';
import type { Editor } from '../editor.js';

/**
 * Checks the level after every finished change (CheckRunner: debounced, cancelled); `ask` is
 * the server's checkLevel (a test gives its own).
 */
export function useLiveCheck(editor: Editor, ask: Ask = askServer): void {
  useEffect(() => {
    const { store } = editor;
    const runner = new CheckRunner(ask, (check) => editor.set({ check }));
    let seen = -1;
    const changed = () => {
      if (store.revision === seen) return;
      seen = store.revision;
      runner.schedule(() => store.grid.rows(), store.revision);
    };
    changed();
    const stop = store.subscribe(changed);
    return () => {
      stop();
      runner.cancel();
    };
  }, [editor, ask]);
}
