import {
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  pngFile,
  signIn,
  test,
} from './console-fixtures'

test.describe('executive committee (chapter)', () => {
  test('adds a member with a photo, edits it in the dialog and on its page, and deletes it', async ({
    page,
    chapter,
  }) => {
    test.slow()
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/excom')
    await expect(page.getByText('No members yet')).toBeVisible()
    await page.getByRole('link', { name: 'Add New Excom' }).last().click()
    await expect(page.getByRole('heading', { name: 'Add New Excom' })).toBeVisible()
    await page.getByRole('button', { name: 'Add Member' }).click()
    await expect(page.getByText('Member name is required')).toBeVisible()
    // A photo is optional: without one the cards show the initials.
    await expect(page.getByText('Image is required')).toHaveCount(0)

    await page.getByLabel('Member Name').fill('Nadia Rahman')
    await page.getByLabel('Designation').fill('Chair')
    await page.getByLabel('Affiliation').fill('Dept. of CSE, University of Dhaka')
    await page.getByLabel('Email').fill('nadia@example.org')
    await page.getByLabel('Image').setInputFiles(await pngFile('nadia.png', '#f59e0b'))
    await expect(page.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', /^\/uploads\//)
    await page.getByRole('button', { name: 'Add Member' }).click()
    await expectToast(page, 'Member added successfully')
    await expect(page).toHaveURL(/\/dashboard\/excom$/)

    const card = page.getByRole('listitem').filter({ hasText: 'Nadia Rahman' })
    await expect(card).toContainText('Chair')
    await expect(card).toContainText('Dept. of CSE, University of Dhaka')
    await expect(card.getByRole('link', { name: 'nadia@example.org' })).toHaveAttribute(
      'href',
      'mailto:nadia@example.org',
    )
    const photo = await card.getByRole('img', { name: 'Nadia Rahman' }).getAttribute('src')
    expect(photo).toMatch(/^\/uploads\//)

    // Edit in the dialog: the photo stays (docs/decisions/018-edit-forms-keep-images.md); focus returns to Edit.
    const edit = card.getByRole('button', { name: 'Edit Nadia Rahman' })
    await edit.click()
    const dialog = page.getByRole('dialog', { name: 'Edit Member' })
    await expect(dialog.getByLabel('Member Name')).toHaveValue('Nadia Rahman')
    await expect(dialog.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', photo ?? '')
    await dialog.getByLabel('Designation').fill('Vice Chair (Technical)')
    await dialog.getByRole('button', { name: 'Update Member' }).click()
    await expectToast(page, 'Member updated successfully')
    await expect(dialog).toBeHidden()
    await expect(card).toContainText('Vice Chair (Technical)')
    await expect(edit).toBeFocused()
    await expect(card.getByRole('img', { name: 'Nadia Rahman' })).toHaveAttribute('src', photo ?? '')

    // The same form as a page.
    const id = (await chapter.api.call('GET', '/api/excom')).body.excoms[0]._id
    await openConsole(page, `/dashboard/excom/edit-excom/${id}`)
    await expect(page.getByRole('heading', { name: 'Edit Member' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/dashboard/excom')
    await page.getByLabel('Affiliation').fill('Padma University')
    await page.getByRole('button', { name: 'Update Member' }).click()
    await expectToast(page, 'Member updated successfully')
    await expect(page).toHaveURL(/\/dashboard\/excom$/)
    await expect(card).toContainText('Padma University')

    await card.getByRole('button', { name: 'Delete Nadia Rahman' }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('Nadia Rahman')
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(card).toBeVisible()
    await card.getByRole('button', { name: 'Delete Nadia Rahman' }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Member deleted successfully')
    await expect(page.getByText('No members yet')).toBeVisible()
  })

  test('a refused upload shows the server message and keeps what was typed', async ({
    page,
    chapter,
    consoleErrors,
  }) => {
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/excom/add-new-excom')
    await page.getByLabel('Member Name').fill('Tanvir Hossain')
    await page.getByLabel('Image').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image at all'),
    })
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible()
    await expect(page.getByLabel('Member Name')).toHaveValue('Tanvir Hossain')
    await expect(page.getByText('No image')).toBeVisible()
    await forgiveFailedRequests(consoleErrors, '/api/uploads', 415)
  })
})
