import { useState } from 'react'
import posterImage from '../../content/images/video-poster.webp'
import { Icon } from '../ui/icons'
import { youtubeEmbedUrl, youtubeWatchUrl } from './youtube'

/**
 * A poster with a play button; the YouTube player (youtube-nocookie) loads only after the click, so the
 * page makes no request to YouTube before that. Without JavaScript the link opens the video on YouTube.
 */
export function VideoPoster({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false)
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-brand-950 shadow-lg">
      {playing ? (
        <iframe
          src={youtubeEmbedUrl(videoId)}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          className="absolute inset-0 h-full w-full"
        />
      ) : (
        <a
          href={youtubeWatchUrl(videoId)}
          onClick={(event) => {
            event.preventDefault()
            setPlaying(true)
          }}
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
      )}
    </div>
  )
}
