import { SymposiumCallPage } from '#components/events/SymposiumCallPage'
import { symposiumCalls } from '#content/symposium'

const call = symposiumCalls.find((candidate) => candidate.path === '/call-for-extended-abstract')

export function Page() {
  if (!call) throw new Error('content/symposium.ts has no call for /call-for-extended-abstract')
  return <SymposiumCallPage call={call} />
}
