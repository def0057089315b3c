import type { Pcm } from './meter'

/*
 * 16-bit PCM WAV in and out of float PCM, in plain JS (the app server's clips: Flite speaks WAV, and
 * ElevenLabs answers raw PCM that lib/narration/elevenlabs.ts wraps as WAV). Decoding any other
 * file goes through ffmpeg, which only the worker runs: worker/audio/decode.ts.
 */

/** Float PCM of a 16-bit PCM WAV (the layout ffmpeg writes and Flite speaks). */
export function wavToPcm(wav: Buffer): Pcm {
  let offset = 12
  let channels = 0
  let sampleRate = 0
  let bits = 0
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4)
    const size = wav.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ') {
      channels = wav.readUInt16LE(body + 2)
      sampleRate = wav.readUInt32LE(body + 4)
      bits = wav.readUInt16LE(body + 14)
    } else if (id === 'data') {
      if (bits !== 16 || !channels) throw new Error(`expected 16-bit PCM WAV, got ${bits}-bit`)
      const bytes = size === 0 || size === 0xffffffff ? wav.length - body : Math.min(size, wav.length - body)
      const frames = Math.floor(bytes / (2 * channels))
      const out = Array.from({ length: channels }, () => new Float32Array(frames))
      for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) out[c][i] = wav.readInt16LE(body + 2 * (i * channels + c)) / 32768
      return { channels: out, sampleRate }
    }
    offset = body + size + (size % 2)
  }
  throw new Error('WAV has no data chunk')
}

/** 16-bit PCM WAV of float PCM (rounded, clamped to full scale). */
export function pcmToWav16(pcm: Pcm): Buffer {
  const channels = pcm.channels.length
  const frames = pcm.channels[0]?.length ?? 0
  const data = Buffer.alloc(frames * channels * 2)
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      const v = Math.max(-32768, Math.min(32767, Math.round(pcm.channels[c][i] * 32768)))
      data.writeInt16LE(v, 2 * (i * channels + c))
    }
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(channels, 22)
  header.writeUInt32LE(pcm.sampleRate, 24)
  header.writeUInt32LE(pcm.sampleRate * channels * 2, 28)
  header.writeUInt16LE(channels * 2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}
