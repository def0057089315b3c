// Which React components render on a keystroke in the editor (a benchmark, not a test): starts the
// end-to-end stack unless one is up, creates a narrated video with every default, types ten letters
// into scene 1's caption with the Player paused on that scene, and counts, per component, the renders
// React committed meanwhile. A stand-in of React DevTools' hook (installed before the page's scripts)
// walks each committed tree: a fiber whose children were renewed was visited, and a component fiber
// flagged PerformedWork rendered. Names are the production build's (minified) with the start of the
// function's source, enough to recognise a Remotion <Sequence>, a lucide icon or an editor section.
//   npm run bench:editor-renders
import { demoOwnerSession, openNewEditor } from '../lib/demo-session.ts'
import { startStack, stopStack } from '../lib/e2e-stack.ts'

const KEYS = 'Harbourlig'

// in the page, before any script: counts renders into window.__renders while it is an object
function installHook() {
  const w = window as unknown as Record<string, unknown> & { __renders: Record<string, number> | null }
  w.__renders = null
  type Fiber = { tag: number; flags: number; type: unknown; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null }
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]) // function, class, forwardRef, memo, simple memo
  const PERFORMED_WORK = 1
  function walk(fiber: Fiber | null): void {
    for (let f = fiber; f; f = f.sibling) {
      const before = f.alternate
      if (COMPONENT_TAGS.has(f.tag) && (!before || f.flags & PERFORMED_WORK)) {
        const type = f.type as { type?: unknown; render?: unknown } | ((...a: unknown[]) => unknown)
        const fn = (typeof type === 'object' && type ? (type.type ?? type.render) : type) as { displayName?: string; name?: string } | undefined
        const name = `${fn?.displayName || fn?.name || '?'} :: ${String(fn).slice(0, 80).replace(/\s+/g, ' ')}`
        w.__renders![name] = (w.__renders![name] ?? 0) + 1
      }
      // children not renewed: React skipped the whole subtree
      if (f.child && (!before || f.child !== before.child)) walk(f.child)
    }
  }
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      if (w.__renders) walk(root.current.child)
    },
  }
}

async function main() {
  const stack = await startStack()
  const { browser, page } = await demoOwnerSession()
  try {
    // as source text, with a stand-in for the helper tsx's bundler wraps named functions in (__name):
    // it does not exist in the page. Cutting the calls out with a pattern broke every arrow function
    // it wrapped, so the hook never installed and every count read 0.
    await page.addInitScript(`(() => { const __name = (fn) => fn; (${String(installHook)})() })()`)
    await openNewEditor(page, 'Counted tour')
    await page.getByTestId('scene-preview').first().click()
    const caption = page.getByLabel('Caption for scene 1')
    await caption.fill('')
    await caption.focus()
    await page.waitForTimeout(1500)
    await page.evaluate(() => ((window as unknown as { __renders: object }).__renders = {}))
    for (const char of KEYS) {
      await page.keyboard.type(char)
      await page.waitForTimeout(100)
    }
    const renders = await page.evaluate(() => (window as unknown as { __renders: Record<string, number> }).__renders)
    const rows = Object.entries(renders).sort((a, b) => b[1] - a[1])
    const total = rows.reduce((sum, [, n]) => sum + n, 0)
    console.log(`${total} component renders for ${KEYS.length} keystrokes (${(total / KEYS.length).toFixed(0)} per key)`)
    for (const [name, n] of rows.slice(0, 40)) console.log(`${(n / KEYS.length).toFixed(1).padStart(6)} per key  ${name}`)
  } finally {
    await browser.close()
    stopStack(stack)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
