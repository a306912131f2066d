import http from 'node:http'

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

export type RawRequest = {
  method?: string
  /** Sent exactly as given: no normalisation of `..`, no encoding (fetch would do both). */
  path: string
  headers?: Record<string, string | number | string[]>
  body?: Buffer | string
  agent?: http.Agent
  timeoutMs?: number
  /** The client's own address (any of 127.0.0.0/8 on loopback): to act as different visitors. */
  localAddress?: string
}

/** The whole answer: status, headers and body. */
function readAnswer(res: http.IncomingMessage): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('end', () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
    )
    res.on('error', reject)
  })
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
        // Node frames a GET's body only with a length: without one, the body would be read by the server
        // as the next request on the connection (and the answer to that garbage taken for this one's).
        headers:
          request.body && request.method !== 'HEAD'
            ? { 'content-length': String(request.body.length), ...request.headers }
            : request.headers,
        agent: request.agent,
        localAddress: request.localAddress,
        timeout: request.timeoutMs ?? 10_000,
      },
      (res) => readAnswer(res).then(resolve, reject),
    )
    req.on('timeout', () => req.destroy(new Error(`${request.method ?? 'GET'} ${request.path} timed out`)))
    req.on('error', reject)
    req.end(request.body)
  })
}

export type SlowRequest = {
  /**
   * Resolves once the server has the request (it answered the `Expect: 100-continue` the request sends,
   * which Node's server does as it hands the request to the app) and the first part of the body is written.
   */
  started: Promise<void>
  /** Sends the rest of the body. */
  finish: () => void
  answer: Promise<RawAnswer>
}

/**
 * A request whose body is sent in two parts: `sentFirst` bytes once the server has the request, the rest
 * when `finish()` is called.
 */
export function slowRequest(
  baseUrl: string,
  request: RawRequest & { body: Buffer; sentFirst: number },
): SlowRequest {
  const url = new URL(baseUrl)
  let req: http.ClientRequest | undefined
  let markStarted = () => {}
  const started = new Promise<void>((resolve) => {
    markStarted = resolve
  })
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method ?? 'POST',
        path: request.path,
        headers: { ...request.headers, 'content-length': request.body.length, expect: '100-continue' },
        agent: request.agent,
      },
      (res) => readAnswer(res).then(resolve, reject),
    )
    req.on('error', reject)
    req.once('continue', () => req?.write(request.body.subarray(0, request.sentFirst), () => markStarted()))
    req.flushHeaders()
  })
  return { started, finish: () => req?.end(request.body.subarray(request.sentFirst)), answer }
}

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartBody(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----chapter-test-${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}
