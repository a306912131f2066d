import { usePageContext } from 'vike-react/usePageContext'
import { checkInIconPath, checkInManifestPath } from '#components/shared/check-in-app'

/**
 * The check-in page as an app of its own on the phone's home screen
 * (docs/decisions/093-check-in-app-offline-through-reloads.md). The manifest is asked for with
 * credentials: it is for whoever may check in at this event (the door cookie's path covers it).
 */
export function Head() {
  const eventId = usePageContext().routeParams.id ?? ''
  return (
    <>
      <link rel="manifest" href={checkInManifestPath(eventId)} crossOrigin="use-credentials" />
      <link rel="apple-touch-icon" href={checkInIconPath(eventId, 192)} />
      <meta name="mobile-web-app-capable" content="yes" />
    </>
  )
}
