// `npm run bench`: every benchmark section, each comparing against its peers in the same run.
import { runSolveBench } from './solve.js';

console.log(`# labyrinth bench — node ${process.version}, ${process.platform}/${process.arch}\n`);
await runSolveBench();
