// The insights panel (docs/rules.md, Insights): what a designer asks of a level beyond "can it be solved":
// the cells no walk reaches, the keys really needed, the dead ends, and whether the shortest
// solution is unique. The answers come with the live check (one request); each overlay has
// its toggle.
import type { Editor } from '../editor.js';
import { useSubscribe } from '../hooks/subscribe.js';
import type { InsightLayer } from '../insights.js';
import { walksText } from '../insights.js';

export function InsightsPanel({ editor }: { editor: Editor }) {
  const { store, layers } = editor;
  useSubscribe(editor, store, layers);
  const result = editor.ui.check;
  // The last answers stay while a change is checked (marked so): the panel does not jump.
  const stale = !result || result.revision !== store.revision;
  const state = result?.state;
  const answers = state?.kind === 'answers' ? state : null;
  const insights = answers?.insights ?? null;
  if (!insights) {
    return (
      <p class="muted" data-testid="insights-none">
        {stale
          ? 'Checking…'
          : state?.kind === 'error'
            ? 'No insights for an invalid level: see the check above the grid.'
            : 'No insights: the check failed (see above the grid).'}
      </p>
    );
  }
  const { unreachable, neededKeys, deadEnds, shortestWalks } = insights;
  const toggle = (layer: InsightLayer, label: string) => (
    <label class="check">
      <input
        type="checkbox"
        name={`show-${layer}`}
        checked={layers.shown(layer)}
        onChange={() => layers.toggle(layer)}
      />
      <span class={`key-${layer}`} aria-hidden="true" /> {label}
    </label>
  );
  return (
    <div class={stale ? 'insights stale' : 'insights'} data-testid="insights" aria-busy={stale}>
      <p>
        <strong data-testid="insight-walks">
          {answers?.steps === null ? 'E cannot be reached from S.' : walksText(shortestWalks)}
        </strong>
        <span class={stale ? 'muted' : 'muted invisible'}> checking…</span>
      </p>
      <dl class="insight-list">
        <dt>Unreachable cells</dt>
        <dd data-testid="insight-unreachable">{unreachable.length.toLocaleString('en-US')}</dd>
        <dt>Needed keys</dt>
        <dd data-testid="insight-needed">
          {neededKeys.length > 0 ? neededKeys.join(', ') : 'none'}
        </dd>
        <dt>Dead ends</dt>
        <dd data-testid="insight-dead-ends">{deadEnds}</dd>
      </dl>
      <div class="insight-toggles">
        {toggle('unreachable', 'Shade unreachable cells')}
        {toggle('neededKeys', 'Ring needed keys')}
        {toggle('deadEnds', 'Mark dead ends')}
      </div>
    </div>
  );
}
