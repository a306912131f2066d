/**
 * The server's common-password check (docs/decisions/012-passwords-and-sign-in-throttle.md). Only passwords of 10 to 128 characters get here, so
 * the list holds the long entries of the usual leaked-password top lists; a base-word rule catches the
 * "word plus digits" pattern ("Welcome2024!") and a shape rule catches runs like "aaaaaaaaaa".
 */

const COMMON_PASSWORDS = new Set([
  '0000000000',
  '0123456789',
  '0987654321',
  '1029384756',
  '1111111111',
  '1122334455',
  '1212121212',
  '1231231231',
  '123123123123',
  '1234512345',
  '1234554321',
  '1234567890',
  '12345678910',
  '1234567891',
  '123456789a',
  '123456789q',
  '1234567890q',
  '1234qwer!@#$',
  '123qweasdzxc',
  '147258369a',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  '1qazxsw23edc',
  '2wsx3edc4rfv',
  '5555555555',
  '9876543210',
  'a123456789',
  'a1b2c3d4e5',
  'aa12345678',
  'abc1234567',
  'abcd123456',
  'abcd1234abcd',
  'abcdefghij',
  'administrator',
  'asdfghjkl1',
  'asdfghjkl;',
  'asdfasdfasdf',
  'baseball123',
  'basketball',
  'basketball1',
  'blink182182',
  'butterfly1',
  'changeme123',
  'charlie123',
  'cheerleader',
  'chocolate1',
  'christopher',
  'computer123',
  'football123',
  'iloveyou12',
  'iloveyou123',
  'iloveyou1234',
  'internet123',
  'jennifer123',
  'liverpool1',
  'manchester',
  'manchester1',
  'michael123',
  'motherfucker',
  'p@ssw0rd123',
  'passw0rd123',
  'password12',
  'password123',
  'password1234',
  'password12345',
  'passwordpassword',
  'pokemon123',
  'princess12',
  'princess123',
  'q1w2e3r4t5',
  'q1w2e3r4t5y6',
  'qazwsxedcrfv',
  'qwer1234qwer',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  'qwertyqwerty',
  'qwertyuiop',
  'qwertyuiop1',
  'qwertyuiop[]',
  'spongebob1',
  'starwars123',
  'strawberry',
  'sunshine123',
  'superman123',
  'sweetheart',
  'thunderbird',
  'trustno1234',
  'welcome123',
  'welcome1234',
  'whatever123',
  'zaq12wsxcde',
  'zxcvbnm123',
  'zxcvbnmasdfghjkl',
])

/** Words that make a weak password however many digits or symbols follow them. */
const WEAK_BASE_WORDS = new Set([
  'admin',
  'abc',
  'chapter',
  'computer',
  'dragon',
  'football',
  'iloveyou',
  'letmein',
  'login',
  'master',
  'monkey',
  'password',
  'qwerty',
  'secret',
  'shadow',
  'sunshine',
  'welcome',
])

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '!': 'i',
  '7': 't',
}

/** What a refused password is told, after its subject ("This password", "ADMIN_PASSWORD"). */
export const TOO_COMMON = 'is too common: choose a longer or less predictable one'

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase()
  if (COMMON_PASSWORDS.has(lower)) return true
  // "Password2024!", "welcome@123", "P@ssw0rd1": a weak word, maybe in leetspeak, then digits and symbols only.
  const base = lower.replace(/[\d\p{P}\p{S}\s]+$/u, '')
  if (WEAK_BASE_WORDS.has(base.replace(/[@4013$5!7]/g, (character) => LEET[character] ?? character)))
    return true
  // One character repeated, or a straight run of digits or letters ("aaaaaaaaaa", "3456789012").
  if (new Set(lower).size <= 2) return true
  return isStraightRun(lower)
}

function isStraightRun(text: string): boolean {
  const step = (text.codePointAt(1) ?? 0) - (text.codePointAt(0) ?? 0)
  if (Math.abs(step) !== 1) return false
  for (let i = 2; i < text.length; i++) {
    const delta = (text.codePointAt(i) ?? 0) - (text.codePointAt(i - 1) ?? 0)
    // 9 → 0 continues a digit run ("7890123456").
    if (delta !== step && !(step === 1 && text[i - 1] === '9' && text[i] === '0')) return false
  }
  return true
}
