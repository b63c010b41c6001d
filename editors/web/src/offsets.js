// The server counts bytes of UTF-8; the editor counts UTF-16 code units.
const enc = new TextEncoder();

export function toByte(text, index) {
  return enc.encode(text.slice(0, index)).length;
}

export function fromByte(text, byte) {
  let bytes = 0;
  let i = 0;
  while (i < text.length && bytes < byte) {
    const cp = text.codePointAt(i);
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp >= 0x10000 ? 2 : 1;
  }
  return i;
}
