import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { eventJsonLd } from '#components/events/event-json-ld'
import { JsonLd } from '#components/seo/JsonLd'
import type { Data } from './+data'

export function Head() {
  const { event } = useData<Data>()
  const { publicUrl } = usePageContext()
  return (
    <>
      <link rel="alternate" type="text/calendar" title="Add to calendar" href={`/events/${event._id}.ics`} />
      <JsonLd data={eventJsonLd(event, publicUrl)} />
    </>
  )
}
