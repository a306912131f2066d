import type { EventDto } from '#db/dto'
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
      ? { '@type': 'VirtualLocation', url: event.eventLink }
      : { '@type': 'Place', name: event.location, address: event.location },
    image: [absoluteUrl(publicUrl, event.banner)],
    organizer: { '@type': 'Organization', name: event.host },
    offers: {
      '@type': 'Offer',
      price: event.fees,
      priceCurrency: 'BDT',
      url: event.eventLink,
      availability: 'https://schema.org/InStock',
    },
    url: absoluteUrl(publicUrl, `/events/${event._id}`),
  }
}
