/**
 * A small reader of iCalendar text (RFC 5545) for tests: lines unfolded, each property by name (parameters
 * dropped), values unescaped. Enough to check what a calendar program would read from a mailed file.
 */
export type CalendarComponent = {
  name: string
  properties: Record<string, string>
  children: CalendarComponent[]
}

export function parseCalendar(text: string): CalendarComponent {
  if (!text.endsWith('\r\n')) throw new Error('an iCalendar file ends with CRLF')
  for (const physical of text.split('\r\n'))
    if (Buffer.byteLength(physical) > 75) throw new Error(`a line over 75 octets: ${physical}`)
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1)
  const root: CalendarComponent = { name: '', properties: {}, children: [] }
  const stack = [root]
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon < 1) throw new Error(`not a content line: ${line}`)
    const name = (line.slice(0, colon).split(';')[0] ?? '').toUpperCase()
    const value = line.slice(colon + 1)
    const current = stack[stack.length - 1] as CalendarComponent
    if (name === 'BEGIN') {
      const child = { name: value, properties: {}, children: [] }
      current.children.push(child)
      stack.push(child)
    } else if (name === 'END') {
      if (current.name !== value) throw new Error(`END:${value} closes ${current.name}`)
      stack.pop()
    } else {
      current.properties[name] = value.replace(/\\([\\;,nN])/g, (_, c: string) =>
        c.toLowerCase() === 'n' ? '\n' : c,
      )
    }
  }
  if (stack.length !== 1) throw new Error('unclosed component')
  const calendar = root.children[0]
  if (calendar?.name !== 'VCALENDAR') throw new Error('no VCALENDAR')
  return calendar
}

/** The calendar's one VEVENT. */
export function onlyEvent(calendar: CalendarComponent): Record<string, string> {
  const events = calendar.children.filter((child) => child.name === 'VEVENT')
  if (events.length !== 1) throw new Error(`${events.length} VEVENTs`)
  return (events[0] as CalendarComponent).properties
}
