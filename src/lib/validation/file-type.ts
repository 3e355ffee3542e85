/** A file's real type, read from its first bytes: a name or a browser-given type can lie. */
export type SniffedType = 'pdf' | 'png' | 'jpeg' | 'webp'

const SIGNATURES: ReadonlyArray<{ type: SniffedType; bytes: ReadonlyArray<number | null> }> = [
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  // RIFF....WEBP: bytes 4-7 are the size.
  { type: 'webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
]

export const MIME_OF: Readonly<Record<SniffedType, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

export async function sniffFileType(file: Blob): Promise<SniffedType | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer())
  const found = SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => byte === null || head[i] === byte))
  return found?.type ?? null
}
