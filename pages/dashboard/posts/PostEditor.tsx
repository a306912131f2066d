import { useId, useRef, useState } from 'react'
import { api } from '#components/console/api'
import { Field, SelectField, TextAreaField, TextField } from '#components/form/Field'
import { ImageFormField } from '#components/form/ImageField'
import { MarkdownField } from '#components/form/MarkdownField'
import { useApiForm } from '#components/form/useApiForm'
import { formatDateTime } from '#components/shared/dates'
import { useSiteTimeZone } from '#components/ui/LocalTime'
import { Spinner } from '#components/ui/Spinner'
import { buttonStyles, inputStyles } from '#components/ui/styles'
import { localDateTimeOf, localDateTimeToInstant } from '#db/clock'
import type { ChapterRefDto, PostDto } from '#db/dto'
import { type PostInput, postInputSchema } from '#db/validation'
import { PostStatusBadge } from './status'

/** The banner as the post page shows it: the width of the article, 1200 × 630 at best. */
const POST_BANNER = {
  width: 1200,
  height: 630,
  frame: 'aspect-[1200/630] object-cover',
  page: 'the post page',
} as const

/** What each button of the editor does with the post (docs/decisions/100-posts.md). */
type Intent = 'draft' | 'publish' | 'schedule' | 'unpublish' | 'update' | 'submit'

type Answer = { post: PostDto }

/** Empty: left out (a new post's address is made from its title; an unchanged one stays). */
const emptyAsUndefined = (value: string) => (value.trim() === '' ? undefined : value)

/**
 * The post editor (new and edit): title, address, summary, Markdown body with a preview, banner, chapter
 * (administrators), and the status buttons. An officer saves a draft and submits it for review; an
 * administrator saves a draft, publishes now, schedules at a time of the site's zone (TIME_ZONE, whatever
 * the browser's: sent as an ISO 8601 instant) and unpublishes. The API's field errors show on the fields.
 */
