/**
 * An event's banner as the public pages frame it: 1200 × 630 (the shape of a link preview), cropped to fill
 * (object-cover). The event page, the event cards and the console's preview use these, so the preview shows
 * exactly what visitors will see.
 */
export const EVENT_BANNER = {
  width: 1200,
  height: 630,
  /** The frame's aspect ratio and fit, as Tailwind classes. */
  frame: 'aspect-[1200/630] object-cover',
} as const
