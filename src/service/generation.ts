// The generator's vocabulary as the service offers it to GraphQL and the CLI: the names,
// limits and types of generateLevel's input (docs/generation.md). The checks and their texts stay in the
// engine; callers only map their own syntax onto these names.
export {
  ALGORITHMS,
  SHAPES,
  GENERATION_LIMITS,
  OPTION_NAMES,
  type Algorithm,
  type Shape,
  type MazeCell,
} from '../engine/generation/generate.js';
