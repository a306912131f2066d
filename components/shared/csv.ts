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
