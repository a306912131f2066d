import { youtubeEmbedUrl } from '../shared/youtube'

/** What the embedded player may do (the same list YouTube's own embed code gives). */
const PLAYER_PERMISSIONS =
  'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture'

/**
 * The video poster's behaviour (components/chapter/VideoPoster.tsx): a click on a [data-video-id] link
 * replaces it with the privacy-enhanced player, started by that click. Loaded by the chrome script only on
 * pages that show a poster.
 */
export function startVideoPosters(doc: Document): void {
  doc.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    const link =
      event.target instanceof Element ? event.target.closest<HTMLElement>('a[data-video-id]') : null
    const id = link?.dataset.videoId
    if (!link || !id) return
    event.preventDefault()
    const player = doc.createElement('iframe')
    player.src = youtubeEmbedUrl(id)
    player.title = link.dataset.videoTitle ?? 'Video'
    player.allow = PLAYER_PERMISSIONS
    player.allowFullscreen = true
    player.className = 'absolute inset-0 h-full w-full'
    link.replaceWith(player)
    player.focus()
  })
}
