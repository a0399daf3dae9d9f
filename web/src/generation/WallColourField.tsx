// The walls' colour: a colour input and a reset, beside the zoom (wall-colour.ts).
import { useSubscribe } from '../hooks/subscribe.js';
import { DEFAULT_WALL_COLOUR, wallColour } from './wall-colour.js';

export function WallColourField() {
  useSubscribe(wallColour);
  const { wall } = wallColour.load();
  return (
    <span class="row wall-colour">
      <label class="inline">
        Walls
        <input
          type="color"
          name="wall-colour"
          value={wall}
          aria-label="Wall colour"
          title="the walls' colour (kept in this browser); the “42” stays apart from it"
          onInput={(event) => wallColour.set((event.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button
        type="button"
        disabled={wall === DEFAULT_WALL_COLOUR}
        title="the walls' default colour"
        onClick={() => wallColour.set(null)}
      >
        Default
      </button>
    </span>
  );
}
