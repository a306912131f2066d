import { AccountCard, AccountCardLink } from '#components/console/AccountCard'
import { LoginForm } from './LoginForm'

export function Page() {
  return (
    <AccountCard title="Sign in to your account">
      <p className="mt-2 text-center text-sm text-slate-600">
        For the chapter's officers and administrators.
      </p>
      <LoginForm />
      <AccountCardLink href="/forgot-password">Forgot password?</AccountCardLink>
    </AccountCard>
  )
}
