import { describe, expect, it } from 'vitest'
import { consoleLinksFor, currentConsoleLink } from '#components/layout/consoleNavigation'

describe("the console's sidebar (docs/product.md#console-layout)", () => {
  it('shows each role its entries', () => {
    expect(consoleLinksFor(true).map((link) => link.label)).toEqual([
      'Dashboard',
      'Events',
      'Add New Event',
      'Posts',
      'Chapters',
      'Add New Chapter',
      'Contact List',
      'Site',
      'Committees',
      'Notifications',
      'Reports',
      'Certificates',
      'Trash',
      'Activity',
      'Administrators',
      'Account',
    ])
    expect(consoleLinksFor(false).map((link) => link.label)).toEqual([
      'Dashboard',
      'Events',
      'Add New Event',
      'Posts',
      'Excom',
      'Add New Excom',
      'Reports',
      'Certificates',
      'Trash',
      'Activity',
      'Settings',
      'Officers',
      'Account',
    ])
  })

  it('highlights the page, or the list an edit page belongs to', () => {
    const admin = consoleLinksFor(true)
    const chapter = consoleLinksFor(false)
    expect(currentConsoleLink(admin, '/dashboard')?.label).toBe('Dashboard')
    expect(currentConsoleLink(admin, '/dashboard/events/')?.label).toBe('Events')
    expect(currentConsoleLink(admin, '/dashboard/events/edit-event/0123456789abcdef01234567')?.label).toBe(
      'Events',
    )
    expect(currentConsoleLink(admin, '/dashboard/chapters/add-new-chapter')?.label).toBe('Add New Chapter')
    expect(currentConsoleLink(admin, '/dashboard/chapter/padma')?.label).toBe('Chapters')
    expect(currentConsoleLink(chapter, '/dashboard/excom/add-new-excom')?.label).toBe('Add New Excom')
    expect(currentConsoleLink(chapter, '/dashboard/excom/edit-excom/0123456789abcdef01234567')?.label).toBe(
      'Excom',
    )
    expect(currentConsoleLink(chapter, '/dashboard/reports')?.label).toBe('Reports')
    expect(currentConsoleLink(chapter, '/dashboard/certificates/edit/0123456789abcdef01234567')?.label).toBe(
      'Certificates',
    )
    expect(currentConsoleLink(chapter, '/dashboard/events/0123456789abcdef01234567/report')?.label).toBe(
      'Events',
    )
    expect(currentConsoleLink(admin, '/dashboard/posts/new')?.label).toBe('Posts')
    expect(currentConsoleLink(chapter, '/dashboard/posts/edit/0123456789abcdef01234567')?.label).toBe('Posts')
    expect(currentConsoleLink(admin, '/dashboard/committees/0123456789abcdef01234567')?.label).toBe(
      'Committees',
    )
    expect(currentConsoleLink(chapter, '/dashboard/chapters')).toBeUndefined()
  })
})
