/** Never shown: +data.ts sends the visitor to this month's calendar. */
export function Page() {
  return null
}
