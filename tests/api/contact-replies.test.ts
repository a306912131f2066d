import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { site } from '#content/site'
import { createContactMessage } from '#db/queries/contact.server'
import { outboxMails } from '#db/schema'
import { type Account, addAccount, call, signIn, unique } from '../support/api'
import { closedPort, recipientOf, startSmtpServer, type TestSmtpServer, until } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The inbox closes the loop: a reply from the console goes to the sender through the outbox and a real
 * SMTP server on loopback (From MAIL_FROM, Reply-To the chapter, the original quoted), the message shows it
 * was answered, by whom and when; messages are assigned to administrators; the list filters by status and
 * assignee. Spam has its own test file (contact-spam.test.ts).
 */

let smtp: TestSmtpServer
let app: TestApp
let one: Account
let two: Account
let retired: Account
let officer: Account
const tokens: Record<'one' | 'two' | 'officer', string> = { one: '', two: '', officer: '' }

const MAIL_FROM = 'Chapter website <site@example.org>'

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startTestApp({
    env: { RATE_LIMIT_SCALE: '100', SMTP_URL: smtp.url, MAIL_FROM },
    outbox: { retryDelayMs: () => 150 },
  })
  one = await addAccount(app.db, { role: 'admin', name: 'Admin One', email: 'reply-one@example.org' })
  two = await addAccount(app.db, { role: 'admin', name: 'Admin Two', email: 'reply-two@example.org' })
  retired = await addAccount(app.db, { role: 'admin', name: 'Retired', email: 'reply-retired@example.org' })
  officer = await addAccount(app.db, { name: 'Reply Chapter', email: 'reply-chapter@example.org' })
  tokens.one = (await signIn(app, one.email)).token
  tokens.two = (await signIn(app, two.email)).token
  tokens.officer = (await signIn(app, officer.email)).token
  const disabled = await call(app, 'PATCH', `/api/people/${retired.id}`, {
    token: tokens.one,
    json: { disabled: true },
  })
  expect(disabled.status).toBe(200)
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

/** A message as a visitor sends it (the notices to the administrators are mailed too). */
async function visitorMessage(text: string, name = 'Farhan Ahmed', email = 'farhan@example.net') {
  const sent = await call(app, 'POST', '/api/contact', { json: { name, email, message: text } })
  expect(sent.status).toBe(201)
  return sent.body.contact._id as string
}

/** Reply mails the outbox holds, sent or not. */
const replyMails = () =>
  app.db.select().from(outboxMails).where(eq(outboxMails.kind, 'contact-reply')).all().length

const list = async (query: string, token = tokens.one) => {
  const answer = await call(app, 'GET', `/api/contact?${query}`, { token })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.contacts as { _id: string; status: string; assignee: unknown }[]
}

