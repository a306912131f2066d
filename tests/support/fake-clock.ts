import fs from 'node:fs'

/** Where Debian's faketime package puts its library (amd64, arm64). */
const LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
]

/**
 * The environment that starts a child process's clock at `instant` (milliseconds since the epoch) and lets
 * it run: libfaketime preloaded, the instant given in epoch seconds so that the child's own TZ does not
 * change which instant it is. Fails loudly without Debian's faketime (`.ci/run` installs it).
 */
export function fakeClockEnv(instant: number): Record<string, string> {
  const library = LIBRARIES.find((file) => fs.existsSync(file))
  if (!library)
    throw new Error("libfaketime not found: install Debian's faketime (apt-get install -y faketime)")
  return {
    LD_PRELOAD: library,
    FAKETIME: `@${Math.floor(instant / 1000)}`,
    FAKETIME_FMT: '%s',
    // Only the calendar moves: monotonic clocks (timers, HTTP timeouts) stay real, as on any server.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  }
}
