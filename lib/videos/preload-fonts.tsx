import type { TemplateId } from '@/remotion/catalog'
import { templateFontPaths } from '@/remotion/scenes/font-files'

/**
 * For a server page whose first view is the Player: asks for the template's font files with the
 * HTML. The Player's first picture waits for them (loadFont's delayRender), and without this they
 * were requested only once the Player's code had run and the template had rendered (about 1.1 s
 * into an editor cold load, after every script).
 *
 * Rendered as <link> elements, which React hoists into the document's <head>. `preload()` from
 * react-dom, called in a server component after an await, reached the page only as a hint in the
 * RSC payload: the browser saw it once React had loaded and hydrated (~0.6 s into a cold load), not
 * with the HTML (docs/editor.md, seventh round).
 *
 * `as="fetch"`, not "font": @remotion/fonts reads each file with fetch() and builds the FontFace
 * from its bytes, and a preload is only handed to a request of the same destination and CORS mode
 * (fetch() of our own origin: cors, credentials same-origin = crossOrigin "anonymous"). As "font"
 * every file was downloaded twice.
 */
export function TemplateFontPreloads({ template }: { template: TemplateId }) {
  return templateFontPaths(template).map((href) => <link key={href} rel="preload" href={href} as="fetch" crossOrigin="anonymous" />)
}
