import posterImage from '#content/images/video-poster.webp'
import { youtubeWatchUrl } from '../shared/youtube'
import { Icon } from '../ui/icons'

/**
 * A poster with a play button; the YouTube player (youtube-nocookie) loads only after the click, so the
 * page makes no request to YouTube before that. Rendered on the server only: the chrome script's video
 * enhancer (components/chapter/video.ts, [data-video-id]) swaps the link for the player on click. Without
 * JavaScript the link opens the video on YouTube.
 */
export function VideoPoster({ videoId, title }: { videoId: string; title: string }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-brand-950 shadow-lg">
      <a
        href={youtubeWatchUrl(videoId)}
        data-video-id={videoId}
        data-video-title={title}
        className="group absolute inset-0 flex items-center justify-center"
      >
        <img
          src={posterImage}
          width={1280}
          height={720}
          alt=""
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <span className="relative inline-flex size-20 items-center justify-center rounded-full bg-amber-400 text-slate-950 shadow-xl transition group-hover:scale-110">
          <Icon name="play" className="size-9 translate-x-0.5 fill-current" />
        </span>
        <span className="sr-only">Play video: {title}</span>
      </a>
    </div>
  )
}
