import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectRoot, withoutTestRunnerVariables } from './build'

export type ServerProcess = {
  url: string
  dataDir: string
  child: ChildProcess
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export function freshDataDir(prefix = 'chapter-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

/**
 * Starts the real production server (server/start.mjs, what `npm start` runs) on a free loopback
 * port and waits until it prints its URL.
 */
export async function startServer(
  options: {
    dataDir?: string
    env?: Record<string, string>
    timeoutMs?: number
    /** Stop keeping what the process prints once it is ready (long load runs log a great deal). */
    forgetOutputWhenReady?: boolean
  } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? freshDataDir()
  // node itself runs the server (no wrapper process), so a signal sent to `child` reaches the server.
  const child = spawn(process.execPath, [path.join(projectRoot, 'server', 'start.mjs')], {
    cwd: projectRoot,
    env: {
      ...withoutTestRunnerVariables(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let keep = true
  child.stdout?.on('data', (chunk) => {
    if (keep) output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    if (keep) output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output}`)),
      options.timeoutMs ?? 60_000,
    )
    const check = () => {
      const match = /ready at (http:\/\/localhost:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        if (options.forgetOutputWhenReady) keep = false
        child.stdout?.off('data', check)
        resolve(match[1].replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout?.on('data', check)
    exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`))
    })
  })

  return {
    url,
    dataDir,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}
