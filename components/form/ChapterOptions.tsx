/**
 * A chapter select's choices: the empty one first (`none`: any chapter, all of them, or none), then each
 * chapter by name, its slug the value.
 */
export function ChapterOptions({
  chapters,
  none,
}: {
  chapters: readonly { slug: string; name: string }[]
  none: string
}) {
  return (
    <>
      <option value="">{none}</option>
      {chapters.map((chapter) => (
        <option key={chapter.slug} value={chapter.slug}>
          {chapter.name}
        </option>
      ))}
    </>
  )
}