describe('POST /api/contact/:id/reply', () => {
  it('Reply-To is the contact address the Site page saved, not the one content/ was seeded with', async () => {
    const texts = (await call(app, 'GET', '/api/site')).body.site
    const moved = { ...texts, contact: { ...texts.contact, email: 'new-office@example.org' } }
    expect((await call(app, 'PUT', '/api/site', { token: tokens.one, json: moved })).status).toBe(200)
    try {
      const tag = unique('moved')
      const id = await visitorMessage(`Where do we write now? ${tag}`)
      const answer = await call(app, 'POST', `/api/contact/${id}/reply`, {
        token: tokens.one,
        json: { text: `To our new address. ${tag}` },
      })
      expect(answer.status).toBe(201)
      const mail = await smtp.waitFor(
        (received) => received.text?.includes(`To our new address. ${tag}`) === true,
      )
      expect(mail.replyTo?.value).toEqual([{ address: 'new-office@example.org', name: '' }])
      expect(mail.text).toContain('\nnew-office@example.org\n')
    } finally {
      await call(app, 'PUT', '/api/site', { token: tokens.one, json: texts })
    }
  })

  it('mails the reply to the sender from MAIL_FROM, Reply-To the chapter, with the message quoted', async () => {
    const tag = unique('reply')
    const id = await visitorMessage(`Can our club join? ${tag}\nThanks`)
    const answer = await call(app, 'POST', `/api/contact/${id}/reply`, {
      token: tokens.one,
      json: { text: `Yes, of course.\nCome on Friday. ${tag}` },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Reply on its way',
      reply: {
        text: `Yes, of course.\nCome on Friday. ${tag}`,
        author: { _id: one.id, name: 'Admin One' },
        delivery: expect.stringMatching(/^(pending|sent)$/),
      },
      contact: { _id: id, status: 'replied', read: true, repliedAt: expect.any(String) },
    })

    const mail = await smtp.waitFor(
      (received) => received.subject?.startsWith('Re:') === true && received.text?.includes(tag) === true,
    )
    expect(recipientOf(mail)).toBe('farhan@example.net')
    expect(mail.from?.value).toEqual([{ address: 'site@example.org', name: 'Chapter website' }])
    expect(mail.replyTo?.value).toEqual([{ address: site.contact.email, name: '' }])
    expect(mail.subject).toBe(`Re: your message to ${site.chapterName}`)
    const text = mail.text ?? ''
    // The reply first, then the chapter's signature, then the original, quoted line by line.
    expect(text.indexOf(`Come on Friday. ${tag}`)).toBeLessThan(text.indexOf('wrote:'))
    expect(text).toContain(`${site.chapterName}\n${site.contact.email}`)
    expect(text).toMatch(/On \d{1,2} \w{3} \d{4}, \d{2}:\d{2}, Farhan Ahmed wrote:\n/)
    expect(text).toContain(`> Can our club join? ${tag}\n> Thanks`)

    // The thread: the reply, its author, and its mail delivered.
    const detail = await until(
      async () => (await call(app, 'GET', `/api/contact/${id}`, { token: tokens.two })).body,
      (body) => body.replies?.[0]?.delivery === 'sent',
    )
    expect(detail.contact).toMatchObject({ status: 'replied', repliedAt: answer.body.contact.repliedAt })
    expect(detail.replies).toEqual([
      {
        _id: answer.body.reply._id,
        text: `Yes, of course.\nCome on Friday. ${tag}`,
        createdAt: answer.body.contact.repliedAt,
        author: { _id: one.id, name: 'Admin One' },
        delivery: 'sent',
        deliveryError: null,
      },
    ])
    expect((await list('status=replied')).map((message) => message._id)).toContain(id)
    expect((await list('status=read')).map((message) => message._id)).not.toContain(id)

    // The activity log names who replied to which message, and to whom.
    const log = await call(app, 'GET', `/api/activity?action=reply&item=${id}`, { token: tokens.one })
    expect(log.body.entries).toMatchObject([
      {
        actor: 'Admin One',
        action: 'reply',
        type: 'message',
        itemTitle: 'Message from Farhan Ahmed',
        details: { to: 'farhan@example.net', text: `Yes, of course.\nCome on Friday. ${tag}` },
      },
    ])
  })

  it('a second reply joins the thread, oldest first', async () => {
    const id = await visitorMessage(unique('two replies'))
    for (const [token, text] of [
      [tokens.one, 'First answer'],
      [tokens.two, 'Second answer'],
    ] as const) {
      const answer = await call(app, 'POST', `/api/contact/${id}/reply`, { token, json: { text } })
      expect(answer.status).toBe(201)
    }
    const detail = await call(app, 'GET', `/api/contact/${id}`, { token: tokens.one })
    expect(
      detail.body.replies.map((reply: { text: string; author: { name: string } }) => [
        reply.author.name,
        reply.text,
      ]),
    ).toEqual([
      ['Admin One', 'First answer'],
      ['Admin Two', 'Second answer'],
    ])
  })

  it.each([
    [{}, 'text'],
    [{ text: '   ' }, 'text'],
    [{ text: 'x'.repeat(5_001) }, 'text'],
    [{ text: 'Hello\u0000' }, 'text'],
    [{ text: 42 }, 'text'],
    [{ text: 'Hello', to: 'someone@example.org' }, 'to'],
  ])('refuses %j with a 400 naming %s, and sends nothing', async (json, field) => {
    const id = await visitorMessage(unique('refused reply'))
    const before = replyMails()
    const answer = await call(app, 'POST', `/api/contact/${id}/reply`, { token: tokens.one, json })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false, errors: { [field]: expect.any(String) } })
    const detail = await call(app, 'GET', `/api/contact/${id}`, { token: tokens.one })
    expect(detail.body.replies).toEqual([])
    expect(detail.body.contact.status).not.toBe('replied')
    expect(replyMails()).toBe(before)
  })

  it('an unknown message is a 404; a message in the spam is a 409 until it is marked not spam', async () => {
    const missing = await call(app, 'POST', `/api/contact/${'e'.repeat(24)}/reply`, {
      token: tokens.one,
      json: { text: 'Hello' },
    })
    expect(missing.status).toBe(404)
    const spam = createContactMessage(app.db, {
      name: 'Bot',
      email: 'bot@example.net',
      message: 'Cheap pills',
      spamReason: 'honeypot',
    })
    const refused = await call(app, 'POST', `/api/contact/${spam.id}/reply`, {
      token: tokens.one,
      json: { text: 'Hello' },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/not spam/)
  })

  it('without a mail server a reply is refused with 409 and nothing is stored', async () => {
    const plain = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
    try {
      await addAccount(plain.db, { role: 'admin', name: 'Plain Admin', email: 'plain@example.org' })
      const token = (await signIn(plain, 'plain@example.org')).token
      const message = createContactMessage(plain.db, { name: 'V', email: 'v@example.org', message: 'Hi' })
      const answer = await call(plain, 'POST', `/api/contact/${message.id}/reply`, {
        token,
        json: { text: 'Hello' },
      })
      expect(answer.status).toBe(409)
      expect(answer.body.message).toMatch(/SMTP_URL/)
      const detail = await call(plain, 'GET', `/api/contact/${message.id}`, { token })
      expect(detail.body).toMatchObject({ replies: [], contact: { status: 'new' } })
    } finally {
      await plain.close()
    }
  })

  it('a reply whose mail cannot go is kept, retried, and shown as not sent with the error', async () => {
    const down = await startTestApp({
      env: { RATE_LIMIT_SCALE: '100', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_FROM },
      outbox: { retryDelayMs: () => 100, maxAttempts: 2 },
    })
    try {
      await addAccount(down.db, { role: 'admin', name: 'Down Admin', email: 'down@example.org' })
      const token = (await signIn(down, 'down@example.org')).token
      const message = createContactMessage(down.db, { name: 'V', email: 'v@example.org', message: 'Hi' })
      const answer = await call(down, 'POST', `/api/contact/${message.id}/reply`, {
        token,
        json: { text: 'Kept whatever happens' },
      })
      expect(answer.status).toBe(201)
      const detail = await until(
        async () => (await call(down, 'GET', `/api/contact/${message.id}`, { token })).body,
        (body) => body.replies?.[0]?.delivery === 'failed',
      )
      expect(detail.replies[0]).toMatchObject({
        text: 'Kept whatever happens',
        delivery: 'failed',
        deliveryError: expect.stringMatching(/ECONNREFUSED|connect/i),
      })
    } finally {
      await down.close()
    }
  })
})

