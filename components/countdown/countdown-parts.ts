export type CountdownParts = { days: number; hours: number; mins: number; secs: number }

/** What is left until `target` at `now` (both in ms), never negative: zeros once the target has passed. */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, Math.floor((target - now) / 1000))
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    mins: Math.floor((left % 3_600) / 60),
    secs: left % 60,
  }
}

/** Hours, minutes and seconds are shown with two digits, days as they are. */
export const formatPart = (name: keyof CountdownParts, value: number) =>
  name === 'days' ? String(value) : String(value).padStart(2, '0')

/** A local date-time without zone ("2024-01-27T00:00:00") read in the clock of whoever runs this. */
export const localTime = (target: string) => new Date(target).getTime()
