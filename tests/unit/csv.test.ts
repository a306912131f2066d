import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '#components/shared/csv'

describe('CSV export', () => {
  it('quotes every cell and doubles quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"')
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"')
    expect(csvCell(42)).toBe('"42"')
    expect(csvCell(false)).toBe('"false"')
    expect(csvCell(undefined)).toBe('""')
  })

  it('keeps formulas as text (CSV injection)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}cmd|' /C calc'!A0`)).toBe(`"'${start}cmd|' /C calc'!A0"`)
    }
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"')
    expect(csvCell('a=b')).toBe('"a=b"')
    expect(csvCell(-5)).toBe('"\'-5"')
  })

  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['Name', 'Email'], [['Ada', 'ada@example.org']])).toBe(
      '"Name","Email"\r\n"Ada","ada@example.org"\r\n',
    )
  })
})
