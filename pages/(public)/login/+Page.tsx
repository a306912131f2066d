import { ConsoleToaster } from '../../../components/console/ConsoleToaster'
import { LoginForm } from './LoginForm'

export function Page() {
  return (
    <section className="flex justify-center bg-slate-50 px-4 py-16 sm:py-24">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
          Sign in to your account
        </h1>
        <p className="mt-2 text-center text-sm text-slate-600">
          For the chapter's officers and administrators.
        </p>
        <LoginForm />
        <p className="mt-4 text-center text-sm">
          <a href="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </a>
        </p>
      </div>
      <ConsoleToaster />
    </section>
  )
}
