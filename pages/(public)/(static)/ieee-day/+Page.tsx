import { Countdown } from '../../../../components/countdown/Countdown'

/** The shared countdown page (decisions §3). */
export function Page() {
  return <Countdown />
}
