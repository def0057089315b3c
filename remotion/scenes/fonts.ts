import { loadFont } from '@remotion/fonts';
import { staticFile } from 'remotion';
import { FILES, FONTS, faceFiles, type Family } from './font-files';

export { FONTS, fontFilesFor, TEMPLATE_FONT_FAMILIES, templateFontPaths, type Family } from './font-files';

const started = new Map<string, Promise<unknown>>();

/**
 * Registers a template's font families once each (Inter always: captions and the watermark use it);
 * renders wait for them through loadFont's delayRender. Only the template on screen loads its faces:
 * loading all five families (22 files) on every Player cost the editor's first load a fetch, a
 * FontFace and a decode for each (npm run bench:editor-profile).
 */
export function loadTemplateFonts(families: readonly Family[]): Promise<unknown> {
  if (typeof window === 'undefined' || typeof FontFace === 'undefined') return Promise.resolve();
  const wanted = new Set<Family>([FONTS.inter, ...families]);
  return Promise.all(
    [...wanted].map((family) => {
      let loading = started.get(family);
      if (!loading) {
        loading = Promise.all(
          FILES.filter((font) => font.family === family)
            .flatMap(faceFiles)
            .map((font) => loadFont({ family: font.family, url: staticFile(font.file), weight: font.weight, style: font.style, unicodeRange: font.unicodeRange })),
        );
        started.set(family, loading);
      }
      return loading;
    }),
  );
}
