import { useRef } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { SelectField } from '#components/form/Field'
import type { ChapterRefDto } from '#db/dto'

/** The select's registration with the form (useApiForm's `register`, with the saved value). */
type Registered = UseFormRegisterReturn & { defaultValue?: string }

/**
 * The administrator's choice of who hosts an event: one of the chapters, or the branch itself (no chapter,
 * the value ''). The Host field follows the choice while it still holds the previous choice's name (or
 * nothing), so a host typed by hand is never overwritten.
 */
export function HostingChapterField({
  chapters,
  branchName,
  error,
  registered,
  host,
}: {
  chapters: readonly ChapterRefDto[]
  /** The branch's own name (content/site.ts), the host of its own events. */
  branchName: string
  error: string | undefined
  registered: Registered
  /** The Host field's value, and how to set it. */
  host: { get: () => string; set: (name: string) => void }
}) {
  const nameOf = (slug: string) =>
    slug === '' ? branchName : (chapters.find((chapter) => chapter.slug === slug)?.name ?? '')
  const chosen = useRef(registered.defaultValue ?? '')
  return (
    <SelectField
      label="Hosting Chapter"
      fieldClassName="sm:col-span-3"
      hint="The chapter whose events list shows it; its officers may change it."
      error={error}
      {...registered}
      onChange={async (event) => {
        const next = event.target.value
        const current = host.get().trim()
        if (current === '' || current === nameOf(chosen.current)) host.set(nameOf(next))
        chosen.current = next
        return registered.onChange(event)
      }}
    >
      <option value="">{branchName} (the branch)</option>
      {chapters.map((chapter) => (
        <option key={chapter.slug} value={chapter.slug}>
          {chapter.name}
        </option>
      ))}
    </SelectField>
  )
}
