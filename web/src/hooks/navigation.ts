// The page's address and unload: `#level=ID` opens a level; leaving with unsaved work asks.
import { useEffect } from 'preact/hooks';
import type { Editor } from '../editor.js';
import { levelFromHash } from '../editor.js';

/** `#level=ID` opens it (at load and on hashchange: Back and Forward); leaving asks first. */
export function useNavigation(editor: Editor): void {
  useEffect(() => {
    const follow = () => {
      const id = levelFromHash(location.hash);
      const { meta } = editor.store;
      if (id && (id !== meta.id || meta.version === 0)) editor.open(id, false);
      // Back to the entry of a new level (an address without a level): a new level again.
      else if (!id && meta.version > 0) editor.newLevel(false, false);
    };
    follow();
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!editor.losesWork) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('hashchange', follow);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [editor]);
}
