import { describe, expect, it } from 'vitest'
import {
  carriesWebAddress,
  chapterAccountInputSchema,
  eventInputSchema,
  excomMemberInputSchema,
  listQuerySchema,
  toFieldErrors,
} from '#db/validation'

const event = {
  title: 'Workshop',
  startTime: '10:00',
  endTime: '12:30',
  eventDate: '2026-12-01',
  location: 'Dhaka',
  host: 'Chapter',
  registrationMethod: 'Offline',
  fees: 0,
  banner: '/uploads/0123abcd.webp',
  eventLink: 'https://www.facebook.com/events/1',
  description: 'Line one\nLine two',
}

describe('shared zod schemas', () => {
  it('accept a complete event and keep line breaks in the description', () => {
    expect(eventInputSchema.parse(event).description).toBe('Line one\nLine two')
  })

  it.each([
    ['startTime', '24:00'],
    ['eventDate', '2026-02-30'],
    ['fees', -1],
    ['fees', '10'],
    ['registrationMethod', 'Hybrid'],
    ['eventLink', 'javascript:alert(1)'],
    ['banner', '/uploads/../chapter.db'],
    ['banner', 'data:image/png;base64,AAAA'],
    ['title', 'Two\nlines'],
    ['title', 'Bell\u0007'],
    ['title', 'Line\u2028separator'],
    ['title', '   '],
    ['title', 'x'.repeat(201)],
    ['description', 'nul\u0000byte'],
  ])('refuse %s = %j with a message for that field', (field, value) => {
    const result = eventInputSchema.safeParse({ ...event, [field]: value })
    if (result.success) throw new Error('expected a failure')
    expect(Object.keys(toFieldErrors(result.error))).toEqual([field])
  })

  it('refuse an end before the start, on the end time, next to the other fields', () => {
    const result = eventInputSchema.safeParse({ ...event, title: '', startTime: '18:00', endTime: '09:30' })
    if (result.success) throw new Error('expected a failure')
    expect(toFieldErrors(result.error)).toEqual({
      title: 'Event title is required',
      endTime: 'Ending time must not be before the starting time',
    })
    expect(eventInputSchema.safeParse({ ...event, startTime: '09:30', endTime: '09:30' }).success).toBe(true)
  })

  it('answer a field error, not a stack overflow, for a time nested 10,000 arrays deep', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}1${']'.repeat(10_000)}`)
    for (const field of ['startTime', 'endTime']) {
      const result = eventInputSchema.safeParse({ ...event, [field]: deep })
      if (result.success) throw new Error('expected a failure')
      expect(Object.keys(toFieldErrors(result.error))).toEqual([field])
    }
  })

  it("take a member without a photo or an email, as ''", () => {
    const member = { name: 'A', designation: 'Chair', affiliation: 'U' }
    expect(excomMemberInputSchema.parse(member)).toEqual({ ...member, image: '', email: '' })
    expect(excomMemberInputSchema.parse({ ...member, image: '  ', email: ' ' })).toMatchObject({
      image: '',
      email: '',
    })
    const wrong = excomMemberInputSchema.safeParse({ ...member, image: 'ftp://x', email: 'nobody' })
    expect(wrong.success ? {} : toFieldErrors(wrong.error)).toEqual({
      image: 'Image must be an uploaded image or an http(s) link',
      email: 'Enter a valid email address',
    })
  })

  it('refuse unknown fields by name', () => {
    const result = excomMemberInputSchema.safeParse({
      name: 'A',
      designation: 'Chair',
      affiliation: 'U',
      email: 'a@example.org',
      image: 'https://img.example.org/a.png',
      chapterId: 'someone-else',
    })
    if (result.success) throw new Error('expected a failure')
    expect(toFieldErrors(result.error)).toEqual({ chapterId: 'Unknown field' })
  })

  it('read list parameters from a query string', () => {
    const schema = listQuerySchema(['eventDate', 'title'])
    expect(schema.parse({ page: '2', pageSize: '20', sort: '-eventDate' })).toEqual({
      page: 2,
      pageSize: 20,
      sort: '-eventDate',
    })
    expect(schema.safeParse({ pageSize: '101' }).success).toBe(false)
    expect(schema.safeParse({ sort: 'password' }).success).toBe(false)
  })
})

describe('new passwords', () => {
  const account = { name: 'A Chapter', email: 'a@example.org', phone: '01711000000' }
  it.each([
    ['a NUL', 'long enough\u0000pass'],
    ['a bell', "'; DROP TABLE events; --\u0007"],
    ['a line break', 'long enough\npassword'],
  ])('refuse %s, as a keyboard cannot type it', (_label, password) => {
    const result = chapterAccountInputSchema.safeParse({ ...account, password })
    expect(result.success).toBe(false)
    expect(result.error ? toFieldErrors(result.error).password : undefined).toBe(
      'Password must not contain control characters',
    )
  })

  it('take spaces, punctuation and any script', () => {
    expect(chapterAccountInputSchema.safeParse({ ...account, password: 'নতুন পাসওয়ার্ড · 2026!' }).success).toBe(
      true,
    )
  })
})

describe('carriesWebAddress (registration names, decision 091)', () => {
  it('finds links and domains, however written', () => {
    for (const text of [
      'URGENT: verify your bKash PIN at http://evil.example/login',
      'evil.example',
      'bkash.com.bd',
      'see www.evil',
      'x@evil.org',
      'evil．com',
      'hxxp://a',
    ])
      expect(carriesWebAddress(text), text).toBe(true)
  })

  it("lets people's names through: initials, titles, abbreviations, any script", () => {
    for (const name of [
      'Md.Rahim',
      'A.K.M. Fazlul Haque',
      'Dr. Nadia',
      'S.M. Iqbal',
      'John Smith Jr.',
      'José Núñez Ødegård',
      'নাদিয়া রহমান',
    ])
      expect(carriesWebAddress(name), name).toBe(false)
  })
})
