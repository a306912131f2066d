import fs from 'node:fs'
import { createRequire } from 'node:module'
import * as hb from 'harfbuzzjs'
import { describe, expect, it } from 'vitest'
import { type CertificateDesign, certificateDesignSchema } from '#db/validation'
import { type CertificateContent, certificateSvg } from '#server/services/certificate-pdf.server'

/**
 * Bengali names on a certificate are shaped, not drawn letter by letter: the outlines of the certificate's
 * name are those of the glyphs HarfBuzz gives for the name (a conjunct such as ক্ষ is one glyph, not
 * ক, the virama and ষ), and not those of each code point's own glyph. The font is the certificate's
 * (Noto Serif Bengali bold, from its npm package), read here on its own.
 */

const require = createRequire(import.meta.url)
const BENGALI_BOLD = '@expo-google-fonts/noto-serif-bengali/700Bold/NotoSerifBengali_700Bold.ttf'
const font = new hb.Font(new hb.Face(new hb.Blob(fs.readFileSync(require.resolve(BENGALI_BOLD)))))

/** A design that draws the name only, in a colour nothing else has, so its outlines can be picked out. */
const NAME_ONLY: CertificateDesign = certificateDesignSchema.parse({
  paper: 'a4',
  background: '',
  accent: '#1e3a8a',
  fields: [{ kind: 'name', x: 148.5, y: 98, size: 30, colour: '#ab12cd', bold: true }],
  signatures: [],
})

const content = (name: string): CertificateContent => ({
  name,
  roleLine: 'for participating in',
  event: 'Workshop',
  date: 'the day of the event',
  chapter: 'Chapter',
  serial: 'K7QF-M2XR-9H',
  verifyUrl: 'https://chapter.example.org/certificates/K7QF-M2XR-9H',
  logo: '',
})

/** The outlines (path data) drawn for the name, in order. */
async function namePaths(name: string): Promise<string[]> {
  const svg = await certificateSvg(NAME_ONLY, content(name), async () => null)
  const group = /<g fill="#ab12cd">(.*?)<\/g>/.exec(svg)?.[1] ?? ''
  return [...group.matchAll(/ d="([^"]*)"/g)].map((match) => match[1] ?? '')
}

/** HarfBuzz's glyph ids for the text, shaped as Bengali. */
function shapedGlyphs(text: string): number[] {
  const buffer = new hb.Buffer()
  buffer.addText(text)
  buffer.guessSegmentProperties()
  hb.shape(font, buffer)
  return buffer.getGlyphInfos().map((info) => info.codepoint)
}

/** Each code point's own glyph (the font's cmap), as a layout that does not shape would draw them. */
const unshapedGlyphs = (text: string) =>
  [...text].map((char) => font.nominalGlyph(char.codePointAt(0) ?? 0) ?? 0)

const outlinesOf = (glyphs: number[]) => glyphs.map((glyph) => font.glyphToPath(glyph)).filter(Boolean)

describe('Bengali names on certificates', () => {
  it('a conjunct (ক্ষ) is drawn as the one glyph HarfBuzz makes of its three code points', async () => {
    const shaped = shapedGlyphs('ক্ষ')
    const unshaped = unshapedGlyphs('ক্ষ')
    expect(unshaped).toHaveLength(3)
    expect(unshaped.every((glyph) => glyph > 0)).toBe(true)
    expect(shaped).toHaveLength(1)
    expect(unshaped).not.toContain(shaped[0])
    expect(await namePaths('ক্ষ')).toEqual(outlinesOf(shaped))
  })

  it('whole names: the outlines are the shaped run, which is not the code points one by one', async () => {
    // Conjuncts (ক্ষ্ম, ন্দ্র), a reordered vowel sign (ি before its consonant) and a reph (র্).
    for (const name of ['লক্ষ্মী দাস', 'চন্দ্রিমা কর্মকার', 'শ্রেয়া চক্রবর্তী']) {
      const drawn = await namePaths(name)
      expect(drawn, name).toEqual(outlinesOf(shapedGlyphs(name)))
      expect(drawn, name).not.toEqual(outlinesOf(unshapedGlyphs(name)))
    }
  })
})
