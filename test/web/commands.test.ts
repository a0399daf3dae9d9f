// The COMMANDS table (web/src/commands.ts) drives the key handler, the buttons' titles and the
// help list; docs/editor.md's shortcut table must say what the table says, row for row.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  commandFor,
  gridKeys,
  keysOf,
  shortcutRows,
  titleOf,
  withKeys,
} from '../../web/src/commands.js';
import { PALETTE } from '../../web/src/glyphs.js';

const key = (key: string, mods: Partial<KeyboardEvent> = {}) =>
  ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    target: null,
    ...mods,
  }) as KeyboardEvent;

const ARROW_KEYS = 'ArrowUp ArrowRight ArrowDown ArrowLeft';

/** The key events a row's keys stand for: "Ctrl+Shift+Z", "Escape, R", "W A S D", "a–d"… */
function eventsFor(keys: string): KeyboardEvent[] {
  return keys.split(', ').flatMap((shown) => {
    const parts = shown.split('+');
    if (parts.length > 1 && parts.at(-1) !== '') {
      const letter = parts.at(-1)!;
      const shiftKey = parts.includes('Shift');
      const name = shiftKey ? letter.toUpperCase() : letter.toLowerCase();
      return [key(name, { ctrlKey: parts.includes('Ctrl'), shiftKey })];
    }
    if (shown === 'Space') return [key(' ')];
    const names = (shown === 'arrows' ? ARROW_KEYS : shown).split(' ').flatMap((name) => {
      const range = /^(.)–(.)$/.exec(name);
      if (!range) return [name];
      const [from, to] = [range[1].charCodeAt(0), range[2].charCodeAt(0)];
      return Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
    });
    return names.map((name) => key(name, { shiftKey: /^[A-Z]$/.test(name) }));
  });
}

function sourceFiles(dir: URL): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(new URL(`${entry.name}/`, dir))
      : /\.tsx?$/.test(entry.name)
        ? [fileURLToPath(new URL(entry.name, dir))]
        : [],
  );
}

