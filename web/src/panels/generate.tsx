// The Generate panel: every option of generateLevel (docs/generation.md). Generate, Redraw and
// Animate preview the maze over the grid; it is stored only when kept (generation/animation.ts).
import type { GenerateLevelInput, MazeAlgorithm, MazeShape } from '../gql/graphql.js';

const ALGORITHMS: readonly MazeAlgorithm[] = [
  'BACKTRACKER',
  'GROWING_TREE',
  'PRIM',
  'KRUSKAL',
  'WILSON',
  'ALDOUS_BRODER',
  'HUNT_AND_KILL',
  'ELLER',
  'SIDEWINDER',
  'BINARY_TREE',
];
const SHAPES: readonly MazeShape[] = ['PERFECT', 'IMPERFECT', 'BRAID'];

export interface GenerateForm {
  id: string;
  algorithm: MazeAlgorithm;
  shape: MazeShape;
  pattern42: boolean;
  width: string;
  height: string;
  seed: string;
  entryX: string;
  entryY: string;
  exitX: string;
  exitY: string;
  terrain: string;
  gates: string;
  keys: string;
}

export function defaultGenerateForm(id: string): GenerateForm {
  return {
    id,
    algorithm: 'BACKTRACKER',
    shape: 'PERFECT',
    pattern42: false,
    width: '12',
    height: '8',
    seed: '1',
    entryX: '',
    entryY: '',
    exitX: '',
    exitY: '',
    terrain: '0',
    gates: '0',
    keys: '0',
  };
}

/** The form as the mutation's input: empty optional fields are left to the server's defaults. */
export function generateInput(form: GenerateForm): GenerateLevelInput {
  const number = (text: string) => Number(text.trim());
  const cell = (x: string, y: string) =>
    x.trim() === '' && y.trim() === '' ? null : { x: number(x), y: number(y) };
  return {
    width: number(form.width),
    height: number(form.height),
    seed: number(form.seed),
    algorithm: form.algorithm,
    shape: form.shape,
    pattern42: form.pattern42,
    entry: cell(form.entryX, form.entryY),
    exit: cell(form.exitX, form.exitY),
    terrain: number(form.terrain || '0'),
    gates: number(form.gates || '0'),
    keys: number(form.keys || '0'),
  };
}

interface GenerateProps {
  readonly form: GenerateForm;
  readonly busy: boolean;
  readonly onChange: (form: GenerateForm) => void;
  /** Generate: the maze previewed over the grid, stored only when kept (generation/). */
  readonly onGenerate: (form: GenerateForm) => void;
  /** Animate: the carving step by step, then the same preview. */
  readonly onAnimate: (form: GenerateForm) => void;
  readonly animateTitle: string;
}

export function GeneratePanel({
  form,
  busy,
  onChange,
  onGenerate,
  onAnimate,
  animateTitle,
}: GenerateProps) {
  const set = <K extends keyof GenerateForm>(key: K, value: GenerateForm[K]) =>
    onChange({ ...form, [key]: value });
  const text = (key: keyof GenerateForm, label: string, hint?: string) => (
    <label class="field">
      <span>{label}</span>
      <input
        name={key}
        inputMode="decimal"
        value={form[key] as string}
        placeholder={hint}
        onInput={(event) => set(key, (event.currentTarget as HTMLInputElement).value)}
      />
    </label>
  );
  const anotherSeed = () => {
    const seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
    const next = { ...form, seed };
    onChange(next);
    onGenerate(next);
  };
  return (
    <form
      class="generate"
      aria-label="Generate a level"
      onSubmit={(event) => {
        event.preventDefault();
        onGenerate(form);
      }}
    >
      <label class="field wide">
        <span>Save as id</span>
        <input
          name="id"
          value={form.id}
          required
          onInput={(event) => set('id', (event.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <label class="field">
        <span>Algorithm</span>
        <select
          name="algorithm"
          value={form.algorithm}
          onChange={(event) =>
            set('algorithm', (event.currentTarget as HTMLSelectElement).value as MazeAlgorithm)
          }
        >
          {ALGORITHMS.map((algorithm) => (
            <option key={algorithm} value={algorithm}>
              {algorithm.toLowerCase().replace(/_/g, '-')}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>Shape</span>
        <select
          name="shape"
          value={form.shape}
          onChange={(event) =>
            set('shape', (event.currentTarget as HTMLSelectElement).value as MazeShape)
          }
        >
          {SHAPES.map((shape) => (
            <option key={shape} value={shape}>
              {shape.toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      {text('width', 'Width (cells)')}
      {text('height', 'Height (cells)')}
      {text('seed', 'Seed')}
      {text('terrain', 'Terrain (0–1)')}
      {text('entryX', 'Entry x', '0')}
      {text('entryY', 'Entry y', '0')}
      {text('exitX', 'Exit x', 'width−1')}
      {text('exitY', 'Exit y', 'height−1')}
      {text('gates', 'Gates')}
      {text('keys', 'Keys (0–4)')}
      <label class="check wide">
        <input
          type="checkbox"
          name="pattern42"
          checked={form.pattern42}
          onChange={(event) => set('pattern42', (event.currentTarget as HTMLInputElement).checked)}
        />
        Draw the “42” pattern
      </label>
      <div class="row wide">
        <button type="submit" class="primary" disabled={busy}>
          Generate
        </button>
        <button type="button" disabled={busy} onClick={() => onAnimate(form)} title={animateTitle}>
          Animate
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={anotherSeed}
          title="another random seed (shown in the Seed field), then Generate: its preview"
        >
          Redraw
        </button>
      </div>
    </form>
  );
}
