import { formatTimeOfDay } from '../shared/dates'
import type { OtherRegistration, RosterAttendee } from './answers'
import { beep } from './sound'
import { REFUSALS } from './verdict'

/** What the door's result panel says about the last scan or check-in by name. */
export type ResultPanel = {
  tone: 'admit' | 'already' | 'refuse' | 'neutral'
  title: string
  detail?: string
  /** What the volunteer can do about it: check the person in on the registration they hold now. */
  action?: { registrationId: string; name: string }
}

/** "Already checked in at 10:42 by Rafi": the time of day in the site's time zone, as the venue's clocks read. */
export const alreadyText = (checkedInAt: string, by: string | null, timeZone: string) =>
  `Already checked in at ${formatTimeOfDay(checkedInAt, timeZone)}${by ? ` by ${by}` : ''}`

/** The answer to someone checked in already, with the time and who checked them in. */
export const alreadyPanel = (
  name: string,
  checkedInAt: string,
  by: string | null,
  timeZone: string,
): ResultPanel => ({ tone: 'already', title: alreadyText(checkedInAt, by, timeZone), detail: name })

export const admitPanel = (name: string): ResultPanel => ({ tone: 'admit', title: `Checked in: ${name}` })

/** The sound of a panel the volunteer must hear: a neutral one ("Checking…") makes none. */
export function beepFor(panel: ResultPanel): void {
  if (panel.tone !== 'neutral') beep(panel.tone)
}

/** A registration that does not admit anyone yet, as the door says it. */
const WAITING_STATUS: Record<string, string> = {
  pending: 'waiting for approval or payment',
  offered: 'offered a seat, not taken yet',
  waitlisted: 'on the waiting list',
}

/**
 * The answer to a cancelled ticket: whose it was and the registration that person holds now, so a
 * volunteer never turns away someone who registered again (`current`: the phone's own row of that
 * registration, fresher than the answer's).
 */
export function cancelledPanel(
  name: string | null,
  other: OtherRegistration | null,
  current: RosterAttendee | undefined,
  timeZone: string,
): ResultPanel {
  if (name === null) return { tone: 'refuse', title: REFUSALS.cancelled }
  if (!other)
    return {
      tone: 'refuse',
      title: REFUSALS.cancelled,
      detail: `${name}: no other registration for this event`,
    }
  if (other.status !== 'confirmed')
    return {
      tone: 'refuse',
      title: REFUSALS.cancelled,
      detail: `${name} registered again: ${WAITING_STATUS[other.status] ?? other.status}, not confirmed`,
    }
  const title = `Cancelled ticket: ${other.name} holds a confirmed registration`
  const checkedInAt = current ? current.checkedInAt : other.checkedInAt
  const by = current ? current.checkedInBy : other.checkedInBy
  if (checkedInAt) return { tone: 'already', title, detail: alreadyText(checkedInAt, by, timeZone) }
  return {
    tone: 'already',
    title,
    detail: 'Not checked in yet on it',
    action: { registrationId: other.id, name: other.name },
  }
}

/** A scan's id: a v4 UUID, also where randomUUID is missing (a phone on plain http in the hall's network). */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
