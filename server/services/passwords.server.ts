import { isCommonPassword, TOO_COMMON } from '../common-passwords.server'
import { ApiError, INVALID_INPUT } from '../errors.server'

/**
 * The common-password rule of docs/decisions/012-passwords-and-sign-in-throttle.md, for every form that
 * sets a password (the length rules are in the shared schema): a 400 naming the field.
 */
export function refuseCommonPassword(password: string | undefined, field = 'password'): void {
  if (password && isCommonPassword(password)) {
    throw new ApiError(400, INVALID_INPUT, { [field]: `This password ${TOO_COMMON}` })
  }
}
