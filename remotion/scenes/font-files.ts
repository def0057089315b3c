import type { TemplateId } from '../catalog';

// Fonts ship in public/remotion/fonts (OFL, from @fontsource) so renders never reach the network.
// Which files each family and template uses: no Remotion import, so server pages can preload them.

export const FONTS = {
  inter: 'Inter',
  dmSerif: 'DM Serif Display',
  anton: 'Anton',
  cormorant: 'Cormorant Garamond',
  jost: 'Jost',
} as const;

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

export type Family = (typeof FONTS)[keyof typeof FONTS];
type FontFile = { family: Family; file: string; weight: string; style?: 'normal' | 'italic' };

export const FILES: FontFile[] = [
  { family: FONTS.inter, file: 'inter-{subset}-wght-normal', weight: '100 900' },
  { family: FONTS.dmSerif, file: 'dm-serif-display-{subset}-400-normal', weight: '400' },
  { family: FONTS.dmSerif, file: 'dm-serif-display-{subset}-400-italic', weight: '400', style: 'italic' },
  { family: FONTS.anton, file: 'anton-{subset}-400-normal', weight: '400' },
  ...(['300', '400', '500'] as const).flatMap((weight) => [
    { family: FONTS.cormorant, file: `cormorant-garamond-{subset}-${weight}-normal`, weight },
    { family: FONTS.jost, file: `jost-{subset}-${weight}-normal`, weight },
  ]),
  { family: FONTS.cormorant, file: 'cormorant-garamond-{subset}-400-italic', weight: '400', style: 'italic' },
];

type FontSource = { family: Family; file: string; weight: string; style: 'normal' | 'italic'; unicodeRange: string };

/** A face's two files (latin and latin-ext). */
export const faceFiles = (font: FontFile): FontSource[] =>
  (['latin', 'latin-ext'] as const).map((subset) => ({
    family: font.family,
    file: `remotion/fonts/${font.file.replace('{subset}', subset)}.woff2`,
    weight: font.weight,
    style: font.style ?? 'normal',
    unicodeRange: subset === 'latin' ? LATIN : LATIN_EXT,
  }));

/** The files a set of families loads (Inter always: captions and the watermark use it). */
export function fontFilesFor(families: readonly Family[]): FontSource[] {
  const wanted = new Set<Family>([FONTS.inter, ...families]);
  return FILES.filter((font) => wanted.has(font.family)).flatMap(faceFiles);
}

/** Each template's display faces (with Inter, which every template loads). */
export const TEMPLATE_FONT_FAMILIES: Record<TemplateId, readonly Family[]> = {
  'classic-tour': [FONTS.dmSerif],
  'social-reel': [FONTS.anton],
  'luxury-estate': [FONTS.cormorant, FONTS.jost],
};

/** The site paths of the files a template's first picture waits for (a page preloads them with its HTML). */
export const templateFontPaths = (template: TemplateId): string[] =>
  fontFilesFor(TEMPLATE_FONT_FAMILIES[template]).map((font) => `/${font.file}`);

