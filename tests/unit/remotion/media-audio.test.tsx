import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

describe('the templates’ audio component', () => {
  it('renders nothing until provided, then the provided component with the same props', async () => {
    vi.resetModules()
    const { MediaAudio, mediaAudioReady, provideMediaAudio } = await import('@/remotion/scenes/media-audio')
    expect(mediaAudioReady()).toBe(false)
    expect(renderToStaticMarkup(<MediaAudio src="https://example.test/a.wav" />)).toBe('')
    const Fake = (({ src }: { src: string }) => <span data-src={src} />) as never
    provideMediaAudio(Fake)
    expect(mediaAudioReady()).toBe(true)
    expect(renderToStaticMarkup(<MediaAudio src="https://example.test/a.wav" />)).toBe('<span data-src="https://example.test/a.wav"></span>')
  })

  it('is there before the first frame in a render entry: the static module provides @remotion/media’s <Audio>', async () => {
    vi.resetModules()
    await import('@/remotion/scenes/media-audio-static')
    const { mediaAudioReady, loadMediaAudio } = await import('@/remotion/scenes/media-audio')
    const { Audio } = await import('@remotion/media')
    expect(mediaAudioReady()).toBe(true)
    await expect(loadMediaAudio()).resolves.toBe(Audio)
  })

  it('the Player’s load imports @remotion/media once and provides it', async () => {
    vi.resetModules()
    const { loadMediaAudio, mediaAudioReady } = await import('@/remotion/scenes/media-audio')
    const { Audio } = await import('@remotion/media')
    expect(mediaAudioReady()).toBe(false)
    const [first, second] = await Promise.all([loadMediaAudio(), loadMediaAudio()])
    expect(first).toBe(Audio)
    expect(second).toBe(Audio)
    expect(mediaAudioReady()).toBe(true)
  })
})

describe('the render entries', () => {
  it('both import the static provider first: renderMedia/Lambda/Studio (Root.tsx) and the in-browser renderer’s page', async () => {
    const { readFileSync } = await import('node:fs')
    for (const [file, spec] of [
      ['remotion/Root.tsx', './scenes/media-audio-static'],
      ['remotion/web-render/page.tsx', '../scenes/media-audio-static'],
    ]) {
      expect(readFileSync(file, 'utf8').split('\n')[0], file).toBe(`import '${spec}';`)
    }
  })
})
