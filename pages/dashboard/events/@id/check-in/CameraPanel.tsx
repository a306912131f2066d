import { useEffect, useRef, useState } from 'react'
import { type CameraFailure, type CameraScanner, startCameraScanner } from '#components/check-in/camera'
import { buttonStyles } from '#components/ui/styles'

const FAILURES: Record<CameraFailure, string> = {
  denied: 'The camera is not allowed on this page. Type or scan the code in the field above instead.',
  unavailable: 'No camera could be started. Type or scan the code in the field above instead.',
}

/** The camera, started only when asked: a volunteer with a scanner never needs it. */
export function CameraPanel({
  disabled,
  onScan,
}: {
  disabled: boolean
  onScan: (text: string) => Promise<void>
}) {
  const video = useRef<HTMLVideoElement>(null)
  const scanner = useRef<CameraScanner | null>(null)
  const [state, setState] = useState<'off' | 'starting' | 'on' | CameraFailure>('off')
  const onScanRef = useRef(onScan)
  onScanRef.current = onScan

  useEffect(() => () => scanner.current?.stop(), [])

  const start = async () => {
    if (!video.current) return
    setState('starting')
    try {
      scanner.current = await startCameraScanner(video.current, (text) => void onScanRef.current(text))
      setState('on')
    } catch (failure) {
      setState(failure === 'denied' ? 'denied' : 'unavailable')
    }
  }

  const stop = () => {
    scanner.current?.stop()
    scanner.current = null
    setState('off')
  }

  const running = state === 'on' || state === 'starting'
  return (
    <section aria-label="Camera" className="space-y-2">
      <button
        type="button"
        className={`${buttonStyles.secondary} w-full`}
        onClick={running ? stop : () => void start()}
        disabled={disabled || state === 'starting'}
      >
        {running ? 'Stop camera' : 'Start camera'}
      </button>
      {state === 'denied' || state === 'unavailable' ? (
        <p role="alert" className="text-sm text-red-800">
          {FAILURES[state]}
        </p>
      ) : null}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera view: hold the ticket's QR code in front of it"
        className={running ? 'aspect-square w-full rounded-lg bg-black object-cover' : 'hidden'}
      />
    </section>
  )
}
