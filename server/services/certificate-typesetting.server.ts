import fs from 'node:fs'
import { createRequire } from 'node:module'
import * as hb from 'harfbuzzjs'

/**
 * Text as outlines, shaped by HarfBuzz (harfbuzzjs, WebAssembly): Bengali conjuncts, reordered vowel signs
 * and reph come out as a Bengali reader expects, which resvg's own text layout (resvg-js 2.6) gets wrong
 * (docs/decisions/083-certificates-of-participation.md). The fonts ship in npm packages as TTF; nothing is
 * downloaded at run time.
 */

const require = createRequire(import.meta.url)

const FONT_FILES = {
  latin: {
    regular: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
    bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  },
  bengali: {
    regular: '@expo-google-fonts/noto-serif-bengali/400Regular/NotoSerifBengali_400Regular.ttf',
    bold: '@expo-google-fonts/noto-serif-bengali/700Bold/NotoSerifBengali_700Bold.ttf',
  },
} as const

type Script = keyof typeof FONT_FILES
type Weight = 'regular' | 'bold'

type LoadedFont = { font: hb.Font; upem: number; paths: Map<number, string> }

const fonts = new Map<string, LoadedFont>()

function fontOf(script: Script, weight: Weight): LoadedFont {
  const key = `${script}-${weight}`
  let loaded = fonts.get(key)
  if (!loaded) {
    const bytes = fs.readFileSync(require.resolve(FONT_FILES[script][weight]))
    const face = new hb.Face(new hb.Blob(bytes))
    loaded = { font: new hb.Font(face), upem: face.upem, paths: new Map() }
    fonts.set(key, loaded)
  }
  return loaded
}

/** Bengali letters and signs, and the joiners that shape them. */
const BENGALI = /[\u0980-\u09FF\u200C\u200D]/
/** Characters that belong to no script: they stay in the run they are in. */
const NEUTRAL = /[\s\p{P}\p{N}\p{S}]/u

/** The text cut where its script changes (Bengali or Latin), neutral characters joining the run before. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = []
  for (const char of text) {
    const script: Script | null = BENGALI.test(char) ? 'bengali' : NEUTRAL.test(char) ? null : 'latin'
    const last = runs.at(-1)
    if (last && (script === null || script === last.script)) last.text += char
    else runs.push({ script: script ?? 'latin', text: char })
  }
  return runs
}

export type ShapedLine = {
  /** Width at the size asked, in the same unit. */
  width: number
  /** SVG markup of the outlines, the origin at the start of the baseline. */
  svg(x: number, y: number, fill: string): string
}

/** One line of text at `size` (any unit: the outlines are scaled to it). */
export function shapeLine(text: string, size: number, weight: Weight): ShapedLine {
  const glyphs: { path: string; x: number; y: number; scale: number }[] = []
  let pen = 0
  for (const run of scriptRuns(text)) {
    const loaded = fontOf(run.script, weight)
    const buffer = new hb.Buffer()
    buffer.addText(run.text)
    buffer.guessSegmentProperties()
    hb.shape(loaded.font, buffer)
    const scale = size / loaded.upem
    const infos = buffer.getGlyphInfos()
    const positions = buffer.getGlyphPositions()
    infos.forEach((info, index) => {
      const position = positions[index]
      if (!position) return
      let path = loaded.paths.get(info.codepoint)
      if (path === undefined) {
        path = loaded.font.glyphToPath(info.codepoint)
        loaded.paths.set(info.codepoint, path)
      }
      if (path) glyphs.push({ path, x: pen + position.xOffset * scale, y: position.yOffset * scale, scale })
      pen += position.xAdvance * scale
    })
  }
  return {
    width: pen,
    svg: (x, y, fill) =>
      glyphs.length === 0
        ? ''
        : `<g fill="${fill}">${glyphs
            .map(
              (glyph) =>
                `<path transform="matrix(${round(glyph.scale)} 0 0 ${round(-glyph.scale)} ${round(x + glyph.x)} ${round(y - glyph.y)})" d="${glyph.path}"/>`,
            )
            .join('')}</g>`,
  }
}

const round = (value: number) => Math.round(value * 10_000) / 10_000

/** The line shrunk to fit `maxWidth` when it is wider (a long name on a certificate). */
export function shapeLineToFit(text: string, size: number, weight: Weight, maxWidth: number): ShapedLine {
  const line = shapeLine(text, size, weight)
  if (line.width <= maxWidth || line.width === 0) return line
  return shapeLine(text, (size * maxWidth) / line.width, weight)
}
