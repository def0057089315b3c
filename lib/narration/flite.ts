/**
 * Flite with its own timings: one child process (like lib/voices/flite.ts, for the same reason: a
 * second Flite in a process that runs PGlite crashed Node) compiles the WASI module once and runs it
 * three times:
 *   1. `-psdur -t TEXT -o speech.wav`  the audio, and every phone with its end time;
 *   2. `-pw -t TEXT -o none`            the words Flite spoke ("4" → "four");
 *   3. `-ps -t "w1. w2. …" -o none`     each spoken word's phones said alone, "pau"-separated.
 * lib/narration/timing.ts lines them up into word timings. Each run's printout goes to its own file.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { FLITE_VOICES, fliteWasmPath, type FliteVoice } from '@/lib/voices/flite'

// argv: wasm path, output folder, voice, text
const CHILD = `
import { readFile } from 'node:fs/promises'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { WASI } from 'node:wasi'
const [wasmPath, folder, voice, text] = process.argv.slice(1)
const module = await WebAssembly.compile(await readFile(wasmPath))
async function flite(args, name) {
  const fd = openSync(folder + '/' + name, 'w')
  try {
    const wasi = new WASI({ version: 'preview1', args: ['flite', '-voice', voice, ...args], env: {}, preopens: { '/out': folder }, stdout: fd, returnOnExit: true })
    const code = wasi.start(await WebAssembly.instantiate(module, wasi.getImportObject()))
    if (code !== 0) throw new Error('flite exited with ' + code)
  } finally { closeSync(fd) }
  return readFileSync(folder + '/' + name, 'utf8')
}
const segments = await flite(['-psdur', '-t', text, '-o', '/out/speech.wav'], 'segments.txt')
const words = (await flite(['-pw', '-t', text, '-o', 'none'], 'words.txt')).trim().split(/\\s+/).filter(Boolean)
const phones = words.length ? await flite(['-ps', '-t', words.join('. '), '-o', 'none'], 'phones.txt') : ''
process.stdout.write(JSON.stringify({ segments, words, phones }))
`

export type FliteTimed = { wav: Buffer; segments: string; words: string[]; phones: string }

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--no-warnings', '--input-type=module', '-e', CHILD, ...args],
      { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`Flite failed: ${stderr.trim() || error.message}`))
        else resolve(stdout)
      },
    )
  })
}

/** Speaks `text` and answers the WAV with Flite's phone and word printouts. */
export async function fliteSpeakTimed(voice: FliteVoice, text: string): Promise<FliteTimed> {
  if (!FLITE_VOICES.includes(voice)) throw new Error(`Flite has no voice "${voice}"`)
  const clean = text.replace(/\p{Cc}+/gu, ' ').trim()
  if (!clean || clean.length > 2000) throw new Error('Give Flite 1 to 2,000 characters to speak')
  const wasmPath = fliteWasmPath()
  const folder = await mkdtemp(path.join(tmpdir(), 'flite-'))
  try {
    const printed = JSON.parse(await run([wasmPath, folder, voice, clean])) as Omit<FliteTimed, 'wav'>
    const wav = await readFile(path.join(folder, 'speech.wav'))
    return { wav, segments: String(printed.segments ?? ''), words: Array.isArray(printed.words) ? printed.words.map(String) : [], phones: String(printed.phones ?? '') }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
