// The grid's pointer helpers (GridView.tsx): capture, a point in the view, a pinch's spread
// and its middle.

export function capture(event: PointerEvent): void {
  try {
    // Keeps the gesture going when the pointer leaves the grid while the button is down.
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
  } catch {
    // A pointer the browser does not track (a synthetic event): no capture.
  }
}

/** A point relative to the scroller's visible area (inside its border). */
export function pointIn(element: HTMLElement, event: { clientX: number; clientY: number }) {
  const rect = element.getBoundingClientRect();
  return {
    x: event.clientX - rect.left - element.clientLeft,
    y: event.clientY - rect.top - element.clientTop,
  };
}

export function spread(touches: Map<number, { x: number; y: number }>): number {
  const [a, b] = [...touches.values()];
  return Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
}

export function middle(touches: Map<number, { x: number; y: number }>) {
  const [a, b] = [...touches.values()];
  return { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 };
}
