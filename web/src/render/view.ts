// The part of the level in view: what every drawing layer of render/ takes, in a module of its
// own so that the layers and the compositor (compose.ts) all import it and none another's.

/** The part of the level in view, in CSS pixels. */
export interface View {
  readonly cell: number;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Whether a cell shows (even in part) in the view. */
export function inView(view: View, row: number, col: number): boolean {
  const x = col * view.cell - view.left;
  const y = row * view.cell - view.top;
  return x > -view.cell && y > -view.cell && x < view.width && y < view.height;
}
