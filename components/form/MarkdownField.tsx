import { useEffect, useState } from 'react'
import { buttonStyles, inputStyles } from '../ui/styles'
import { Field } from './Field'
import type { useApiForm } from './useApiForm'

type Registered = ReturnType<ReturnType<typeof useApiForm>['register']>

/**
 * A Markdown text (an event's description, a post's body) with a Write / Preview switch: the preview is
 * rendered by the same code as the public pages (components/shared/markdown.ts: raw HTML escaped, unsafe
 * links dropped, links rel=nofollow), loaded on the first preview so the form stays light. An error on the
 * field brings the text back.
 */
export function MarkdownField({
  label,
  error,
  preview,
  textarea,
  rows = 10,
  className,
}: {
  label: string
  error: string | undefined
  preview: () => string
  textarea: Registered
  rows?: number
  className?: string
}) {
  const [html, setHtml] = useState<string | null>(null)
  const previewing = html !== null
  useEffect(() => {
    if (error) setHtml(null)
  }, [error])
  const showPreview = async () => {
    const { renderDescription } = await import('#components/shared/markdown')
    setHtml(renderDescription(preview()))
  }
  const tab = (pressed: boolean) => (pressed ? buttonStyles.primary : buttonStyles.secondary)
  return (
    <Field
      label={label}
      hint="Markdown: **bold**, lists, [links](https://…)"
      error={error}
      className={className}
    >
      {(control) => (
        <>
          <div className="mb-2 flex gap-1.5">
            <button
              type="button"
              aria-pressed={!previewing}
              className={tab(!previewing)}
              onClick={() => setHtml(null)}
            >
              Write
            </button>
            <button type="button" aria-pressed={previewing} className={tab(previewing)} onClick={showPreview}>
              Preview
            </button>
          </div>
          <textarea
            rows={rows}
            {...textarea}
            {...control}
            hidden={previewing}
            className={`${inputStyles} leading-relaxed`}
          />
          {previewing ? (
            <section
              aria-labelledby={`${control.id}-preview`}
              className="min-h-40 rounded-md border border-slate-300 bg-white p-4"
            >
              {/* The text's headings start at h3, as on the public page under its h2. */}
              <h2 id={`${control.id}-preview`} className="sr-only">
                Preview of the {label.toLowerCase()}
              </h2>
              {html ? (
                <div
                  className="prose-article text-base"
                  // Rendered by the public pages' own renderer: raw HTML escaped, unsafe links dropped.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML from components/shared/markdown.ts.
                  dangerouslySetInnerHTML={{ __html: html }}
                />
              ) : (
                <p className="text-sm text-slate-500">Nothing to preview yet.</p>
              )}
            </section>
          ) : null}
        </>
      )}
    </Field>
  )
}
