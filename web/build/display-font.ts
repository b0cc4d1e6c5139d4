import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createFontStack } from '@capsizecss/core';
import georgiaBold from '@capsizecss/metrics/georgia/700';
import sourceSerif4Bold from '@capsizecss/metrics/sourceSerif4/700';
import timesNewRomanBold from '@capsizecss/metrics/timesNewRoman/700';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Source Serif 4 (variable, Latin), from its npm package; the headings' display face. */
const SOURCE = '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2';
/** Headings use semibold to bold only: the weight axis is cut to that range. */
export const DISPLAY_WEIGHTS = { min: 600, max: 700 } as const;
/** Printable ASCII and the typographic marks the copy uses. */
export const DISPLAY_TEXT =
  Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join('') +
  '‘’“”–—…•·©§';

/** Where the subset lives between builds (outside the repo's sources). */
const CACHE_DIR = join(
  dirname(require.resolve('vite/package.json')),
  '..',
  '.cache',
  'display-font',
);

/** The family name index.css gives the display face. */
const FAMILY = 'Display Serif';

/**
 * Until the display face has loaded (`font-display: swap`), headings use a local serif resized
 * to its metrics (capsize: `size-adjust` from the average character width, ascent, descent and
 * line gap overrides), so the swap moves no line: one `@font-face` per local font, then
 * `--display-font-stack`, the family list that names them in order.
 */
function fallbackStylesheet(): string {
  const { fontFamily, fontFaces } = createFontStack(
    [{ ...sourceSerif4Bold, familyName: FAMILY }, georgiaBold, timesNewRomanBold],
    { fontFaceProperties: { fontWeight: `${DISPLAY_WEIGHTS.min} ${DISPLAY_WEIGHTS.max}` } },
  );
  return `${fontFaces}\n:root {\n  --display-font-stack: ${fontFamily};\n}\n`;
}

/**
 * The display font, subset at build time with harfbuzz (subset-font) to the characters and
 * weights the headings use, so the whole face is one small woff2. `@display-font` in CSS names
 * the file; Vite fingerprints it into assets/ like any other. `@display-font-fallbacks` is the
 * stylesheet of its metric-matched fallbacks (index.css imports it).
 */
export function displayFontPlugin(): Plugin {
  let file: string;
  return {
    name: 'display-font',
    async config() {
      const source = require.resolve(SOURCE);
      const key = createHash('sha256')
        .update(await readFile(source))
        .update(JSON.stringify([DISPLAY_TEXT, DISPLAY_WEIGHTS]))
        .digest('hex')
        .slice(0, 12);
      file = join(CACHE_DIR, `display-${key}.woff2`);
      await mkdir(CACHE_DIR, { recursive: true });
      if (!existsSync(file)) {
        const subset = await subsetFont(await readFile(source), DISPLAY_TEXT, {
          targetFormat: 'woff2',
          variationAxes: { wght: DISPLAY_WEIGHTS },
        });
        await writeFile(file, subset);
      }
      const fallbacks = join(CACHE_DIR, 'display-fallbacks.css');
      await writeFile(fallbacks, fallbackStylesheet());
      return {
        resolve: { alias: { '@display-font-fallbacks': fallbacks, '@display-font': file } },
      };
    },
  };
}
