// The live check's line: the validation error and its cell, or the answers; the overlay
// toggles and "Walk the path". Its height never changes, so the grid below never moves. The
// keys in the labels and the titles come from the COMMANDS table.
import { titleOf, withKeys } from '../commands.js';
import type { Editor } from '../editor.js';
import { scrollIntoView } from '../viewport.js';
import { useSubscribe } from '../hooks/subscribe.js';

export function CheckLine({ editor }: { editor: Editor }) {
  const { store, viewport, animation } = editor;
  useSubscribe(editor, store, animation);
  const { check: result, showPath, showCheapest, walker } = editor.ui;
  const check = result?.state ?? { kind: 'none' as const };
  const checking = result === null || result.revision !== store.revision;
  const current = !checking && check.kind === 'answers' ? check : null;
  return (
    <section class="checks" aria-label="Check" data-testid="check">
      <div role="status" aria-live="polite" class="check-result">
        {/* A maze shown over the grid (Generate, Animate) has its own answers in its bar. */}
        {animation.active && (
          <span class="muted" data-testid="check-under">
            Your drawing:{' '}
          </span>
        )}
        {check.kind === 'error' ? (
          <p class="error" data-testid="check-error">
            <strong>Invalid:</strong> {check.message}
            {check.cell && (
              <>
                {' '}
                <button
                  type="button"
                  class="link"
                  onClick={() => {
                    const grid = document.getElementById('grid');
                    if (grid && check.cell) scrollIntoView(grid, check.cell, viewport.cell);
                  }}
                >
                  (row {check.cell.row}, col {check.cell.col})
                </button>
              </>
            )}
          </p>
        ) : check.kind === 'answers' ? (
          <p data-testid="check-answers">
            {check.steps === null ? (
              <strong>E cannot be reached from S.</strong>
            ) : (
              <>
                <span>
                  steps: <strong data-testid="steps">{check.steps}</strong>
                </span>{' '}
                <span>
                  cheapest cost: <strong data-testid="cheapest">{check.cheapest}</strong>
                </span>
              </>
            )}
          </p>
        ) : check.kind === 'failed' ? (
          <p class="error">Cannot check: {check.message}</p>
        ) : (
          <p class="muted">Checking…</p>
        )}
        {/* Always there, shown or not: its coming and going never reflows the line. */}
        <span
          class={checking && check.kind !== 'none' ? 'muted' : 'muted invisible'}
          aria-hidden={!(checking && check.kind !== 'none')}
          data-testid="checking"
        >
          {' '}
          checking…
        </span>
      </div>
      <div class="row">
        <label class="check" title={titleOf('path')}>
          <input
            type="checkbox"
            name="show-path"
            checked={showPath}
            onChange={() => editor.togglePath()}
          />
          <span class="key-path" aria-hidden="true" /> {withKeys('Fewest-steps path', 'path')}
        </label>
        <label class="check" title={titleOf('cheapest')}>
          <input
            type="checkbox"
            name="show-cheapest"
            checked={showCheapest}
            onChange={() => editor.toggleCheapest()}
          />
          <span class="key-cheapest" aria-hidden="true" /> {withKeys('Cheapest path', 'cheapest')}
        </label>
        <button
          type="button"
          disabled={!current?.path || walker !== null}
          title={titleOf('walk')}
          onClick={() => editor.walk()}
          data-testid="play"
        >
          {withKeys('Walk the path', 'walk')}
        </button>
        <button
          type="button"
          title={titleOf('play')}
          onClick={() => editor.play.toggle()}
          data-testid="play-mode"
        >
          {withKeys('Play', 'play')}
        </button>
      </div>
    </section>
  );
}
