// Play mode's bar, in the check line's place and of its height (the grid never moves): the
// step counter against the best, the keys held, what happened, Restart and Stop playing.
import { titleOf, withKeys } from '../commands.js';
import type { Editor } from '../editor.js';
import { useSubscribe } from '../hooks/subscribe.js';
import { playMessage } from '../play/play-message.js';

export function PlayBar({ editor }: { editor: Editor }) {
  const { play } = editor;
  useSubscribe(play);
  const state = play.state;
  return (
    <section class="checks play-bar" aria-label="Play mode" data-testid="play-bar">
      <div role="status" aria-live="polite" class="check-result">
        {state ? (
          <p>
            <span>
              <strong>Playing</strong>
            </span>
            <span>
              steps: <strong data-testid="play-steps">{state.walk.steps}</strong>
              {state.best !== null && (
                <>
                  {' '}
                  of best <strong data-testid="play-best">{state.best}</strong>
                </>
              )}
            </span>
            <span>
              keys:{' '}
              <strong data-testid="play-keys">
                {state.walk.keys.length > 0 ? state.walk.keys.join(', ') : 'none'}
              </strong>
            </span>
            <span data-testid="play-message" class={state.lastBlocked ? 'error' : undefined}>
              {playMessage(state)}
            </span>
            <span class={state.waiting > 0 ? 'muted' : 'muted invisible'}> moving…</span>
          </p>
        ) : (
          <p class="muted">Starting…</p>
        )}
      </div>
      <div class="row">
        <button type="button" title={titleOf('play-restart')} onClick={() => play.restart()}>
          {withKeys('Restart', 'play-restart')}
        </button>
        <button
          type="button"
          class="primary"
          title={titleOf('play')}
          onClick={() => play.stop()}
          data-testid="play-stop"
        >
          {withKeys('Stop playing', 'play')}
        </button>
      </div>
    </section>
  );
}
