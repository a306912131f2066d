import { useData } from 'vike-react/useData'
import { AccountCard, UnusableLinkCard } from '#components/console/AccountCard'
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
    <UnusableLinkCard
      gone={status === 'gone'}
      goneTitle="This invitation no longer works"
      why={{
        gone: 'It has expired, was already used, or was withdrawn. Ask whoever invited you for a new one.',
        invalid: 'Check that you copied the whole link, or ask whoever invited you for a new one.',
      }}
      link={{ href: '/login', label: 'Go to sign in' }}
    />
  )
}
