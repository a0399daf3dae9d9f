// The server, as Animate needs it: generateCarving (stores nothing).
import { request } from '../api.js';
import { GenerateCarvingDocument, type GenerateLevelInput } from '../gql/graphql.js';
import type { CarvingData } from './carving.js';

/** The carving of `input`, or the GenerationError's message. */
export async function carveOnServer(
  input: GenerateLevelInput,
  signal: AbortSignal,
): Promise<CarvingData | string> {
  const { generateCarving } = await request(GenerateCarvingDocument, { input }, signal);
  return generateCarving.__typename === 'Carving' ? generateCarving : generateCarving.message;
}