describe('a replied message in the trash', () => {
  it('takes its replies along and brings them back on restore', async () => {
    const id = await visitorMessage(unique('trashed thread'))
    await call(app, 'POST', `/api/contact/${id}/reply`, {
      token: tokens.one,
      json: { text: 'Kept in the trash' },
    })
    const deleted = await call(app, 'DELETE', `/api/contact/${id}`, { token: tokens.one })
    expect(deleted.status).toBe(200)
    expect((await call(app, 'GET', `/api/contact/${id}`, { token: tokens.one })).status).toBe(404)
    const restored = await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, {
      token: tokens.one,
    })
    expect(restored.status).toBe(200)
    const detail = await call(app, 'GET', `/api/contact/${id}`, { token: tokens.one })
    expect(detail.body).toMatchObject({
      contact: { status: 'replied' },
      replies: [{ text: 'Kept in the trash', author: { name: 'Admin One' } }],
    })
  })
})

describe('assigning a message: PATCH /api/contact/:id { assigneeId }', () => {
  it('assigns to an administrator, filters by assignee (me, none, an id), unassigns; each change logged', async () => {
    const id = await visitorMessage(unique('assign me'))
    const assigned = await call(app, 'PATCH', `/api/contact/${id}`, {
      token: tokens.one,
      json: { assigneeId: two.id },
    })
    expect(assigned.body).toMatchObject({
      success: true,
      message: 'Assigned to Admin Two',
      contact: { _id: id, assignee: { _id: two.id, name: 'Admin Two' } },
    })
    expect((await list(`assignee=${two.id}`)).map((message) => message._id)).toContain(id)
    expect((await list('assignee=me', tokens.two)).map((message) => message._id)).toContain(id)
    expect((await list('assignee=me', tokens.one)).map((message) => message._id)).not.toContain(id)
    expect((await list('assignee=none')).map((message) => message._id)).not.toContain(id)
    expect((await list(`assignee=${two.id}&status=new`)).map((message) => message._id)).toContain(id)

    const unassigned = await call(app, 'PATCH', `/api/contact/${id}`, {
      token: tokens.two,
      json: { assigneeId: null },
    })
    expect(unassigned.body).toMatchObject({ message: 'Assigned to nobody', contact: { assignee: null } })
    expect((await list('assignee=none')).map((message) => message._id)).toContain(id)

    const log = await call(app, 'GET', `/api/activity?action=assign&item=${id}`, { token: tokens.one })
    expect(log.body.entries).toMatchObject([
      { actor: 'Admin Two', details: { assignee: ['Admin Two', null] } },
      { actor: 'Admin One', details: { assignee: [null, 'Admin Two'] } },
    ])
  })

  it('refuses an officer, a disabled administrator, an unknown person or a bad id (400 on assigneeId)', async () => {
    const id = await visitorMessage(unique('assign refused'))
    for (const assigneeId of [officer.personId, retired.id, 'e'.repeat(24), 'not-an-id', 42]) {
      const answer = await call(app, 'PATCH', `/api/contact/${id}`, {
        token: tokens.one,
        json: { assigneeId },
      })
      expect(answer.status, String(assigneeId)).toBe(400)
      expect(answer.body.errors).toHaveProperty('assigneeId')
    }
    const empty = await call(app, 'PATCH', `/api/contact/${id}`, { token: tokens.one, json: {} })
    expect(empty.status).toBe(400)
    const detail = await call(app, 'GET', `/api/contact/${id}`, { token: tokens.one })
    expect(detail.body.contact.assignee).toBeNull()
  })

  it('an administrator who is removed leaves their messages to nobody', async () => {
    const leaving = await addAccount(app.db, {
      role: 'admin',
      name: 'Leaving Admin',
      email: `${unique('leaving')}@example.org`,
    })
    const id = await visitorMessage(unique('orphaned'))
    await call(app, 'PATCH', `/api/contact/${id}`, { token: tokens.one, json: { assigneeId: leaving.id } })
    const removed = await call(app, 'DELETE', `/api/people/${leaving.id}`, { token: tokens.one })
    expect(removed.status).toBe(200)
    const detail = await call(app, 'GET', `/api/contact/${id}`, { token: tokens.one })
    expect(detail.body.contact.assignee).toBeNull()
    expect((await list('assignee=none')).map((message) => message._id)).toContain(id)
  })

  it('refuses ?assignee= other than me, none or an id', async () => {
    for (const query of ['assignee=everyone', 'assignee=', `assignee=${'x'.repeat(24)}`]) {
      const answer = await call(app, 'GET', `/api/contact?${query}`, { token: tokens.one })
      expect(answer.status, query).toBe(400)
      expect(answer.body.errors).toHaveProperty('assignee')
    }
  })
})

