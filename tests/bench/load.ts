import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

/**
 * One load run of `npm run bench`: wrk when it is installed (a C load generator, 1 thread, as the issue
 * measured), otherwise autocannon (a dev dependency: works on a fresh clone, costs more CPU per request,
 * so its absolute figures are lower on the same machine; the ratios stay comparable).
 */

export type LoadTool = 'wrk' | 'autocannon'

export type LoadResult = {
  requestsPerSecond: number
  p99Ms: number
  /** Answers that were not 2xx or 3xx, plus socket errors and timeouts. */
  errors: number
}

export type LoadOptions = {
  url: string
  connections: number
  durationSeconds: number
  headers: Record<string, string>
  /** A query parameter of this name with a different random value on every request (`?x=123`). */
  randomParameter?: string
  /** Written before the random value (a cursor's date and time, so that the value is one the page reads). */
  randomValuePrefix?: string
}

/** The URL's path and query with `name=<prefix><random>` added. */
function withRandomParameter(pathAndQuery: string, name: string, prefix = ''): string {
  return `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${name}=${prefix}${Math.floor(Math.random() * 1e12)}`
}

export function detectLoadTool(): LoadTool {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  return probe.error ? 'autocannon' : 'wrk'
}

export function runLoad(tool: LoadTool, options: LoadOptions): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(options) : runAutocannon(options)
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

function toMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!match) return Number.NaN
  return Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1)
}

async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  let script: string | undefined
  if (options.randomParameter) {
    // wrk's Lua hook: a new path for every request.
    const url = new URL(options.url)
    const base = `${url.pathname}${url.search}`
    const joiner = url.search ? '&' : '?'
    script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-')), 'random.lua')
    fs.writeFileSync(
      script,
      `request = function()\n  return wrk.format(nil, "${base}${joiner}${options.randomParameter}=${options.randomValuePrefix ?? ''}" .. math.random(1, 1000000000))\nend\n`,
    )
    headerArgs.push('-s', script)
  }
  // Not spawnSync: this process must keep reading the server's output meanwhile, or the server's log
  // lines pile up in its memory waiting for the pipe.
  const result = await spawnText('wrk', [
    '-t1',
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    '--timeout',
    '10s',
    '--latency',
    ...headerArgs,
    options.url,
  ])
  if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true })
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.stdout}`)
  const output = result.stdout
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1])
  const p99 = toMs(/^\s*99%\s+(\S+)/m.exec(output)?.[1] ?? '')
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${output}`)
  return { requestsPerSecond: rps, p99Ms: p99, errors: non2xx + socketErrors }
}

function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        headers: options.headers,
        timeout: 10,
        ...(options.randomParameter
          ? {
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => {
                    const name = options.randomParameter ?? 'x'
                    const url = new URL(options.url)
                    return {
                      ...request,
                      path: withRandomParameter(
                        `${url.pathname}${url.search}`,
                        name,
                        options.randomValuePrefix,
                      ),
                    }
                  },
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) {
          reject(error)
          return
        }
        resolve({
          requestsPerSecond: result.requests.average,
          p99Ms: result.latency.p99,
          errors: result.non2xx + result.errors + result.timeouts,
        })
      },
    )
  })
}

function spawnText(
  command: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}
