import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef } from 'react'
import { type FieldPath, type UseFormRegisterReturn, useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { TOAST_DURATION } from '../../../components/ui/Toaster'
import { type ContactInput, contactInputSchema } from '../../../db/validation'

/** The contract of POST /api/contact (decisions §8): 201 { success, message } or 400 with field errors. */
type ContactResponse = { success?: boolean; message?: string; errors?: Record<string, string> }

const FIELDS: FieldPath<ContactInput>[] = ['name', 'email', 'message']

async function sendMessage(input: ContactInput): Promise<ContactResponse> {
  const response = await fetch('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(input),
  })
  const body = (await response.json().catch(() => ({}))) as ContactResponse
  return response.ok ? body : { ...body, success: false }
}

function Field({
  label,
  error,
  registration,
  multiline = false,
  type = 'text',
  autoComplete,
}: {
  label: string
  error: string | undefined
  registration: UseFormRegisterReturn
  multiline?: boolean
  type?: string
  autoComplete?: string
}) {
  const id = useId()
  const errorId = `${id}-error`
  const common = {
    id,
    ...registration,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: `mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none ${
      error ? 'border-red-600' : 'border-slate-300'
    }`,
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...common} />
      )}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The contact form (spec §2.2, decisions §22): checked with the API's own schema before sending; the
 * server's field errors land under their fields; a sent message clears the form, a failed one keeps it.
 */
export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { name: '', email: '', message: '', website: '' },
  })
  // When the visitor could first type: the server drops messages sent implausibly fast (issue 7).
  const shownAt = useRef<number | undefined>(undefined)
  useEffect(() => {
    shownAt.current = Date.now()
  }, [])

  const onSubmit = handleSubmit(async (input) => {
    let result: ContactResponse
    try {
      result = await sendMessage({ ...input, formStartedAt: shownAt.current })
    } catch {
      result = { success: false }
    }
    if (result.success) {
      toast.success('Message sent successfully', { duration: TOAST_DURATION.success })
      reset()
      return
    }
    for (const field of FIELDS) {
      const message = result.errors?.[field]
      if (message) setError(field, { type: 'server', message })
    }
    toast.error('Message sending failed', { duration: TOAST_DURATION.error })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact form">
      <Field
        label="Full Name"
        error={errors.name?.message}
        registration={register('name')}
        autoComplete="name"
      />
      <Field
        label="Email"
        type="email"
        error={errors.email?.message}
        registration={register('email')}
        autoComplete="email"
      />
      <Field label="Message" multiline error={errors.message?.message} registration={register('message')} />
      {/* The honeypot: people never see or reach it; a bot that fills it in is answered but not stored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      <button
        type="submit"
        disabled={isSubmitting}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}
