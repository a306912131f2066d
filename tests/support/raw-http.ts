import http from 'node:http'

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

export type RawRequest = {
  method?: string
  /** Sent exactly as given: no normalisation of `..`, no encoding (fetch would do both). */
  path: string
  headers?: Record<string, string | number>
  body?: Buffer | string
  agent?: http.Agent
  timeoutMs?: number
}

/** One HTTP request through node:http, for what fetch refuses to send: raw paths, odd methods, broken bodies. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: request.headers,
        agent: request.agent,
        timeout: request.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${request.method ?? 'GET'} ${request.path} timed out`)))
    req.on('error', reject)
    req.end(request.body)
  })
}
