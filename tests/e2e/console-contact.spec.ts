import fs from 'node:fs'
import { expect, expectToast, openConsole, signIn, test, unique } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

test.describe('contact messages (administrator)', () => {
  test('a row opens the whole message and marks it read; it can be marked unread again', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow()
    const sender = unique('Nusrat Visitor')
    const message = `Hello from ${sender}.\n\nCould the chapter host a workshop on compilers? ${'We would bring twenty students. '.repeat(4)}`
    const visitor = await playwright.request.newContext({ baseURL })
    const sent = await visitor.post('/api/contact', {
      data: { name: sender, email: 'nusrat@example.org', message },
    })
    expect(sent.status()).toBe(201)
    await visitor.dispose()

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard/contact-list')
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(sender)
    const row = page.getByRole('row').filter({ hasText: sender })
    await expect(page.locator('tbody tr')).toHaveCount(1)
    const status = row.getByRole('cell').nth(5)
    await expect(status).toHaveText('New')
    await expect(row).toContainText('…')

    await row.getByRole('cell').nth(3).click()
    const dialog = page.getByRole('dialog', { name: `Message from ${sender}` })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Could the chapter host a workshop on compilers?')
    await expect(dialog).toContainText('nusrat@example.org')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(status).toHaveText('Read')

    await row.getByRole('button', { name: `Mark unread: message from ${sender}` }).click()
    await expectToast(page, 'Marked as unread')
    await expect(status).toHaveText('New')

    // The keyboard way in: the name is a button; focus comes back to it.
    const open = row.getByRole('button', { name: new RegExp(`^${sender}`) })
    await open.focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Mark as unread' }).click()
    await expect(dialog).toBeHidden()
    await expect(status).toHaveText('New')
    await expect(open).toBeFocused()
  })

  test('sorts, searches and exports the current view as CSV without formulas', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow()
    const token = unique('csvcheck')
    const visitor = await playwright.request.newContext({ baseURL })
    for (const [name, text] of [
      [`Bela ${token}`, '=HYPERLINK("http://evil.example","click")'],
      [`Asha ${token}`, 'A plain "quoted" question, with a comma.'],
    ]) {
      await visitor.post('/api/contact', { data: { name, email: 'sender@example.org', message: text } })
    }
    await visitor.dispose()

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard/contact-list')
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(token)
    const rows = page.locator('tbody tr')
    await expect(rows).toHaveCount(2)
    const nameHeader = page.getByRole('columnheader', { name: /Name/ })
    await nameHeader.getByRole('button').click()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(rows.first()).toContainText(`Asha ${token}`)
    await page.reload()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(rows.first()).toContainText(`Asha ${token}`)

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = fs.readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe('"Name","Email","Message","Received","Status","Assigned to"')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(
      `"Asha ${token}","sender@example.org","A plain ""quoted"" question, with a comma."`,
    )
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    await expectToast(page, 'Exported 2 messages')
  })
})
