import { useMemo } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { createSiteClock, type SiteClock } from '#db/clock'
import { formatDateTime } from '../shared/dates'

/** The site's TIME_ZONE, as the server hands it to every page (passToClient): the console's moments read in it. */
export function useSiteTimeZone(): string {
  return usePageContext().timeZone
}

/**
 * A moment as the console writes it, in the site's time zone: the server's render and the browser's
 * agree whatever zone either runs in. `numeric`: "2026-11-25 11:45", for columns that sort by eye.
 */
export function LocalTime({ at, style = 'medium' }: { at: Date | string; style?: 'medium' | 'numeric' }) {
  const timeZone = useSiteTimeZone()
  return <>{formatDateTime(at, timeZone, style)}</>
}

/** The site's clock in the browser and in the server's render alike: today and the year in TIME_ZONE. */
export function useSiteClock(): SiteClock {
  const timeZone = useSiteTimeZone()
  return useMemo(() => createSiteClock(timeZone), [timeZone])
}
