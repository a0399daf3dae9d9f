// A component re-renders when a plain object it reads from says it changed (the document
// store, the tool box, the viewport, the writer): no copy of their state in Preact's.
import { useEffect, useReducer } from 'preact/hooks';

export interface Subscribable {
  subscribe(listener: () => void): () => void;
}

export function useSubscribe(...sources: Subscribable[]): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stops = sources.map((source) => source.subscribe(() => rerender(0)));
    return () => stops.forEach((stop) => stop());
  }, sources);
}
