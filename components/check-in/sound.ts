/**
 * A short beep per answer, so a volunteer looking at the queue rather than the phone hears it: high for
 * "in", two middling notes for "already in", low for "refused". WebAudio, made on the spot (no sound
 * files to fetch offline). The first beep after the page's load needs a tap or key press before it
 * (browsers keep audio silent until then), which a scan by hand or scanner always is.
 */
export type Tone = 'admit' | 'already' | 'refuse'

const NOTES: Record<Tone, { frequency: number; seconds: number }[]> = {
  admit: [{ frequency: 1320, seconds: 0.12 }],
  already: [
    { frequency: 660, seconds: 0.1 },
    { frequency: 660, seconds: 0.1 },
  ],
  refuse: [{ frequency: 220, seconds: 0.35 }],
}

let context: AudioContext | null = null

export function beep(tone: Tone): void {
  try {
    context ??= new AudioContext()
    if (context.state === 'suspended') void context.resume()
    let at = context.currentTime
    for (const note of NOTES[tone]) {
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.type = tone === 'refuse' ? 'square' : 'sine'
      oscillator.frequency.value = note.frequency
      gain.gain.setValueAtTime(0.2, at)
      gain.gain.exponentialRampToValueAtTime(0.001, at + note.seconds)
      oscillator.connect(gain).connect(context.destination)
      oscillator.start(at)
      oscillator.stop(at + note.seconds)
      at += note.seconds + 0.05
    }
  } catch {
    // No audio on this device: the colour and the words still say it.
  }
}
