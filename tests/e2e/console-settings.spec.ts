import {
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  pngFile,
  signIn,
  test,
} from './console-fixtures'

test.describe('settings (chapter)', () => {
  test('saves the chapter info the first time, then updates it', async ({ page, chapter, baseURL }) => {
    test.slow()
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/settings')
    const save = page.getByRole('button', { name: 'Save Chapter Info' })
    await save.click()
    await expect(page.getByText('Chapter logo is required')).toBeVisible()
    await expect(page.getByText('About chapter is required')).toBeVisible()
    await expect(page.getByLabel('About Chapter')).toHaveAttribute('rows', '10')

    await page.getByLabel('Chapter Logo').setInputFiles(await pngFile('logo.png', '#004e85'))
    await expect(page.getByRole('img', { name: 'Chapter Logo preview' })).toHaveAttribute(
      'src',
      /^\/uploads\//,
    )
    await page.getByLabel('Short Description').fill('Students who build things.')
    await page.getByLabel('Website URL').fill('not a url')
    await page.getByLabel('Facebook Page URL').fill('https://www.facebook.com/our-chapter')
    await page.getByLabel('LinkedIn Page URL').fill('https://www.linkedin.com/company/our-chapter')
    await page.getByLabel('About Chapter').fill('We meet every Thursday.')
    await save.click()
    await expect(page.getByText('Website URL must be a link starting with http:// or https://')).toBeVisible()
    await page.getByLabel('Website URL').fill('https://chapter.example.org')
    await save.click()
    await expectToast(page, 'Chapter info added successfully')
    const update = page.getByRole('button', { name: 'Update Chapter Info' })
    await expect(update).toBeVisible()

    await page.reload()
    await expect(page.getByLabel('Short Description')).toHaveValue('Students who build things.')
    await expect(page.getByLabel('Video URL')).toHaveValue('')
    await page.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    await update.click()
    await expectToast(page, 'Chapter info updated successfully')
    const info = (await chapter.api.call('GET', '/api/chapters')).body.chapter
    expect(info.videoUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    expect(info.logo).toMatch(/^\/uploads\//)
    expect(baseURL).toBeTruthy()
  })

  test('a failed update shows a toast with the reason', async ({ page, chapter, baseURL, consoleErrors }) => {
    test.slow()
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/settings')
    await page.getByLabel('Chapter Logo').setInputFiles(await pngFile('logo.png'))
    await expect(page.getByRole('img', { name: 'Chapter Logo preview' })).toBeVisible()
    for (const [label, value] of [
      ['Short Description', 'x'],
      ['Website URL', 'https://a.example.org'],
      ['Facebook Page URL', 'https://b.example.org'],
      ['LinkedIn Page URL', 'https://c.example.org'],
      ['About Chapter', 'y'],
    ] as const) {
      await page.getByLabel(label).fill(value)
    }
    // The session ends elsewhere (signed out in another tab): the save is refused.
    await page.request.post('/api/auth/logout', { headers: { origin: baseURL ?? '' } })
    await page.getByRole('button', { name: 'Save Chapter Info' }).click()
    await expectToast(page, 'Sign in to continue.')
    await expect(page.getByLabel('Short Description')).toHaveValue('x')
    await forgiveFailedRequests(consoleErrors, '/api/chapters', 401)
  })
})
