// A merge with another version, cell by cell (merge.ts): how many cells differ, the current
// difference (mine against theirs), the choices for it and for all, and Save merged. Shown in
// the conflict panel for a refused save, and as a panel of its own for a version compared.
import { useEffect } from 'preact/hooks';
import { titleOf } from '../commands.js';
import type { Editor } from '../editor.js';
import { glyphName } from '../glyphs.js';
import { useSubscribe } from '../hooks/subscribe.js';
import type { MergeSession } from '../merge.js';

const SIDE_SAID = { mine: 'mine', theirs: 'theirs', edited: 'drawn since' } as const;

export function MergeControls(props: { editor: Editor; origin: MergeSession['origin'] }) {
  const { editor } = props;
  const { merge, writer } = editor;
  useSubscribe(merge, writer);
  const session = merge.session?.origin === props.origin ? merge.session : null;
  // Next, Previous (not a click on the grid): the view centres on the current difference.
  const cell = session?.diff.cells[session.current];
  useEffect(() => {
    const grid = document.getElementById('grid');
    if (!grid || !cell) return;
    const size = editor.viewport.cell;
    grid.scrollLeft = (cell.col + 0.5) * size - grid.clientWidth / 2;
    grid.scrollTop = (cell.row + 0.5) * size - grid.clientHeight / 2;
  }, [session?.focus]);
  if (!session) return null;
  const { diff, mine, theirs } = session;
  const count = diff.cells.length;
  const taken = merge.taken();
  const at = merge.currentCell();
  const glyph = (text: string) => (
    <>
      <code class="merge-glyph">{text}</code> ({glyphName(text)})
    </>
  );
  return (
    <div class="merge" data-testid="merge">
      <p data-testid="merge-summary">
        {count === 0
          ? 'No cell differs'
          : `${count} cell${count === 1 ? ' differs' : 's differ'}, marked on the grid: ${taken} take${taken === 1 ? 's' : ''} theirs, ${count - taken} keep${count - taken === 1 ? 's' : ''} mine`}
        {diff.sameSize
          ? '.'
          : `. The sizes differ: mine is ${mine.width}×${mine.height}, theirs ${theirs.width}×${theirs.height}; the marks cover the ${diff.width}×${diff.height} both have.`}
      </p>
      {at && (
        <p data-testid="merge-current" aria-live="polite">
          Difference {session.current + 1} of {count}, row {at.cell.row}, column {at.cell.col}: mine{' '}
          {glyph(at.mine)}, theirs {glyph(at.theirs)}; now {SIDE_SAID[at.side]}.
        </p>
      )}
      <div class="row">
        <button
          type="button"
          disabled={count === 0}
          title={titleOf('merge-previous')}
          onClick={() => merge.step(-1)}
        >
          Previous difference
        </button>
        <button
          type="button"
          disabled={count === 0}
          title={titleOf('merge-next')}
          onClick={() => merge.step(1)}
        >
          Next difference
        </button>
        <button
          type="button"
          disabled={!at || at.side === 'theirs'}
          title={titleOf('merge-theirs')}
          onClick={() => merge.takeTheirsHere()}
        >
          Take theirs here
        </button>
        <button
          type="button"
          disabled={!at || at.side === 'mine'}
          title={titleOf('merge-mine')}
          onClick={() => merge.keepMineHere()}
        >
          Keep mine here
        </button>
      </div>
      <div class="row">
        <button
          type="button"
          disabled={count === 0 && diff.sameSize}
          onClick={() => merge.takeAllTheirs()}
        >
          Take all theirs
        </button>
        <button
          type="button"
          disabled={count === 0 && diff.sameSize}
          onClick={() => merge.keepAllMine()}
        >
          Keep all mine
        </button>
        <button
          type="button"
          class="primary"
          disabled={writer.state.busy}
          onClick={() => merge.save()}
        >
          Save merged
        </button>
      </div>
    </div>
  );
}

/** A version compared with the drawing (not a conflict): the merge in a panel of its own. */
export function ComparePanel({ editor }: { editor: Editor }) {
  const { merge } = editor;
  useSubscribe(merge);
  const session = merge.session;
  if (session?.origin !== 'compare') return null;
  return (
    <section class="notice info conflict" aria-labelledby="compare-title" data-testid="compare">
      <p id="compare-title">
        <strong>Comparing</strong> your drawing with version {session.version} of {session.id}.
        Saving the merge makes the next version.
      </p>
      <MergeControls editor={editor} origin="compare" />
      <div class="row">
        <button type="button" onClick={() => merge.end()}>
          Close the comparison
        </button>
      </div>
    </section>
  );
}
