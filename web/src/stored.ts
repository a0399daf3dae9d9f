// What the page does once the server stored a write (writes.ts): a save keeps the drawing and
// its undo history, a delete keeps the drawing as a new level and offers Restore, the others
// show the level stored.
import { hashOf } from './address.js';
import type { EditorHost } from './editor-state.js';
import { importNotice } from './hex-losses.js';
import type { WriteIntent, WriteOutcome } from './writes.js';

export function stored(
  editor: EditorHost,
  intent: WriteIntent,
  outcome: Extract<WriteOutcome, { kind: 'stored' }>,
): void {
  const { store } = editor;
  const { level, warnings } = outcome;
  const refresh = { listRefresh: editor.ui.listRefresh + 1, problem: '', remote: null };
  if (intent.kind === 'delete') {
    const gone = warnings.length > 0;
    // Restore (the message bar) saves the deleted version again as the level's next one.
    const deleted = gone ? null : { id: intent.id, version: store.meta.version };
    // The drawing stays, as a new level: saving it stores it again.
    store.markUnsaved({ id: intent.id, version: 0 });
    return editor.set({
      ...refresh,
      deleted,
      status: gone ? `${intent.id} was already gone.` : `Deleted ${intent.id}.`,
    });
  }
  if (!level) return;
  if (intent.kind === 'save') {
    // Keep the drawing (and its undo history); what was drawn meanwhile stays unsaved.
    const meta = { id: level.levelId, version: level.version };
    if (level.rows.join('\n') === store.grid.rows().join('\n')) {
      store.markSaved(meta, level);
    } else store.rebase(meta, level);
    history.replaceState(null, '', hashOf(level.levelId));
    return editor.set({
      ...refresh,
      deleted: editor.ui.deleted?.id === level.levelId ? null : editor.ui.deleted,
      status: `Saved ${level.levelId} as version ${level.version}.`,
    });
  }
  const other = level.levelId !== store.meta.id;
  const restored =
    intent.kind === 'revert' &&
    editor.ui.deleted?.id === intent.id &&
    editor.ui.deleted.version === intent.version;
  editor.show(level);
  if (other) history.pushState(null, '', hashOf(level.levelId));
  else history.replaceState(null, '', hashOf(level.levelId));
  const what =
    intent.kind === 'generate'
      ? `Generated (seed ${intent.input.seed})`
      : intent.kind === 'import'
        ? 'Imported'
        : restored
          ? `Restored version ${intent.version}`
          : `Reverted to version ${intent.version}`;
  const lost = intent.kind === 'import' && intent.replaced ? importNotice(intent.replaced) : '';
  const notes = lost ? [...warnings, lost] : warnings;
  editor.set({
    ...refresh,
    deleted: editor.ui.deleted?.id === level.levelId ? null : editor.ui.deleted,
    status: `${what}: ${level.levelId} is at version ${level.version}.`,
    problem: notes.length > 0 ? `Warning: ${notes.join('; ')}` : '',
  });
}
