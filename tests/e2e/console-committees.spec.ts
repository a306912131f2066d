import type { Locator, Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import {
  type ApiClient,
  confirmRestore,
  expect,
  expectToast,
  openConsole,
  signIn,
  test,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * The administrator's Committees page (docs/decisions/101-committees-by-year.md): next year's executive
 * committee started from this year's, two people changed, one moved by keyboard, published; a visitor
 * sees it at its URL and in the menu only then. The committee is deleted again, so other specs see the
 * site as it was.
 */

type Member = { name: string; designation: string; group: string }
type Committee = {
  _id: string
  kind: string
  year: number
  title: string
  path: string
  status: string
  groups: { id: string; title: string; featured: boolean }[]
  members: Member[]
}

/** The newest published executive committee, as the API has it now (whatever year that is). */
async function latestExcom(api: ApiClient): Promise<Committee> {
  const { body } = await api.call('GET', '/api/committees')
  const [latest] = (body.committees as Committee[])
    .filter((committee) => committee.kind === 'excom' && committee.status === 'published')
    .sort((a, b) => b.year - a.year)
  if (!latest) throw new Error('no published executive committee')
  return (await api.call('GET', `/api/committees/${latest._id}`)).body.committee
}

/** The members of a group in the editor, in order, as their drag handles name them. */
const handleNames = (list: Locator) =>
  list
    .getByRole('button', { name: /^Move / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')?.slice(5)))

/** The header's menu of the committees: on a phone behind the Menu button. */
async function committeesMenu(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.locator('summary', { hasText: 'Menu' }).click()
    return page.getByRole('navigation', { name: 'Main' }).last()
  }
  const nav = page.getByRole('navigation', { name: 'Main' }).first()
  await nav.getByText('Committees', { exact: true }).click()
  return nav
}

test.describe('committees (admin)', () => {
  // Each test makes the same next year's committee: one after the other.
  test.describe.configure({ mode: 'serial' })

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`starts next year's executive committee from this year's, changes two people, moves one by keyboard and publishes it (${viewport.name})`, async ({
      page,
      adminApi,
      browser,
      baseURL,
    }) => {
      // Two browsers, axe over four screens and three saves: a budget of its own.
      test.setTimeout(180_000)
      const phone = viewport.name === 'phone'
      await page.setViewportSize(viewport)
      const source = await latestExcom(adminApi)
      const year = source.year + 1
      // The group the people change in: the first that is a grid of three or more (not the chair's card).
      const group = source.groups.find(
        (candidate) =>
          !candidate.featured && source.members.filter((member) => member.group === candidate.id).length >= 3,
      )
      if (!group) throw new Error('no group of three or more members')
      const before = source.members.filter((member) => member.group === group.id).map((member) => member.name)
      const [, edited, replaced] = before as [string, string, string]
      const editedTo = `Nadia Rahman ${viewport.name}`
      const added = `Imran Chowdhury ${viewport.name}`
      const replacedDesignation = source.members.find((member) => member.name === replaced)?.designation ?? ''
      // Edited in place; replaced: removed, added at the group's end, then moved up one by keyboard.
      const expected = before
        .filter((name) => name !== replaced)
        .map((name) => (name === edited ? editedTo : name))
      expected.splice(expected.length - 1, 0, added)

      const visitor = await browser.newContext({ baseURL, viewport })
      const visitorPage = await visitor.newPage()
      let createdId: string | undefined
      let trashId: string | undefined
      try {
        await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
        await openConsole(page, '/dashboard/committees')
        await expect(page.getByRole('heading', { name: 'Committees', level: 1 })).toBeVisible()
        const row = page
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: source.title, exact: true }) })
        await expect(row.getByText('Published')).toBeVisible()
        await expectNoAxeViolations(page, `committees list (${viewport.name})`)

        await row.getByRole('button', { name: `Start next year from ${source.title}` }).click()
        const start = page.getByRole('dialog', { name: "Start next year's committee" })
        await expect(start.getByRole('radio', { name: 'Keep the people' })).toBeChecked()
        await expectNoAxeViolations(page, `start next year dialog (${viewport.name})`)
        await start.getByRole('button', { name: `Start ${year}` }).click()

        // The draft is made, then its editor loads: a page of its own, given the time a page takes.
        await expect(page.getByRole('heading', { name: 'Edit Committee', level: 1 })).toBeVisible({
          timeout: 15_000,
        })
        await expect(page).toHaveURL(/\/dashboard\/committees\/[\w-]+$/)
        createdId = new URL(page.url()).pathname.split('/').pop()
        const created: Committee = (await adminApi.call('GET', `/api/committees/${createdId}`)).body.committee
        expect(created).toMatchObject({ kind: 'excom', year, status: 'draft' })
        await expect(page.getByLabel('Title', { exact: true })).toHaveValue(created.title)

        // A draft is not on the site, for a visitor.
        expect((await visitorPage.goto(created.path))?.status()).toBe(404)

        const list = page.getByRole('list', { name: group.title, exact: true })
        // The people were kept.
        expect(await handleNames(list)).toEqual(before)
        await expectNoAxeViolations(page, `committee editor (${viewport.name})`)

        // One person changes: edited in the member dialog.
        await list.getByRole('button', { name: `Edit ${edited}`, exact: true }).click()
        const dialog = page.getByRole('dialog', { name: `Edit ${edited}`, exact: true })
        await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(edited)
        await expectNoAxeViolations(page, `member dialog (${viewport.name})`)
        await dialog.getByLabel('LinkedIn', { exact: true }).fill('http://example.org')
        await dialog.getByRole('button', { name: 'Update member' }).click()
        // The member schema of the API, in the form.
        await expect(dialog.getByText('Enter an https:// address')).toBeVisible()
        await dialog.getByLabel('LinkedIn', { exact: true }).fill('')
        await dialog.getByLabel('Name', { exact: true }).fill(editedTo)
        await dialog.getByRole('button', { name: 'Update member' }).click()
        await expect(dialog).toBeHidden()
        await expect(list.getByRole('button', { name: `Edit ${editedTo}`, exact: true })).toBeFocused()

        // Another is replaced: removed, and a new member added with the same designation.
        await list.getByRole('button', { name: `Remove ${replaced}`, exact: true }).click()
        await expect(list.getByRole('button', { name: `Move ${replaced}`, exact: true })).toHaveCount(0)
        await page.getByRole('button', { name: `Add a member to ${group.title}` }).click()
        const add = page.getByRole('dialog', { name: 'Add a member' })
        await add.getByRole('button', { name: 'Add member' }).click()
        await expect(add.getByText('Enter the designation')).toBeVisible()
        await add.getByLabel('Name', { exact: true }).fill(added)
        await add.getByLabel('Designation', { exact: true }).fill(replacedDesignation)
        await add.getByRole('button', { name: 'Add an email' }).click()
        await add.getByLabel('Email 1', { exact: true }).fill('imran.chowdhury@example.org')
        await add.getByRole('button', { name: 'Add member' }).click()
        await expect(add).toBeHidden()

        // The new member moves up one place, by keyboard: Space picks it up, the arrow moves it, Space drops it.
        const handle = list.getByRole('button', { name: `Move ${added}`, exact: true })
        await handle.focus()
        await page.keyboard.press('Space')
        // Picked up (the announcement that says so is followed at once by where it is over).
        await expect(handle).toHaveAttribute('aria-pressed', 'true')
        await page.keyboard.press('ArrowUp')
        await expect(page.getByText(`${added} is over place ${expected.length - 1} of`)).toBeAttached()
        await page.keyboard.press('Space')
        await expect(page.getByText(`${added} dropped at place ${expected.length - 1} of`)).toBeAttached()
        await expect.poll(() => handleNames(list)).toEqual(expected)
        await expect(handle).toBeFocused()

        // Still a draft for the visitor until it is published.
        await page.getByRole('button', { name: 'Publish' }).click()
        await expectToast(page, 'Committee published')
        await expect(page.getByRole('link', { name: `View page ${created.path}` })).toBeVisible()
        await expect(page.getByRole('heading', { name: 'Revisions' })).toBeVisible()
        await expect(page.getByText('Revision 2')).toBeVisible()

        expect((await visitorPage.goto(created.path))?.status()).toBe(200)
        await expect(visitorPage.getByRole('heading', { name: created.title, level: 1 })).toBeVisible()
        await expect(
          visitorPage.getByRole('region', { name: group.title, exact: true }).locator('article h3'),
        ).toHaveText(expected)
        const menu = await committeesMenu(visitorPage, phone)
        const excomLinks = menu.getByRole('link', { name: /^Executive Committee \d{4}$/ })
        // Newest first.
        await expect(excomLinks.first()).toHaveText(`Executive Committee ${year}`)
        await expect(excomLinks.first()).toHaveAttribute('href', created.path)

        // Back in the list, a published committee of next year; its delete goes to the trash.
        await page.getByRole('main').getByRole('link', { name: 'Committees', exact: true }).click()
        const createdRow = page
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: created.title, exact: true }) })
        await expect(createdRow.getByRole('link', { name: created.path })).toBeVisible()
        const deleted = page.waitForResponse(
          (response) =>
            response.url().endsWith(`/api/committees/${createdId}`) &&
            response.request().method() === 'DELETE',
        )
        await createdRow.getByRole('button', { name: `Delete ${created.title}` }).click()
        await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click()
        trashId = (await (await deleted).json()).trashId
        await expectToast(page, 'Committee deleted')
        await expect(createdRow).toHaveCount(0)
        createdId = undefined
        expect((await visitorPage.goto(created.path))?.status()).toBe(404)
      } finally {
        await visitor.close()
        await page.goto('about:blank')
        if (createdId) trashId = (await adminApi.call('DELETE', `/api/committees/${createdId}`)).body?.trashId
        if (trashId) await adminApi.call('DELETE', `/api/trash/${trashId}`)
      }
    })
  }

  test('a committee goes back to a revision: to its draft (a 404 to visitors), then to its published one', async ({
    page,
    adminApi,
    browser,
    baseURL,
  }) => {
    // Two browsers and two restores: more than a page or two.
    test.slow()
    const source = await latestExcom(adminApi)
    const made = await adminApi.call('POST', '/api/committees', {
      kind: 'excom',
      year: source.year + 1,
      copyFrom: source._id,
      keepPeople: true,
    })
    expect(made.status).toBe(201)
    const draft: Committee & { intro: unknown } = made.body.committee
    let trashId: string | undefined
    const visitor = await browser.newContext({ baseURL })
    const visitorPage = await visitor.newPage()
    try {
      const { title, intro, groups, members } = draft
      const published = await adminApi.call('PUT', `/api/committees/${draft._id}`, {
        title,
        intro,
        groups,
        members,
        status: 'published',
      })
      expect(published.status).toBe(200)
      expect((await visitorPage.goto(draft.path))?.status()).toBe(200)

      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await openConsole(page, `/dashboard/committees/${draft._id}`)
      const viewPage = page.getByRole('link', { name: `View page ${draft.path}` })
      await expect(viewPage).toBeVisible()
      await page.getByRole('button', { name: 'Restore revision 1' }).click()
      await confirmRestore(page, 1)
      await expect(page.getByRole('listitem').filter({ hasText: 'current' })).toContainText('Revision 3')
      await expect(viewPage).toHaveCount(0)
      expect((await visitorPage.goto(draft.path))?.status()).toBe(404)

      await page.getByRole('button', { name: 'Restore revision 2' }).click()
      await confirmRestore(page, 2)
      await expect(viewPage).toBeVisible()
      expect((await visitorPage.goto(draft.path))?.status()).toBe(200)
      await expect(visitorPage.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    } finally {
      await visitor.close()
      await page.goto('about:blank')
      trashId = (await adminApi.call('DELETE', `/api/committees/${draft._id}`)).body?.trashId
      if (trashId) await adminApi.call('DELETE', `/api/trash/${trashId}`)
    }
  })
})
