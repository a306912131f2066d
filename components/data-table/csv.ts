/**
 * CSV for spreadsheets. Every cell is quoted; a cell that a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or carriage return before one) gets a leading single quote, so a
 * message like `=HYPERLINK(...)` stays text (CSV formula injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/

type CsvValue = string | number | boolean | null | undefined

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

/** Saves the CSV through a temporary link; the byte order mark makes spreadsheets read it as UTF-8. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
