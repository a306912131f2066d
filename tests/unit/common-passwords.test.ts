import { describe, expect, it } from 'vitest'
import { isCommonPassword } from '#server/common-passwords.server'

describe('common passwords (docs/decisions/012-passwords-and-sign-in-throttle.md)', () => {
  it.each([
    'password123',
    'Password123',
    'qwertyuiop',
    '1234567890',
    '1q2w3e4r5t',
    'Welcome2024!',
    'P@ssw0rd2024',
    'iloveyou!!!',
    'aaaaaaaaaaaa',
    'abababababab',
    '3456789012',
    'zyxwvutsrq',
  ])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true)
  })

  it.each(['violet harbour lantern', 'correct horse battery', 'Tk7#pq2!Lm9z', 'password is not enough here'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false)
    },
  )
})
