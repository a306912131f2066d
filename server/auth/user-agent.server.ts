/** Browser and system named from a User-Agent, for the sessions list; rough on purpose (no database of agents). */
export function describeUserAgent(userAgent: string): { browser: string; system: string } {
  const ua = userAgent
  const version = (pattern: RegExp) => pattern.exec(ua)?.[1]?.split('.')[0]
  let browser = 'Unknown browser'
  const edge = version(/Edg(?:e|A|iOS)?\/([\d.]+)/)
  const opera = version(/OPR\/([\d.]+)/)
  const firefox = version(/(?:Firefox|FxiOS)\/([\d.]+)/)
  const chrome = version(/(?:Chrome|CriOS)\/([\d.]+)/)
  const safari = /Safari\//.test(ua) ? version(/Version\/([\d.]+)/) : undefined
  if (edge) browser = `Edge ${edge}`
  else if (opera) browser = `Opera ${opera}`
  else if (firefox) browser = `Firefox ${firefox}`
  else if (chrome) browser = /HeadlessChrome/.test(ua) ? `Headless Chrome ${chrome}` : `Chrome ${chrome}`
  else if (safari) browser = `Safari ${safari}`
  else if (/^curl\//.test(ua)) browser = 'curl'
  else if (/^node|undici/i.test(ua)) browser = 'Node.js'

  let system = 'Unknown system'
  if (/Android/.test(ua)) system = 'Android'
  else if (/iPhone|iPad|iPod/.test(ua)) system = 'iOS'
  else if (/Windows/.test(ua)) system = 'Windows'
  else if (/CrOS/.test(ua)) system = 'ChromeOS'
  else if (/Mac OS X|Macintosh/.test(ua)) system = 'macOS'
  else if (/Linux/.test(ua)) system = 'Linux'
  return { browser, system }
}
