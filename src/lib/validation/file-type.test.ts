import { describe, expect, it } from 'vitest'
import { sniffFileType } from './file-type'

const blob = (...bytes: number[]) => new Blob([new Uint8Array(bytes)])

describe('sniffFileType', () => {
  it('knows PDF, PNG, JPEG and WebP by their first bytes', async () => {
    expect(await sniffFileType(new Blob(['%PDF-1.7\n…']))).toBe('pdf')
    expect(await sniffFileType(blob(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png')
    expect(await sniffFileType(blob(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg')
    expect(await sniffFileType(new Blob(['RIFF', new Uint8Array([1, 2, 3, 4]), 'WEBPVP8 ']))).toBe('webp')
  })

  it('ignores the name and the declared type', async () => {
    const text = new File(['just some notes'], 'certificate.pdf', { type: 'application/pdf' })
    expect(await sniffFileType(text)).toBeNull()
  })

  it('does not take a RIFF file of another kind, a short file or an empty one for an image', async () => {
    expect(await sniffFileType(new Blob(['RIFF', new Uint8Array([1, 2, 3, 4]), 'WAVEfmt ']))).toBeNull()
    expect(await sniffFileType(blob(0x89, 0x50))).toBeNull()
    expect(await sniffFileType(new Blob([]))).toBeNull()
  })
})
