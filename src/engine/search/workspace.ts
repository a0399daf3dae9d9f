// Scratch arrays for the searches, kept between calls and grown on demand so a search does
// not allocate per call. Searches are synchronous, so one set per process is enough.
const int32Buffers = new Map<string, Int32Array>();
const uint8Buffers = new Map<string, Uint8Array>();

export function scratchInt32(name: string, length: number): Int32Array {
  let buffer = int32Buffers.get(name);
  if (!buffer || buffer.length < length) {
    buffer = new Int32Array(Math.max(length, (buffer?.length ?? 0) * 2));
    int32Buffers.set(name, buffer);
  }
  return buffer;
}

export function scratchUint8(name: string, length: number): Uint8Array {
  let buffer = uint8Buffers.get(name);
  if (!buffer || buffer.length < length) {
    buffer = new Uint8Array(Math.max(length, (buffer?.length ?? 0) * 2));
    uint8Buffers.set(name, buffer);
  }
  return buffer;
}
