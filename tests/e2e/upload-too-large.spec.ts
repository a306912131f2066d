import { expect, expectToast, forgiveFailedRequests, openConsole, signIn, test } from './console-fixtures'

/**
 * A refused upload reaches the person: the server answers 413 to a 6 MB image and reads the rest of the
 * body before it lets the connection go, so the browser receives that answer instead of a reset
 * connection, and the console shows its message.
 */
test('an image over 5 MB is refused with "The image is too large"', async ({
  page,
  chapter,
  consoleErrors,
}) => {
  await signIn(page, chapter.email, chapter.password)
  await openConsole(page, '/dashboard/settings')
  const tooLarge = Buffer.alloc(6 * 1024 * 1024, 0x41)
  tooLarge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  await page
    .getByLabel('Chapter Logo')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: tooLarge })
  await expectToast(page, 'The image is too large: at most 5 MB.', { timeout: 15_000 })
  await expect(page.getByText('No image')).toBeVisible()
  await forgiveFailedRequests(consoleErrors, '/api/uploads', 413)
})