export function PostEditor({
  post,
  chapters,
  bundledBanners,
  onSaved,
}: {
  post?: PostDto | undefined
  /** An administrator's choice of chapter; an officer's posts are their chapter's. */
  chapters?: readonly ChapterRefDto[] | undefined
  /** The site's own pictures a seeded post's banner names (`content:<key>`), by value. */
  bundledBanners: Record<string, string>
  onSaved: (post: PostDto, intent: Intent) => void | Promise<void>
}) {
  const isAdmin = chapters !== undefined
  const timeZone = useSiteTimeZone()
  const [uploading, setUploading] = useState(false)
  const intent = useRef<Intent>('draft')
  const [pending, setPending] = useState<Intent | null>(null)
  // The schedule's time as the input holds it: the site's local date and time (YYYY-MM-DDTHH:MM).
  const [when, setWhen] = useState(
    post?.publishAt ? localDateTimeOf(Date.parse(post.publishAt), timeZone) : '',
  )

  const defaults: PostInput = {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    summary: post?.summary ?? '',
    body: post?.body ?? '',
    banner: post?.banner ?? '',
    chapterSlug: post?.chapterSlug ?? null,
    status: post?.status ?? 'draft',
    publishAt: post?.publishAt ?? null,
  }
  // An officer's form sends neither a chapter (the API keeps their posts in their chapter) nor a time.
  if (!isAdmin) {
    delete defaults.chapterSlug
    delete defaults.publishAt
  }
  const {
    register,
    field,
    control,
    submit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useApiForm(postInputSchema, {
    defaultValues: defaults,
    save: async (input) => {
      const saved = post
        ? await api<Answer>(`/api/posts/${post._id}`, { method: 'PUT', json: input })
        : await api<Answer>('/api/posts', { method: 'POST', json: input })
      if (intent.current !== 'submit') return saved
      return api<Answer>(`/api/posts/${saved.post._id}/submit`, { method: 'POST' })
    },
    success: ({ post: saved }) => successText(intent.current, saved, timeZone),
    invalidate: ['posts'],
    onSaved: (answer) => onSaved(answer.post, intent.current),
  })

  /** Sets the status (and time) the button saves, before the form's own submit runs. */
  const choose = (next: Intent) => () => {
    intent.current = next
    setPending(next)
    if (!isAdmin) return
    const status =
      next === 'publish'
        ? 'published'
        : next === 'schedule'
          ? 'scheduled'
          : next === 'update'
            ? (post?.status ?? 'draft')
            : 'draft'
    setValue('status', status)
    setValue(
      'publishAt',
      status !== 'scheduled'
        ? null
        : when
          ? new Date(localDateTimeToInstant(when, timeZone)).toISOString()
          : null,
    )
  }
  const button = (next: Intent, label: string, pendingLabel: string, primary = false) => (
    <button
      type="submit"
      onClick={choose(next)}
      disabled={isSubmitting || uploading}
      className={primary ? buttonStyles.primary : buttonStyles.secondary}
    >
      {isSubmitting && pending === next ? <Spinner /> : null}
      {isSubmitting && pending === next ? pendingLabel : label}
    </button>
  )
  const status = post?.status ?? 'draft'
  const statusHeading = useId()

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField label="Title" {...field('title')} />
      <TextField
        label="Web address"
        hint={
          post
            ? `The post is at /blogs/${post.slug}. A new address keeps the old one working: it redirects here.`
            : 'Lower case letters, digits and hyphens; left empty, it is made from the title.'
        }
        autoCapitalize="none"
        spellCheck={false}
        {...field('slug', { setValueAs: emptyAsUndefined })}
      />
      <TextAreaField
        label="Summary"
        rows={3}
        hint="Shown on the blog's cards, in the feed and in link previews."
        {...field('summary')}
      />
      <MarkdownField
        label="Body"
        rows={16}
        error={errors.body?.message}
        preview={() => getValues('body') ?? ''}
        textarea={register('body')}
      />
      <ImageFormField
        control={control}
        name="banner"
        label="Banner"
        onUploadingChange={setUploading}
        shownAs={POST_BANNER}
        previewSrc={(value) => bundledBanners[value] ?? value}
        optional="Optional: without one the post shows the blog's picture."
      />
      {chapters ? (
        <SelectField
          label="Chapter"
          hint="Optional: the chapter the post is about; its officers can then see it in their list."
          {...field('chapterSlug', { setValueAs: (value: string | null) => (value ? value : null) })}
        >
          <option value="">None (the branch)</option>
          {chapters.map((chapter) => (
            <option key={chapter.slug} value={chapter.slug}>
              {chapter.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <section aria-labelledby={statusHeading} className="grid gap-3 rounded-lg border border-slate-200 p-4">
        <h2 id={statusHeading} className="text-base font-semibold text-slate-900">
          Status
        </h2>
        {post ? (
          <p className="text-sm text-slate-700">
            <PostStatusBadge post={post} />
          </p>
        ) : null}
        {isAdmin ? (
          <>
            {status === 'published' ? null : (
              <Field
                label="Publish at"
                hint={`For Schedule: a date and time in the site's time zone (${timeZone}).`}
                error={errors.publishAt?.message}
                className="max-w-xs"
              >
                {(fieldControl) => (
                  <input
                    type="datetime-local"
                    value={when}
                    onChange={(event) => setWhen(event.target.value)}
                    {...fieldControl}
                    className={inputStyles}
                  />
                )}
              </Field>
            )}
            <div className="flex flex-wrap gap-2">
              {status === 'draft' ? button('draft', 'Save draft', 'Saving...') : null}
              {status === 'published' ? button('update', 'Update', 'Updating...', true) : null}
              {status === 'published'
                ? null
                : button('publish', 'Publish now', 'Publishing...', status === 'draft')}
              {status === 'published'
                ? null
                : button('schedule', 'Schedule', 'Scheduling...', status === 'scheduled')}
              {status === 'draft' ? null : button('unpublish', 'Unpublish', 'Unpublishing...')}
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              An administrator publishes the post once you submit it for review.
            </p>
            <div className="flex flex-wrap gap-2">
              {button('draft', 'Save draft', 'Saving...')}
              {button('submit', 'Submit for review', 'Submitting...', true)}
            </div>
          </>
        )}
      </section>
    </form>
  )
}

/** The toast after a save, by what the button did. */
function successText(intent: Intent, post: PostDto, timeZone: string): string {
  switch (intent) {
    case 'draft':
      return 'Draft saved'
    case 'publish':
      return 'Post published'
    case 'schedule':
      return post.publishAt
        ? `Post scheduled for ${formatDateTime(post.publishAt, timeZone)}`
        : 'Post scheduled'
    case 'unpublish':
      return 'Post unpublished: it is a draft again'
    case 'update':
      return 'Post updated'
    case 'submit':
      return 'Submitted for review'
  }
}
