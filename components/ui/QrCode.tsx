/**
 * A QR code drawn on the server (qrcode's SVG, made by the site itself, never from input), shown as one
 * image with its text alternative. Dark on white with its quiet zone, so it scans on any page colour.
 */
export function QrCode({ svg, label, className = '' }: { svg: string; label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={`bg-white [&>svg]:block [&>svg]:h-auto [&>svg]:w-full ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own SVG (server/services/tickets.server.ts)
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  )
}
