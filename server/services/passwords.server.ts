import { enqueueOutboxMails } from '#db/queries/outbox.server'
import { findPersonByEmail } from '#db/queries/people.server'
import { isCommonPassword, TOO_COMMON } from '../common-passwords.server'
import type { AppContext } from '../context.server'
import { ApiError, INVALID_INPUT } from '../errors.server'
import { passwordResetMail } from '../mail/messages.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { newResetLink } from './links.server'

/**
 * The common-password rule of docs/decisions/012-passwords-and-sign-in-throttle.md, for every form that
 * sets a password (the length rules are in the shared schema): a 400 naming the field.
 */
export function refuseCommonPassword(password: string | undefined, field = 'password'): void {
  if (password && isCommonPassword(password)) {
    throw new ApiError(400, INVALID_INPUT, { [field]: `This password ${TOO_COMMON}` })
  }
}

/**
 * Forgot password: for an enabled account with this email, stores a reset link and queues its mail in the
 * outbox, in one transaction (docs/decisions/104-link-mails-through-the-outbox.md). Answers whether a mail
 * was queued (wake the outbox then); an unknown or disabled address queues nothing.
 */
export function queueResetMail(ctx: AppContext, outbox: OutboxHandle, email: string): boolean {
  return ctx.db.transaction((tx) => {
    const person = findPersonByEmail(tx, email)
    if (!person || person.disabled) return false
    const { reset, url } = newResetLink(tx, ctx.env.publicUrl, person.id)
    const mail = passwordResetMail({
      resetId: reset.id,
      to: person.email,
      url,
      expiresAt: reset.expiresAt,
      timeZone: ctx.env.TIME_ZONE,
    })
    enqueueOutboxMails(tx, [mail], outbox.now())
    return true
  })
}
