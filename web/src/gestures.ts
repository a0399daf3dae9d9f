// What is listed with the commands (the Keyboard panel, docs/editor.md's table) but is not
// one: a dialog's own keys (panels/dialogs.tsx handles them) and the pointer gestures.

/** A dialog's keys: the dialog's, never the page's. */
export const DIALOG_KEYS: readonly (readonly [keys: string, label: string])[] = [
  ['Escape', 'in a dialog: close it as Cancel or Keep drawing (nothing changes)'],
  ['Tab, Shift+Tab', 'in a dialog: the next, the previous button (round, never out of it)'],
];

/** Pointer gestures: not keys, but listed with them (help panel and docs). */
export const GESTURES: readonly (readonly [keys: string, label: string])[] = [
  ['right button', 'erase: paint floor with Brush, Rectangle, Line or Fill'],
  ['Shift + drag', 'Rectangle: filled'],
  ['Ctrl + wheel, pinch', 'zoom around the pointer'],
  ['Space + drag, middle drag', 'pan (the middle button never pastes)'],
  ['Ctrl + drag in the selection', 'Select: move its cells (a plain drag always starts a new box)'],
];
