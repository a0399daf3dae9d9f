// The address of a level on the page: `#level=ID`.

export function levelFromHash(hash: string): string | null {
  const match = /^#level=(.+)$/.exec(hash);
  return match ? decodeURIComponent(match[1]) : null;
}

export const hashOf = (id: string) => `#level=${encodeURIComponent(id)}`;
