import { Countdown } from '#components/countdown/Countdown'

/** The shared countdown page (docs/decisions/003-countdown-page.md). */
export function Page() {
  return <Countdown />
}
