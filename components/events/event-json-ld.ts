import type { EventDto } from '#db/dto'
import { eventCoverUrl } from '#db/event-links'
import { absoluteUrl } from '../seo/urls'
import { markdownToPlainText } from '../shared/markdown'

/**
 * schema.org Event for an event page. Times are local as entered (docs/decisions/021-dates-as-entered.md), so they carry no
 * offset. Fees are in Bangladeshi taka.
 */
export function eventJsonLd(event: EventDto, publicUrl: string): Record<string, unknown> {
  const online = event.registrationMethod === 'Online'
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: markdownToPlainText(event.description),
    startDate: `${event.eventDate}T${event.startTime}`,
    endDate: `${event.eventDate}T${event.endTime}`,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url: event.eventLink || absoluteUrl(publicUrl, `/events/${event._id}`) }
      : { '@type': 'Place', name: event.location, address: event.location },
    image: [absoluteUrl(publicUrl, event.banner || eventCoverUrl(event._id))],
    organizer: { '@type': 'Organization', name: event.host },
    offers: {
      '@type': 'Offer',
      price: event.fees,
      priceCurrency: 'BDT',
      url: event.eventLink || absoluteUrl(publicUrl, `/events/${event._id}`),
      availability: 'https://schema.org/InStock',
    },
    url: absoluteUrl(publicUrl, `/events/${event._id}`),
  }
}
