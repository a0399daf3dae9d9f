import type { Position } from '../../../service/index.js';
import { builder } from '../builder.js';

export const PositionRef = builder.objectRef<Position>('Position').implement({
  description: 'A cell of the map; row 0 is the top row, columns count code points.',
  fields: (t) => ({
    row: t.int({ description: 'The row, from 0 at the top.', resolve: ([row]) => row }),
    col: t.int({
      description: 'The column, from 0 at the left, in code points.',
      resolve: ([, col]) => col,
    }),
  }),
});
