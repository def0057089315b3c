/*
 * Reading a WAV file's own header: how long the audio is, whatever a provider says. Walks the RIFF
 * chunks (fmt, then data), so a file with LIST or other chunks before its data is measured right.
 * Flite writes 16-bit mono PCM; any PCM layout is measured from its byte rate.
 */

export type WavInfo = { sampleRate: number; channels: number; bitsPerSample: number; dataBytes: number; seconds: number }

export function isWav(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WAVE'
}

/** The WAV's format and length in seconds; throws on anything that is not a PCM WAV with data. */
export function readWav(bytes: Uint8Array): WavInfo {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (!isWav(b)) throw new Error('not a WAV file')
  let offset = 12
  let format: { sampleRate: number; channels: number; bitsPerSample: number; byteRate: number } | null = null
  while (offset + 8 <= b.length) {
    const id = b.toString('ascii', offset, offset + 4)
    const size = b.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > b.length) throw new Error('WAV format chunk is cut short')
      format = {
        channels: b.readUInt16LE(body + 2),
        sampleRate: b.readUInt32LE(body + 4),
        byteRate: b.readUInt32LE(body + 8),
        bitsPerSample: b.readUInt16LE(body + 14),
      }
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data comes before its format')
      if (!format.byteRate || !format.sampleRate || !format.channels) throw new Error('WAV format says no audio')
      // a streaming writer may leave the size at 0 or 0xffffffff: the bytes present are the data
      const dataBytes = size === 0 || size === 0xffffffff ? b.length - body : Math.min(size, b.length - body)
      if (dataBytes <= 0) throw new Error('WAV has no audio data')
      const { byteRate, ...layout } = format
      return { ...layout, dataBytes, seconds: dataBytes / byteRate }
    }
    offset = body + size + (size % 2)
  }
  throw new Error('WAV has no data chunk')
}

/** Wraps raw little-endian 16-bit PCM in a WAV header. */
export function pcmToWav(pcm: Uint8Array, sampleRate: number, channels = 1): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + pcm.byteLength, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(channels, 22)
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * channels * 2, 28)
  header.writeUInt16LE(channels * 2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(pcm.byteLength, 40)
  return Buffer.concat([header, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)])
}
