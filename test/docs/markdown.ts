// The fenced blocks of a markdown file, each with the `<!-- example: … -->` marker written on
// the line before its opening fence, if any (docs/contributing.md: "Examples").

export interface Block {
  /** `FILE:LINE` of the opening fence, for messages. */
  readonly where: string;
  /** The info string's first word: `sh`, `json`, `graphql`, `console`, or ''. */
  readonly lang: string;
  readonly lines: readonly string[];
  /** The text of the marker comment after `example:`, trimmed; undefined without one. */
  readonly marker: string | undefined;
}

const FENCE = /^(`{3,})(.*)$/;
const MARKER = /^<!--\s*example:\s*([\s\S]*?)\s*-->$/;

export function fencedBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith(open[1]));
    if (end < 0) throw new Error(`${file}:${i + 1}: a fence that is never closed`);
    let previous = i - 1;
    while (previous >= 0 && lines[previous].trim() === '') previous--;
    const marker = previous >= 0 ? MARKER.exec(lines[previous].trim()) : null;
    blocks.push({
      where: `${file}:${i + 1}`,
      lang: open[2].trim().split(/\s+/)[0],
      lines: lines.slice(i + 1, end),
      marker: marker?.[1],
    });
    i = end;
  }
  return blocks;
}
