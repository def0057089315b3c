// @vitest-environment happy-dom
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VideoPlayerProps } from '@/components/videos/video-player'

// How the Player's code reaches the page (components/videos/video-player.tsx). The Player itself is
// Remotion's (its own tests are the e2e specs); here a stand-in module takes its place, so what is
// checked is the loading: no Suspense boundary (React would hold the Player back 300 ms after its
// fallback), the same markup on the server and at hydration, and a message when the code cannot load.

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const standIn = { PlayerImpl: ({ template }: { template: string }) => <div data-testid="player">{template}</div> }
const props = { template: 'classic-tour', format: 'landscape', props: {}, urls: {} } as unknown as VideoPlayerProps

let container: HTMLDivElement
let root: Root | null = null
beforeEach(() => {
  vi.resetModules()
  container = document.createElement('div')
  document.body.append(container)
})
afterEach(() => {
  if (root) act(() => root!.unmount())
  root = null
  container.remove()
  vi.doUnmock('@/components/videos/player-impl')
})

async function hydrate(html: string, element: React.ReactElement, errors: unknown[]) {
  container.innerHTML = html
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) })
  })
}

describe('VideoPlayer loading', () => {
  it('renders the placeholder on the server, without a Suspense boundary, and the Player right after hydration when its code came with the page', async () => {
    vi.doMock('@/components/videos/player-impl', () => standIn)
    const { VideoPlayer, providePlayer } = await import('@/components/videos/video-player')
    providePlayer((await import('@/components/videos/player-impl')) as never)
    const html = renderToString(<VideoPlayer {...props} />)
    expect(html).toContain('aria-label="Loading the preview"')
    expect(html).not.toContain('<!--$')
    const errors: unknown[] = []
    await hydrate(html, <VideoPlayer {...props} />, errors)
    expect(errors).toEqual([])
    expect(container.querySelector('[data-testid="player"]')?.textContent).toBe('classic-tour')
    expect(container.querySelector('[aria-label="Loading the preview"]')).toBeNull()
  })

  it('imports the Player when a page did not provide it, showing the placeholder meanwhile', async () => {
    vi.doMock('@/components/videos/player-impl', () => standIn)
    const { VideoPlayer } = await import('@/components/videos/video-player')
    const html = renderToString(<VideoPlayer {...props} />)
    const errors: unknown[] = []
    await hydrate(html, <VideoPlayer {...props} />, errors)
    await act(async () => {
      await vi.waitFor(() => expect(container.querySelector('[data-testid="player"]')).not.toBeNull())
    })
    expect(errors).toEqual([])
  })

  it('says so, with a way to try again, when the code cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.doMock('@/components/videos/player-impl', () => {
      throw new Error('the chunk could not be fetched')
    })
    const { VideoPlayer } = await import('@/components/videos/video-player')
    const errors: unknown[] = []
    await hydrate(renderToString(<VideoPlayer {...props} />), <VideoPlayer {...props} />, errors)
    await act(async () => {
      await vi.waitFor(() => expect(container.querySelector('[role="alert"]')).not.toBeNull())
    })
    expect(container.textContent).toContain('The preview could not be loaded')
    expect(container.querySelector('[role="alert"] button')?.textContent).toBe('Try again')
  })
})
