import { Countdown } from '#components/countdown/Countdown'

/** Member profiles are not built yet: every /profile/{username} shows the countdown page (docs/decisions/003-countdown-page.md). */
export function Page() {
  return <Countdown />
}
