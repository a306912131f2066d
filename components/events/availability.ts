/**
 * Where an event's registration stands, in the words of its page: the line at the top of the box and in
 * the event's details. A plain module: the server's markup and the enhancer that updates the line once a
 * registration is in (registration-form.ts) say it alike.
 */
export type Availability = {
  state: 'open' | 'waitlist' | 'full' | 'not-open' | 'closed'
  seatsLeft: number | null
  /** "Wednesday 25 November 2026, 10:00" while it has not opened yet. */
  opensText: string | null
  timeZone: string
}

/** The line at the top: seats left, the waiting list, or when registration opens. */
export function availabilityText(panel: Availability): string {
  switch (panel.state) {
    case 'open':
      if (panel.seatsLeft === null) return 'Registration is open.'
      return panel.seatsLeft === 1 ? '1 seat left.' : `${panel.seatsLeft} seats left.`
    case 'waitlist':
      return 'Full: join the waiting list.'
    case 'full':
      return 'Full: registration is closed.'
    case 'not-open':
      return `Registration opens ${panel.opensText} (${panel.timeZone} time).`
    case 'closed':
      return 'Registration is closed.'
  }
}
