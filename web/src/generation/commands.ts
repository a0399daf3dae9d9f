// The COMMANDS table's entries (web/src/commands.ts) for the Generate panel's maze shown over
// the grid (animation.ts): Animate's keys while it carves, and the preview's, Keep it and
// Discard, while it waits for the designer's answer.
import type { Command } from '../command.js';
import { plain } from '../keys.js';

export const GENERATE_COMMANDS: readonly Command[] = [
  {
    id: 'animate',
    keys: 'g',
    label:
      'Animate: carve the Generate panel’s maze step by step, then preview it (again: skip to the end)',
    modes: ['edit', 'animate'],
    test: (event) => plain(event) && event.key === 'g',
    perform: (editor) => editor.animation.toggle(),
  },
  {
    id: 'animate-pause',
    keys: 'Space',
    label: 'Animate: pause, go on',
    modes: ['animate'],
    test: (event) => plain(event) && event.key === ' ',
    perform: (editor) => editor.animation.pause(),
  },
  {
    id: 'animate-speed',
    keys: '[, ]',
    label: 'Animate: half as fast, twice as fast',
    modes: ['animate'],
    test: (event) => plain(event) && (event.key === '[' || event.key === ']'),
    perform: (editor, event) => editor.animation.faster(event.key === ']' ? 1 : -1),
  },
  {
    id: 'animate-skip',
    keys: 'End',
    label: 'Animate: skip to the end, the preview',
    modes: ['animate'],
    test: (event) => plain(event) && event.key === 'End',
    perform: (editor) => editor.animation.skip(),
  },
  {
    id: 'animate-stop',
    keys: 'Escape',
    label: 'Animate: stop; nothing is stored, the drawing stays as it was',
    modes: ['animate'],
    test: (event) => event.key === 'Escape',
    perform: (editor) => editor.animation.stop(),
  },
  {
    id: 'preview-keep',
    keys: 'k',
    label: 'preview: keep it, stored as the next version of its id',
    modes: ['preview'],
    test: (event) => plain(event) && event.key === 'k',
    perform: (editor) => editor.animation.keep(),
  },
  {
    id: 'preview-discard',
    keys: 'Escape',
    label: 'preview: discard it; nothing is stored, the drawing stays as it was',
    modes: ['preview'],
    test: (event) => event.key === 'Escape',
    perform: (editor) => editor.animation.stop(),
  },
];
