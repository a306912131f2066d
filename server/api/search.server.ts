import express, { type Router } from 'express'
import type { SearchResultDto } from '#db/dto'
import { findChapterById, listChapterAccountsPage } from '#db/queries/accounts.server'
import { findCertificateBySerial } from '#db/queries/certificates.server'
import { listContactMessagesPage } from '#db/queries/contact.server'
import { findEventById, listEventsPage } from '#db/queries/events.server'
import { listExcomPage } from '#db/queries/excom.server'
import { searchPeople } from '#db/queries/people.server'
import { searchRegistrationsByName } from '#db/queries/registrations.server'
import { certificateSerialSchema, groupedSerial, searchQuerySchema } from '#db/validation'
import type { AppContext } from '../context.server'
import { principalOf, signedIn } from '../policy/require.server'
import { chapterScopeOf, isAdmin } from '../policy/rules.server'
import { readQuery } from './input.server'

/** Hits per kind: the palette shows a short list, the lists themselves have the rest. */
const PER_KIND = 5

/**
 * GET /api/search?q=: the command palette's search, through the lists' own searches and scoped as they
 * are: an administrator finds every event, the chapters, the people and the messages; an officer finds only
 * their chapter's events, committee members and officers.
 */
export function createSearchRouter(ctx: AppContext): Router {
  const { db } = ctx
  const router = express.Router()

  router.get('/', signedIn, (req, res) => {
    const { q } = readQuery(req, searchQuerySchema)
    const principal = principalOf(req)
    const admin = isAdmin(principal)
    // An officer finds their chapter's records only.
    const chapterId = chapterScopeOf(principal)
    const options = { q, page: 1, pageSize: PER_KIND }
    const results: SearchResultDto[] = listEventsPage(db, { ...options, ownerId: chapterId }).rows.map(
      (event) => ({
        kind: 'event',
        id: event.id,
        title: event.title,
        detail: `${event.eventDate} · ${event.location}`,
        href: `/dashboard/events/edit-event/${event.id}`,
      }),
    )
    for (const person of searchPeople(db, q, PER_KIND, chapterId)) {
      results.push({
        kind: 'person',
        id: person.id,
        title: person.name,
        detail: `${person.role === 'admin' ? 'Administrator' : 'Officer'} · ${person.email}`,
        // Where the caller manages them: the administrators, a chapter's page, or the officers.
        href: !admin
          ? '/dashboard/officers'
          : person.chapterId === null
            ? '/dashboard/administrators'
            : `/dashboard/chapter/${findChapterById(db, person.chapterId)?.slug ?? ''}`,
      })
    }
    if (isAdmin(principal)) {
      for (const { chapter } of listChapterAccountsPage(db, options).rows) {
        results.push({
          kind: 'chapter',
          id: chapter.id,
          title: chapter.name,
          detail: chapter.email,
          href: `/dashboard/chapter/${chapter.slug}`,
        })
      }
      for (const message of listContactMessagesPage(db, options).rows) {
        results.push({
          kind: 'message',
          id: message.id,
          title: `Message from ${message.name}`,
          detail: message.email,
          href: `/dashboard/contact-list?q=${encodeURIComponent(message.email)}`,
        })
      }
    } else {
      for (const member of listExcomPage(db, principal.chapterId, options).rows) {
        results.push({
          kind: 'member',
          id: member.id,
          title: member.name,
          detail: `${member.designation} · ${member.email}`,
          href: `/dashboard/excom/edit-excom/${member.id}`,
        })
      }
    }
    // A certificate by its serial (with or without its hyphens), an attendee by name: in the caller's events.
    const serial = certificateSerialSchema.safeParse(q.trim())
    const certificate = serial.success ? findCertificateBySerial(db, serial.data) : undefined
    const certificateEvent = certificate && findEventById(db, certificate.eventId)
    if (certificate && certificateEvent && (admin || certificateEvent.ownerId === chapterId))
      results.push({
        kind: 'certificate',
        id: certificate.id,
        title: `${certificate.name}: ${groupedSerial(certificate.serial)}`,
        detail: `${certificate.eventTitle}${certificate.revokedAt ? ' · revoked' : ''}`,
        href: `/dashboard/events/${certificate.eventId}/certificates`,
      })
    for (const attendee of searchRegistrationsByName(db, q, PER_KIND, admin ? undefined : chapterId)) {
      results.push({
        kind: 'attendee',
        id: attendee.id,
        title: attendee.name,
        detail: `${attendee.eventTitle} · ${attendee.status}`,
        href: `/dashboard/events/${attendee.eventId}/attendees?q=${encodeURIComponent(attendee.name)}`,
      })
    }
    res.json({ success: true, results })
  })

  return router
}
