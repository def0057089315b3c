import { runFf } from '../../../worker/ffmpeg.ts'

// Music whose timing can be heard: beeps at known seconds, and where a file's audio has them
// (the in-browser path's join test and the render cache's).

const RATE = 48_000
export const BEEPS = [0.5, 1.5, 2.5] // seconds; 1.5 s is frame 45, where the second tab's half begins

/** 4 s of silence with 60 ms 1 kHz beeps at BEEPS, as 16-bit mono WAV. */
export function beepsWav(): Buffer {
  const samples = 4 * RATE
  const buf = Buffer.alloc(44 + samples * 2)
  buf.write('RIFF', 0); buf.writeUInt32LE(36 + samples * 2, 4); buf.write('WAVEfmt ', 8)
  buf.writeUInt32LE(16, 16); buf.writeUInt16LE(1, 20); buf.writeUInt16LE(1, 22); buf.writeUInt32LE(RATE, 24)
  buf.writeUInt32LE(RATE * 2, 28); buf.writeUInt16LE(2, 32); buf.writeUInt16LE(16, 34); buf.write('data', 36); buf.writeUInt32LE(samples * 2, 40)
  for (const at of BEEPS) {
    for (let i = 0; i < 0.06 * RATE; i++) buf.writeInt16LE(Math.round(20_000 * Math.sin((2 * Math.PI * 1000 * i) / RATE)), 44 + (Math.round(at * RATE) + i) * 2)
  }
  return buf
}

/** Where each beep starts in a file's audio (seconds): the first sample above a third of the beep's peak. */
export async function beepOnsets(file: string): Promise<number[]> {
  const wav = await runFf('ffmpeg', ['-i', file, '-vn', '-ac', '1', '-ar', String(RATE), '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'])
  const data = wav.subarray(wav.indexOf('data') + 8)
  const sample = (i: number) => Math.abs(data.readInt16LE(i * 2))
  return BEEPS.map((at) => {
    const from = Math.round((at - 0.2) * RATE)
    const to = Math.round((at + 0.2) * RATE)
    let peak = 0
    for (let i = from; i < to; i++) peak = Math.max(peak, sample(i))
    for (let i = from; i < to; i++) if (peak > 500 && sample(i) > peak / 3) return i / RATE
    return Number.NaN
  })
}
