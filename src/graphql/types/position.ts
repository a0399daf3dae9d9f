import type { Position } from '../../service/index.js';
import { builder } from '../builder.js';

export const PositionRef = builder.objectRef<Position>('Position').implement({
  description: 'A cell of the map; row 0 is the top row, columns count code points.',
  fields: (t) => ({
    row: t.int({ resolve: ([row]) => row }),
    col: t.int({ resolve: ([, col]) => col }),
  }),
});
