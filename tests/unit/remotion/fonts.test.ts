import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEMPLATE_IDS } from '@/remotion/catalog'
import { FONTS, fontFilesFor, TEMPLATE_FONT_FAMILIES, templateFontPaths } from '@/remotion/scenes/fonts'
import { existsSync } from 'node:fs'

const root = path.resolve(import.meta.dirname, '../../../remotion')
const fontKeys = Object.keys(FONTS) as (keyof typeof FONTS)[]

/** The FONTS.x a folder's source names. */
function familiesNamedIn(folder: string): Set<string> {
  const named = new Set<string>()
  for (const file of readdirSync(path.join(root, folder))) {
    if (!/\.tsx?$/.test(file)) continue
    const source = readFileSync(path.join(root, folder, file), 'utf8')
    for (const key of fontKeys) if (source.includes(`FONTS.${key}`)) named.add(FONTS[key])
  }
  return named
}

describe('template fonts', () => {
  it('each template loads every family its own code and the shared scenes use, and no other', () => {
    const shared = familiesNamedIn('scenes')
    // fonts.ts names every family in its table; the shared scenes themselves use Inter only
    expect([...familiesNamedIn('captions')].every((family) => family === FONTS.inter)).toBe(true)
    for (const template of TEMPLATE_IDS) {
      const loaded = new Set(fontFilesFor(TEMPLATE_FONT_FAMILIES[template]).map((font) => font.family))
      for (const family of familiesNamedIn(template)) expect(loaded, `${template} uses ${family}`).toContain(family)
      expect(loaded).toContain(FONTS.inter)
      expect(shared.has(FONTS.inter)).toBe(true)
      // a template does not load the other templates' display faces
      const others = TEMPLATE_IDS.filter((t) => t !== template).flatMap((t) => TEMPLATE_FONT_FAMILIES[t])
      for (const family of others) if (!TEMPLATE_FONT_FAMILIES[template].includes(family)) expect(loaded.has(family)).toBe(false)
    }
  })

  it('gives both subsets of each face, as files under public/remotion/fonts', () => {
    const files = fontFilesFor(TEMPLATE_FONT_FAMILIES['classic-tour'])
    expect(files.map((font) => font.file)).toEqual([
      'remotion/fonts/inter-latin-wght-normal.woff2',
      'remotion/fonts/inter-latin-ext-wght-normal.woff2',
      'remotion/fonts/dm-serif-display-latin-400-normal.woff2',
      'remotion/fonts/dm-serif-display-latin-ext-400-normal.woff2',
      'remotion/fonts/dm-serif-display-latin-400-italic.woff2',
      'remotion/fonts/dm-serif-display-latin-ext-400-italic.woff2',
    ])
    for (const template of TEMPLATE_IDS) {
      for (const font of fontFilesFor(TEMPLATE_FONT_FAMILIES[template])) {
        expect(readFileSync(path.join(root, '..', 'public', font.file)).byteLength, font.file).toBeGreaterThan(1000)
      }
    }
  })

  it('the paths a page preloads for a template are the files its Player loads, and each ships', () => {
    for (const template of TEMPLATE_IDS) {
      const paths = templateFontPaths(template)
      expect(paths).toEqual(fontFilesFor(TEMPLATE_FONT_FAMILIES[template]).map((font) => `/${font.file}`))
      for (const href of paths) expect(existsSync(path.join(root, '../public', href)), href).toBe(true)
    }
  })
})
