import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'

/**
 * Requests that Node's HTTP parser refuses (an unknown method, a malformed header) never reach the app;
 * Node would answer a bare 400 with no body. These get the API's JSON error shape instead, so every
 * answer a client can read says what went wrong.
 */
export function answerMalformedRequestsInJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    const body = JSON.stringify({
      success: false,
      message: tooLarge ? 'The request headers are too large.' : 'The request could not be read.',
    })
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    )
  })
}
