import { useData } from 'vike-react/useData'
import { AccountCard, AccountCardLink } from '#components/console/AccountCard'
import type { Data } from './+data'
import { AcceptForm } from './AcceptForm'

export function Page() {
  const { status, token, invitation } = useData<Data>()
  if (invitation)
    return (
      <AccountCard title="Accept the invitation">
        <p className="mt-2 text-center text-sm text-slate-600">
          {invitation.invitedBy} invited <strong>{invitation.email}</strong> to join{' '}
          {invitation.chapter ? `the officers of ${invitation.chapter.name}` : 'the administrators'}.
        </p>
        <AcceptForm token={token} />
      </AccountCard>
    )
  return (
    <AccountCard title={status === 'gone' ? 'This invitation no longer works' : 'This link is not valid'}>
      <p className="mt-3 text-center text-sm text-slate-600">
        {status === 'gone'
          ? 'It has expired, was already used, or was withdrawn. Ask whoever invited you for a new one.'
          : 'Check that you copied the whole link, or ask whoever invited you for a new one.'}
      </p>
      <AccountCardLink href="/login">Go to sign in</AccountCardLink>
    </AccountCard>
  )
}
