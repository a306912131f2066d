/**
 * The phone's camera as a continuous QR reader. The browser's own BarcodeDetector where it reads QR
 * codes (Android, macOS); elsewhere (desktop Linux and Windows, Firefox, iOS) the `barcode-detector`
 * polyfill, whose ZXing WebAssembly is a file of our own build (`/assets/…`), never fetched from a CDN:
 * the door may have no network (docs/decisions/082-check-in-on-the-device.md).
 */

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }

type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector
  getSupportedFormats(): Promise<string[]>
}

async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector
  if (native) {
    try {
      if ((await native.getSupportedFormats()).includes('qr_code'))
        return new native({ formats: ['qr_code'] })
    } catch {
      // Declared but not working (a desktop build without the platform's detector): use ours.
    }
  }
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ])
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  })
  return new BarcodeDetector({ formats: ['qr_code'] })
}

export type CameraFailure = 'denied' | 'unavailable'

export type CameraScanner = { stop: () => void }

/** The same text read again within this time is the same ticket still in front of the camera. */
const REPEAT_MS = 3000
const FRAME_GAP_MS = 120

/**
 * Shows the back camera in `video` and calls `onText` with each code it reads (once per ticket held up),
 * until stop(). Throws a CameraFailure: 'denied' when the person or the browser refused the camera.
 */
export async function startCameraScanner(
  video: HTMLVideoElement,
  onText: (text: string) => void,
): Promise<CameraScanner> {
  if (!navigator.mediaDevices?.getUserMedia) throw 'unavailable' satisfies CameraFailure
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    })
  } catch (error) {
    const name = (error as DOMException | undefined)?.name
    throw (
      name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable'
    ) satisfies CameraFailure
  }
  let stopped = false
  const stop = () => {
    stopped = true
    for (const track of stream.getTracks()) track.stop()
    video.srcObject = null
  }
  try {
    video.srcObject = stream
    await video.play()
    const detector = await qrDetector()
    let last = { text: '', at: 0 }
    const tick = async () => {
      if (stopped) return
      try {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          for (const { rawValue } of await detector.detect(video)) {
            const now = performance.now()
            if (rawValue === last.text && now - last.at < REPEAT_MS) {
              last.at = now
              continue
            }
            last = { text: rawValue, at: now }
            onText(rawValue)
          }
        }
      } catch {
        // One unreadable frame; the next may read.
      }
      if (!stopped) setTimeout(tick, FRAME_GAP_MS)
    }
    void tick()
  } catch {
    stop()
    throw 'unavailable' satisfies CameraFailure
  }
  return { stop }
}
