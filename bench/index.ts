// `npm run bench [-- SECTION…]`: every benchmark section (or the ones named), each comparing
// against its peers in the same run. Sections: solve, cold, generation, crusade, server, load, memory, scale,
// flood, together, editor, fill.
import { runColdBench } from './cold.js';
import { runCrusadeBench } from './crusade.js';
import { runEditorFillBench } from './editor-fill.js';
import { runEditorLoadBench } from './editor-load.js';
import { runFloodBench } from './flood.js';
import { runGenerationBench } from './generation.js';
import { runLoadBench } from './load.js';
import { runMemoryBench } from './memory.js';
import { runScaleBench } from './scale.js';
import { runServerBench } from './server.js';
import { runSolveBench } from './solve.js';
import { runTogetherBench } from './together.js';

const sections: Record<string, () => Promise<void>> = {
  solve: runSolveBench,
  cold: runColdBench,
  generation: runGenerationBench,
  crusade: runCrusadeBench,
  server: runServerBench,
  load: runLoadBench,
  memory: runMemoryBench,
  scale: runScaleBench,
  flood: runFloodBench,
  together: runTogetherBench,
  editor: runEditorLoadBench,
  fill: runEditorFillBench,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(
    `unknown bench section ${unknown.join(', ')} (sections: ${Object.keys(sections).join(', ')})`,
  );
  process.exit(1);
}
console.log(`# labyrinth bench — node ${process.version}, ${process.platform}/${process.arch}\n`);
for (const [name, section] of Object.entries(sections)) {
  if (asked.length === 0 || asked.includes(name)) await section();
}
