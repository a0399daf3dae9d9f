// Scratch arrays for the searches, kept between calls and grown on demand so a search does
// not allocate per call. Searches are synchronous, so one set per process is enough.
//
// Arrays longer than RETAIN_LIMIT are not kept: one huge level (1000x1000 with four keys is
// 16 million states) must not pin hundreds of megabytes for the life of the server.
const RETAIN_LIMIT = 4 * 1024 * 1024;

const int32Buffers = new Map<string, Int32Array>();
const uint8Buffers = new Map<string, Uint8Array>();

function scratch<T extends Int32Array | Uint8Array>(
  buffers: Map<string, T>,
  make: (length: number) => T,
  name: string,
  length: number,
): T {
  if (length > RETAIN_LIMIT) return make(length);
  let buffer = buffers.get(name);
  if (!buffer || buffer.length < length) {
    buffer = make(Math.min(RETAIN_LIMIT, Math.max(length, (buffer?.length ?? 0) * 2)));
    buffers.set(name, buffer);
  }
  return buffer;
}

export function scratchInt32(name: string, length: number): Int32Array {
  return scratch(int32Buffers, (n) => new Int32Array(n), name, length);
}

export function scratchUint8(name: string, length: number): Uint8Array {
  return scratch(uint8Buffers, (n) => new Uint8Array(n), name, length);
}
