import { preload } from 'react-dom'
import type { TemplateId } from '@/remotion/catalog'
import { templateFontPaths } from '@/remotion/scenes/font-files'

/**
 * For a server page whose first view is the Player: asks for the template's font files with the
 * HTML. The Player's first picture waits for them (loadFont's delayRender), and without this they
 * were requested only once the Player's code had run and the template had rendered (about 1.1 s
 * into an editor cold load, after every script).
 */
export function preloadTemplateFonts(template: TemplateId) {
  for (const href of templateFontPaths(template)) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })
}
