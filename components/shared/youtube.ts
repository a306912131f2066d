const VIDEO_ID = /^[\w-]{11}$/

/**
 * The YouTube video id of a link (docs/decisions/016-chapter-info-and-video.md): the `v=` parameter, a youtu.be/{id} link, or an
 * /embed/ or /shorts/ path. Anything else is null: no video (docs/decisions/069-true-counts.md).
 */
export function youtubeVideoId(url: string | null | undefined): string | null {
  const text = (url ?? '').trim()
  if (!text) return null
  let candidate: string | null | undefined
  try {
    const parsed = new URL(text)
    const host = parsed.hostname.replace(/^www\.|^m\./, '')
    if (host === 'youtu.be') candidate = parsed.pathname.split('/')[1]
    else
      candidate =
        parsed.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(parsed.pathname)?.[1]
  } catch {
    candidate = /[?&]v=([^&#\s]+)/.exec(text)?.[1]
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null
}

/** Where the privacy-enhanced player lives; the Content-Security-Policy allows it in frames. */
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com'

/** The privacy-enhanced player, started by the click that loaded it. */
export const youtubeEmbedUrl = (id: string) => `${YOUTUBE_PLAYER_ORIGIN}/embed/${id}?autoplay=1&rel=0`

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
