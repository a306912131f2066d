import { Countdown } from '../../../../../components/countdown/Countdown'

/** Member profiles are not built yet: every /profile/{username} shows the countdown page (decisions §3). */
export function Page() {
  return <Countdown />
}
