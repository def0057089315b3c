/**
 * Flite with its own timings, in three child processes (like lib/voices/flite.ts: a second Flite in
 * a process that runs PGlite crashed Node), each running the WASI module ONCE:
 *   1. `-psdur -t TEXT -o speech.wav`  the audio, and every phone with its end time;
 *   2. `-pw -t TEXT -o none`            the words Flite spoke ("4" → "four");
 *   3. `-ps -t "w1. w2. …" -o none`     each spoken word's phones said alone, "pau"-separated.
 * 1 and 2 run side by side, 3 after 2. One instance per process because Node 20's WASI crashes
 * (SIGSEGV) now and then when a process starts a second Flite: measured here, 2 to 26 of 30 children
 * that ran the three passes in one process crashed (more under load), 0 of 40 that ran one.
 * lib/narration/timing.ts lines the printouts up into word timings.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { FLITE_VOICES, fliteWasmPath, type FliteVoice } from '@/lib/voices/flite'

// argv: wasm path, output folder, voice, then Flite's own arguments; prints what Flite printed
const CHILD = `
import { readFile } from 'node:fs/promises'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { WASI } from 'node:wasi'
const [wasmPath, folder, voice, ...args] = process.argv.slice(1)
const module = await WebAssembly.compile(await readFile(wasmPath))
const printed = folder + '/printed-' + process.pid + '.txt'
const fd = openSync(printed, 'w')
try {
  const wasi = new WASI({ version: 'preview1', args: ['flite', '-voice', voice, ...args], env: {}, preopens: { '/out': folder }, stdout: fd, returnOnExit: true })
  const code = wasi.start(await WebAssembly.instantiate(module, wasi.getImportObject()))
  if (code !== 0) throw new Error('flite exited with ' + code)
} finally { closeSync(fd) }
process.stdout.write(readFileSync(printed, 'utf8'))
`

export type FliteTimed = { wav: Buffer; segments: string; words: string[]; phones: string }

/** A child killed by a crash is run again, up to this many times in all. */
const CRASH_ATTEMPTS = 3

class FliteCrash extends Error {}

async function run(args: string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(args)
    } catch (error) {
      if (!(error instanceof FliteCrash) || attempt >= CRASH_ATTEMPTS) throw error
    }
  }
}

function runOnce(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--no-warnings', '--input-type=module', '-e', CHILD, ...args],
      { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout)
        const crashed = error.signal === 'SIGSEGV' || error.signal === 'SIGBUS'
        const message = `Flite failed: ${crashed ? `the speech process crashed (${error.signal})` : stderr.trim() || error.message}`
        reject(crashed ? new FliteCrash(message) : new Error(message))
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
    const speak = run([wasmPath, folder, voice, '-psdur', '-t', clean, '-o', '/out/speech.wav'])
    const spokenWords = run([wasmPath, folder, voice, '-pw', '-t', clean, '-o', 'none']).then(async (printed) => {
      const words = printed.trim().split(/\s+/).filter(Boolean)
      const phones = words.length ? await run([wasmPath, folder, voice, '-ps', '-t', words.join('. '), '-o', 'none']) : ''
      return { words, phones }
    })
    const [segments, { words, phones }] = await Promise.all([speak, spokenWords])
    const wav = await readFile(path.join(folder, 'speech.wav'))
    return { wav, segments, words, phones }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