describe('COMMANDS', () => {
  it('has one entry per id, and each key event finds at most the command it is for', () => {
    const ids = COMMANDS.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(commandFor(key('s', { ctrlKey: true }), false)?.id).toBe('save');
    expect(commandFor(key('Z', { ctrlKey: true, shiftKey: true }), false)?.id).toBe('redo');
    expect(commandFor(key('z', { ctrlKey: true }), false)?.id).toBe('undo');
    expect(commandFor(key('#'), false)?.id).toBe('glyph');
    expect(commandFor(key('u'), false)?.id).toBe('tool-rectangle');
    expect(commandFor(key('p'), false)?.id).toBe('path');
    // Arrows and Space belong to the grid only; elsewhere they scroll and press buttons.
    expect(commandFor(key('ArrowUp'), false)).toBeUndefined();
    expect(commandFor(key('ArrowUp'), true)?.id).toBe('cursor');
    expect(commandFor(key(' '), true)?.id).toBe('activate');
    expect(commandFor(key('q'), true)).toBeUndefined();
    // Delete and Backspace erase on the grid only: a focused checkbox or button is left alone.
    const checkbox = { tagName: 'INPUT', type: 'checkbox' } as unknown as EventTarget;
    const button = { tagName: 'BUTTON' } as unknown as EventTarget;
    for (const name of ['Delete', 'Backspace']) {
      expect(commandFor(key(name), true)?.id).toBe('erase');
      expect(commandFor(key(name, { target: checkbox }), false)).toBeUndefined();
      expect(commandFor(key(name, { target: button }), false)).toBeUndefined();
    }
    // No two commands answer the same key.
    for (const probe of [
      '#',
      'n',
      'u',
      'l',
      'f',
      'i',
      'm',
      'p',
      '$',
      'r',
      '+',
      '-',
      '0',
      'Escape',
    ]) {
      const editing = COMMANDS.filter((command) => (command.modes ?? ['edit']).includes('edit'));
      expect(editing.filter((command) => command.test(key(probe))).length).toBe(1);
    }
  });

  it('gives Play mode its own keys: arrows and W A S D walk anywhere, Esc and R restart', () => {
    const play = (name: string, onGrid = false, mods: Partial<KeyboardEvent> = {}) =>
      commandFor(key(name, mods), onGrid, 'play')?.id;
    expect(['ArrowUp', 'w', 'a', 's', 'd', 'W', 'D'].map((name) => play(name))).toEqual(
      Array(7).fill('play-move'),
    );
    expect([play('Escape'), play('r'), play('R')]).toEqual(Array(3).fill('play-restart'));
    expect(play('P')).toBe('play');
    expect(commandFor(key('P'), false)?.id).toBe('play');
    // Nothing edits while playing: no glyph, no tool, no undo, no erase, no paste.
    for (const probe of ['#', 'E', 'n', 'Delete', '.']) expect(play(probe, true)).toBeUndefined();
    expect(play('z', true, { ctrlKey: true })).toBeUndefined();
    expect(play('v', true, { ctrlKey: true })).toBeUndefined();
    // While editing the same keys edit: 'a' paints key a, 'd' key d, Escape cancels.
    expect([commandFor(key('a'), true)?.id, commandFor(key('Escape'), true)?.id]).toEqual([
      'glyph',
      'escape',
    ]);
    // In a text field the letters are typed, in Play mode too.
    const field = { tagName: 'INPUT', type: 'text' } as unknown as EventTarget;
    expect(commandFor(key('w', { target: field }), false, 'play')).toBeUndefined();
    // Each key of Play mode answers one command there.
    for (const probe of ['ArrowLeft', 'w', 'a', 's', 'd', 'r', 'Escape', 'P', '+', '0']) {
      const playing = COMMANDS.filter((command) => command.modes?.includes('play'));
      expect(playing.filter((command) => command.test(key(probe))).length).toBe(1);
    }
  });

  it('saves with Ctrl+S in every mode, from a text field too (never the browser’s "Save page")', () => {
    const field = { tagName: 'TEXTAREA' } as unknown as EventTarget;
    for (const mode of ['edit', 'play', 'animate', 'preview'] as const) {
      for (const target of [null, field]) {
        const event = key('s', { ctrlKey: true, target });
        expect({ mode, id: commandFor(event, false, mode)?.id }).toEqual({ mode, id: 'save' });
      }
    }
  });

  it('shows keys that run what they are shown for: every key of every entry', () => {
    for (const command of COMMANDS) {
      for (const mode of command.modes ?? ['edit']) {
        for (const event of eventsFor(command.keys)) {
          const found = commandFor(event, command.grid ?? false, mode)?.id;
          expect({ keys: command.keys, key: event.key, mode, found }).toEqual({
            keys: command.keys,
            key: event.key,
            mode,
            found: command.id,
          });
        }
      }
    }
    // The palette's buttons show each glyph as its key.
    for (const { glyph } of PALETTE) expect(commandFor(key(glyph), false)?.id).toBe('glyph');
  });

  it('gives the controls their keys and the grid its description from the table', () => {
    expect(keysOf('walk')).toBe(COMMANDS.find((command) => command.id === 'walk')!.keys);
    expect(withKeys('Walk the path', 'walk')).toBe(`Walk the path (${keysOf('walk')})`);
    expect(() => keysOf('nothing')).toThrow("no command 'nothing'");
    // Every entry for the grid alone, with its keys, and nothing else.
    const grid = COMMANDS.filter((command) => command.grid);
    expect(grid.map((command) => command.id)).toEqual(['cursor', 'activate', 'erase']);
    expect(
      gridKeys()
        .match(/(?:^|\. )([^:]+):/g)!
        .map((part) => part.replace(/^\. /, '')),
    ).toEqual(grid.map((command) => `${command.keys}:`));
    expect(gridKeys()).not.toContain('(on the grid)');
  });

  it('is the only place a shortcut is written in the page’s source (labels, titles, messages)', () => {
    // Every key the table shows, as a label would write it: "(p)", "(Escape, R)", "(R)", and
    // any Ctrl+ combination or named key in the page's text.
    const alternatives = COMMANDS.flatMap((command) => [command.keys, ...command.keys.split(', ')]);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const inParentheses = new RegExp(
      `(?<![\\w(])\\((?:${[...new Set(alternatives)].map(escape).join('|')})\\)(?!\\s*(?:=>|:))`,
    );
    const named = /\b(?:Ctrl\+|Arrow keys|Space (?:uses|bar)|Shift\+arrows)/;
    const found: string[] = [];
    for (const file of sourceFiles(new URL('../../web/src/', import.meta.url))) {
      if (file.endsWith('/commands.ts') || file.includes('/gql/')) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\/|^\s*\*.*$/g, '');
        if (inParentheses.test(code) || named.test(code)) {
          found.push(`${file.split('/web/src/')[1]}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('gives the buttons their titles', () => {
    expect(titleOf('save')).toBe(
      'save (from anywhere on the page; during Animate or a preview: keep the generated maze, stored) (Ctrl+S)',
    );
    expect(titleOf('tool-fill')).toBe('Fill: paint the 4-connected region of one glyph (f)');
    expect(() => titleOf('nothing')).toThrow("no command 'nothing'");
  });

  it('is the one place docs/editor.md names a key: the prose points at the table', () => {
    const doc = readFileSync(new URL('../../docs/editor.md', import.meta.url), 'utf8');
    const [before, section] = doc.split('## Keyboard shortcuts');
    const prose = [before, ...section.split('\n').filter((line) => !line.startsWith('|'))].join(
      '\n',
    );
    // Every key the table shows but the glyphs (the glyphs are named for what they are): a key
    // written as code (`n`, `Ctrl+S`, `Space, Enter`), and the names of keys as words.
    const keys = new Set(
      COMMANDS.filter((command) => command.id !== 'glyph').flatMap((command) => [
        command.keys,
        ...command.keys.split(', '),
      ]),
    );
    const named = [
      ...[...prose.matchAll(/`([^`\n]+)`/g)]
        .map((match) => match[1])
        .filter((span) => keys.has(span)),
      ...(prose.match(/\b(?:Esc|Escape|Backspace|W A S D|[Aa]rrow keys|Ctrl\+[A-Z]\b)/g) ?? []),
    ];
    expect(named).toEqual([]);
  });

  it('is what docs/editor.md lists under "Keyboard shortcuts", row for row', () => {
    const doc = readFileSync(new URL('../../docs/editor.md', import.meta.url), 'utf8');
    const section = doc.split('## Keyboard shortcuts')[1].split('\n## ')[0];
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) =>
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim().replace(/^`|`$/g, '').replace(/\\\|/g, '|')),
      );
    expect(rows).toEqual(shortcutRows().map(([keys, label]) => [keys, label]));
  });
});
