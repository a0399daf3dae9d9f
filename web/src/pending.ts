// The person's answer to what was asked in a dialog (Editor.ui.pending): go on (true), keep
// things as they are (false), compare with the version offered, or save first and then go on.
import type { EditorHost, Pending } from './editor-state.js';

/** true: go on (discard, load, delete, resize); false: keep as it is; or compare, or save. */
export type Answer = boolean | 'compare' | 'save';

export function answerPending(editor: EditorHost, go: Answer): void {
  const pending = editor.ui.pending;
  editor.set({ pending: null });
  if (!pending) return;
  if (pending.kind === 'version') {
    if (go === 'compare') void editor.merge.compare(pending.version);
    else if (go) editor.offerVersion(pending.version, pending.shown, false);
    return;
  }
  if (pending.kind === 'resize') {
    if (go) editor.resize(pending.width, pending.height, pending.anchor, false);
    return;
  }
  if (pending.kind === 'delete') {
    const { id, version } = editor.store.meta;
    if (go) void editor.writer.run({ kind: 'delete', id }, version);
    return;
  }
  if (go === 'save') return void saveThenGo(editor, pending);
  if (go) goOn(editor, pending);
  // Kept drawing: the address stays that of the level on the page.
  else if (!pending.push) editor.restoreHash();
}

type Leaving = Extract<Pending, { kind: 'open' | 'new' }>;

function goOn(editor: EditorHost, pending: Leaving): void {
  if (pending.kind === 'open') void editor.load(pending.id, pending.push);
  else editor.newLevel(true, pending.push);
}

/**
 * Save, then what was asked. A save refused (a conflict, a level the server does not take)
 * keeps the drawing and its address; the conflict panel or the message bar says why.
 */
async function saveThenGo(editor: EditorHost, pending: Leaving): Promise<void> {
  const { store, writer } = editor;
  const id = store.meta.id.trim();
  if (!id) {
    if (!pending.push) editor.restoreHash();
    return editor.set({ problem: 'give the level an id first, then Save' });
  }
  await writer.run({ kind: 'save', id }, store.meta.version);
  if (store.dirty) {
    if (!pending.push) editor.restoreHash();
    return;
  }
  goOn(editor, pending);
}