describe('GET /api/contact?status=: new, read, replied, spam', () => {
  it('each message is in exactly one status; all is the inbox without spam; unread is new or replied-and-unread', async () => {
    const tag = unique('statuses')
    const make = (name: string, fields: { read?: boolean; spamReason?: 'too-fast' }) =>
      createContactMessage(app.db, { name, email: 's@example.org', message: tag, ...fields }).id
    const fresh = make('Fresh', {})
    const opened = make('Opened', { read: true })
    const caught = make('Caught', { spamReason: 'too-fast' })
    const answered = await visitorMessage(tag, 'Answered')
    await call(app, 'POST', `/api/contact/${answered}/reply`, { token: tokens.one, json: { text: 'Done' } })
    // Replied, then marked unread again: still replied, and unread.
    await call(app, 'PATCH', `/api/contact/${answered}`, { token: tokens.one, json: { read: false } })

    const ids = async (status: string) =>
      (await list(`search=${tag}&status=${status}`)).map((message) => message._id).sort()
    expect(await ids('new')).toEqual([fresh])
    expect(await ids('read')).toEqual([opened])
    expect(await ids('replied')).toEqual([answered])
    expect(await ids('spam')).toEqual([caught])
    expect(await ids('unread')).toEqual([fresh, answered].sort())
    expect(await ids('all')).toEqual([fresh, opened, answered].sort())
    expect((await list(`search=${tag}`)).map((message) => message._id).sort()).toEqual(
      [fresh, opened, answered].sort(),
    )
    const statuses = Object.fromEntries(
      (await list(`search=${tag}&status=spam`))
        .concat(await list(`search=${tag}`))
        .map((message) => [message._id, message.status]),
    )
    expect(statuses).toEqual({ [fresh]: 'new', [opened]: 'read', [answered]: 'replied', [caught]: 'spam' })
  })
})

describe('who may', () => {
  it('reply and assign: administrators only (anonymous 401, an officer 403), and nothing changes', async () => {
    const id = await visitorMessage(unique('who may'))
    for (const [method, path, json] of [
      ['POST', `/api/contact/${id}/reply`, { text: 'Hi' }],
      ['PATCH', `/api/contact/${id}`, { assigneeId: one.id }],
    ] as const) {
      expect((await call(app, method, path, { json })).status).toBe(401)
      expect((await call(app, method, path, { json, token: tokens.officer })).status).toBe(403)
    }
    const detail = await call(app, 'GET', `/api/contact/${id}`, { token: tokens.one })
    expect(detail.body).toMatchObject({ replies: [], contact: { assignee: null, status: 'new' } })
  })
})
