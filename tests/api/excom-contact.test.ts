import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, signIn, validMember } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
let token: string
let adminToken: string
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { name: 'Excom Chapter', email: 'excom@example.org' })
  await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'excom-admin@example.org' })
  token = (await signIn(app, 'excom@example.org')).token
  adminToken = (await signIn(app, 'excom-admin@example.org')).token
})
afterAll(() => app.close())

describe('excom members (/api/excom)', () => {
  it('GET lists own members in the order added as { success, excoms, total }', async () => {
    expect((await call(app, 'GET', '/api/excom', { token })).body).toEqual({
      success: true,
      excoms: [],
      total: 0,
    })
    for (const name of ['Zara', 'adnan', 'Mina'])
      await call(app, 'POST', '/api/excom', { token, json: validMember({ name }) })
    const answer = await call(app, 'GET', '/api/excom', { token })
    expect(answer.body.excoms.map((member: { name: string }) => member.name)).toEqual([
      'Zara',
      'adnan',
      'Mina',
    ])
    expect(answer.body.total).toBe(3)
    const sorted = await call(app, 'GET', '/api/excom?sort=name&page=1&pageSize=2', { token })
    expect(sorted.body).toMatchObject({ total: 3, excoms: [{ name: 'adnan' }, { name: 'Mina' }] })
    expect((await call(app, 'GET', '/api/excom?q=ZAR', { token })).body).toMatchObject({
      total: 1,
      excoms: [{ name: 'Zara' }],
    })
  })

  it('POST, GET /member/:id, PUT and DELETE one member', async () => {
    const input = validMember({
      name: `<svg onload=alert(1)>`,
      affiliation: `1'; DROP TABLE excom_members; --`,
    })
    const created = await call(app, 'POST', '/api/excom', { token, json: input })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      success: true,
      message: 'Member added',
      member: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...input },
    })
    const id = created.body.member._id
    expect((await call(app, 'GET', `/api/excom/member/${id}`, { token })).body).toEqual({
      success: true,
      member: created.body.member,
    })
    const changes = validMember({
      name: 'Renamed',
      designation: 'Secretary',
      image: '/uploads/abcdef0123456789.webp',
    })
    const updated = await call(app, 'PUT', `/api/excom/${id}`, { token, json: changes })
    expect(updated.body).toEqual({
      success: true,
      message: 'Member updated',
      member: { _id: id, ...changes },
    })
    const deleted = await call(app, 'DELETE', `/api/excom/${id}`, { token })
    expect(deleted.body).toMatchObject({ success: true, message: 'Member deleted' })
    expect((await call(app, 'GET', `/api/excom/member/${id}`, { token })).status).toBe(404)
  })
})

describe('a member without a photo or an email', () => {
  it('is added and changed with image and email empty or left out; a wrong one is still refused', async () => {
    const { image: _, email: __, ...required } = validMember({ name: 'No Photo' })
    const created = await call(app, 'POST', '/api/excom', { token, json: required })
    expect(created).toMatchObject({ status: 201, body: { member: { ...required, image: '', email: '' } } })
    const id = created.body.member._id
    const emptied = await call(app, 'PUT', `/api/excom/${id}`, {
      token,
      json: { ...required, image: ' ', email: '' },
    })
    expect(emptied.body.member).toMatchObject({ image: '', email: '' })
    const landing = await call(app, 'GET', '/api/chapters/excom-chapter')
    expect(landing.body.excom).toContainEqual(
      expect.objectContaining({ name: 'No Photo', image: '', email: '' }),
    )
    const wrong = await call(app, 'PUT', `/api/excom/${id}`, {
      token,
      json: { ...required, image: 'javascript:alert(1)', email: 'not an address' },
    })
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        errors: {
          image: 'Image must be an uploaded image or an http(s) link',
          email: 'Enter a valid email address',
        },
      },
    })
  })
})

describe('contact messages (/api/contact)', () => {
  it('anyone sends one: 201 { success, message }', async () => {
    const input = { name: 'Visitor <b>', email: 'visitor@example.org', message: `Hi!\n' OR '1'='1` }
    const answer = await call(app, 'POST', '/api/contact', { json: input })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      success: true,
      message: 'Message sent successfully',
      contact: { _id: expect.any(String), ...input, receivedAt: expect.any(String), read: false },
    })
  })

  it('an administrator lists them newest first as { success, contacts, total } and marks them read and unread', async () => {
    await call(app, 'POST', '/api/contact', {
      json: { name: 'Later', email: 'later@example.org', message: 'Second' },
    })
    const list = await call(app, 'GET', '/api/contact', { token: adminToken })
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(2)
    expect(list.body.contacts.map((contact: { name: string }) => contact.name)).toEqual([
      'Later',
      'Visitor <b>',
    ])
    const id = list.body.contacts[1]._id
    const read = await call(app, 'PATCH', `/api/contact/${id}`, { token: adminToken, json: { read: true } })
    expect(read.body).toMatchObject({
      success: true,
      message: 'Marked as read',
      contact: { _id: id, read: true },
    })
    const unread = await call(app, 'PATCH', `/api/contact/${id}`, {
      token: adminToken,
      json: { read: false },
    })
    expect(unread.body.contact.read).toBe(false)
    expect(
      (
        await call(app, 'PATCH', `/api/contact/${'0'.repeat(24)}`, {
          token: adminToken,
          json: { read: true },
        })
      ).status,
    ).toBe(404)
    const searched = await call(app, 'GET', '/api/contact?q=second&sort=name', { token: adminToken })
    expect(searched.body).toMatchObject({ total: 1, contacts: [{ name: 'Later' }] })
  })
})
