import { createRegistering } from './registering.server'
import { createRegistrationBase, type RegistrationServiceOptions } from './registration-base.server'
import { createRegistrationDueRound } from './registration-due.server'
import { createRegistrationEventChanges } from './registration-event-changes.server'
import { createRegistrationManage } from './registration-manage.server'
import { createRegistrationOfficers } from './registration-officers.server'
import { createRegistrationSeats } from './registration-seats.server'

export { GATHER_TURNS, GROUP_COMMIT_MAX, type Registered } from './registering.server'
export {
  EVENT_STARTED_MESSAGE,
  RegistrationRefused,
  type RegistrationServiceOptions,
} from './registration-base.server'

/**
 * The rules of event registration (docs/product.md#registration), one service made of its parts
 * (registration-base.server.ts says which part does what).
 */
export function createRegistrationService(options: RegistrationServiceOptions) {
  const base = createRegistrationBase(options)
  const seats = createRegistrationSeats(base)
  return {
    manageUrlOf: base.manageUrlOf,
    tokenOf: base.tokenOf,
    mailOf: base.mailOf,
    /** After a write of the caller's that queued mail or changed seats. */
    committed: base.committed,
    /** Whether a registration's mails go anywhere (SMTP_URL is set). */
    mailConfigured: () => base.outbox.configured,
    ...createRegistering(base),
    ...createRegistrationManage(base, seats),
    ...createRegistrationOfficers(base, seats),
    ...createRegistrationEventChanges(base),
    runDue: createRegistrationDueRound(base, seats),
  }
}

export type RegistrationService = ReturnType<typeof createRegistrationService>
