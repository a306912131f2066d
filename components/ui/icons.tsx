import type { IconName } from '#content/schema'

/** Stroke icons on a 24 px grid, drawn inline so they cost no request. */
const paths: Record<IconName | UiIconName, string> = {
  network:
    'M12 5a2 2 0 1 0 0-.01M5 18a2 2 0 1 0 0-.01M19 18a2 2 0 1 0 0-.01M12 7v4m0 0-5.5 5.5M12 11l5.5 5.5',
  library: 'M4 19V5a1 1 0 0 1 1-1h4v15H5a1 1 0 0 1-1-1Zm5 0V4h4v15m0 0h6V8l-3-4h-3',
  savings:
    'M12 3v18M16.5 7.5C16 6 14.3 5 12 5c-2.8 0-4.5 1.3-4.5 3.3 0 4.4 9 2.4 9 7 0 2-1.8 3.4-4.5 3.4-2.4 0-4.2-1-4.8-2.7',
  career: 'M4 8h16v11H4zM9 8V5h6v3M4 13h16',
  conference: 'M3 5h18v10H3zM8 19h8M12 15v4M7 9h6M7 12h10',
  learning: 'M2 9l10-5 10 5-10 5-10-5Zm4 2v5c3 2 9 2 12 0v-5',
  community:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 9c0-3.5 2.7-6 6-6s6 2.5 6 6m1-9a2.5 2.5 0 1 0 0-5m2 14c0-2.6-1-4.5-3-5.5',
  leadership: 'M12 3l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8L3.5 9.2l5.9-.8L12 3Z',
  newsletter: 'M4 5h13v14H6a2 2 0 0 1-2-2V5Zm13 4h3v8a2 2 0 0 1-2 2h-1M8 9h5M8 13h5M8 16h3',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1Z',
  whatsapp:
    'M4 20l1.3-4A8 8 0 1 1 8 18.7L4 20Zm5-11c0 3 3 6 6 6l1-1.5-2-1-1 1c-1-.5-2-1.5-2.5-2.5l1-1-1-2L9 9Z',
  linkedin: 'M4 4h16v16H4zM8 10v6M8 7.5v.01M12 16v-6m0 2.5c0-1.5 1-2.5 2.3-2.5S16 11 16 12.5V16',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8Z',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2',
  location: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  ticket: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4V7Zm10 0v10',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 9c0-4 3-6 7-6s7 2 7 6',
  arrowRight: 'M5 12h14m-5-5 5 5-5 5',
  arrowLeft: 'M19 12H5m5-5-5 5 5 5',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  play: 'M8 5.5v13l11-6.5-11-6.5Z',
  rss: 'M5 19a1 1 0 1 0 0-.01M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16',
  close: 'M6 6l12 12M18 6 6 18',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-4-4',
}

export type UiIconName =
  | 'mail'
  | 'phone'
  | 'whatsapp'
  | 'linkedin'
  | 'facebook'
  | 'globe'
  | 'calendar'
  | 'clock'
  | 'location'
  | 'ticket'
  | 'user'
  | 'arrowRight'
  | 'arrowLeft'
  | 'external'
  | 'play'
  | 'rss'
  | 'close'
  | 'search'

export function Icon({ name, className = 'size-5' }: { name: IconName | UiIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  )
}
