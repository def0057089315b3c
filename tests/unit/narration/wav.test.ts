import { describe, expect, it } from 'vitest'
import { isWav, pcmToWav, readWav } from '@/lib/narration/wav'

describe('WAV length from the file itself', () => {
  it('measures 16-bit mono PCM from its data size and byte rate', () => {
    const wav = pcmToWav(new Uint8Array(16000 * 2 * 3), 16000)
    expect(isWav(wav)).toBe(true)
    expect(readWav(wav)).toEqual({ sampleRate: 16000, channels: 1, bitsPerSample: 16, dataBytes: 96000, seconds: 3 })
  })

  it('walks past other chunks before the data and measures stereo right', () => {
    const plain = pcmToWav(new Uint8Array(8000 * 4), 8000, 2)
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('hello'), Buffer.from([0])]) // odd size is padded
    const wav = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)])
    expect(readWav(wav).seconds).toBe(1)
    expect(readWav(wav).channels).toBe(2)
  })

  it('takes the bytes present when a streaming writer left the size open', () => {
    const wav = pcmToWav(new Uint8Array(16000), 16000)
    wav.writeUInt32LE(0xffffffff, 40)
    expect(readWav(wav).seconds).toBe(0.5)
  })

  it('refuses what is not a WAV with audio', () => {
    expect(() => readWav(Buffer.from('ID3 not a wav at all'))).toThrow('not a WAV')
    expect(() => readWav(pcmToWav(new Uint8Array(0), 16000))).toThrow('no audio')
    expect(() => readWav(pcmToWav(new Uint8Array(10), 16000).subarray(0, 20))).toThrow()
  })
})
