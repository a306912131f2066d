import { describe, expect, it } from 'vitest'
import { addDays, createSiteClock, localDaySpan } from '#db/clock'

/** The site's clock answers in TIME_ZONE at a given instant, whatever the process's own zone (db/clock.ts). */
describe("the site's clock", () => {
  const at = (iso: string) => () => Date.parse(iso)

  it('today is the date in TIME_ZONE: 20:30 UTC is already tomorrow in Dhaka, still today in Los Angeles', () => {
    expect(createSiteClock('Asia/Dhaka', at('2031-03-10T20:30:00Z')).today()).toBe('2031-03-11')
    expect(createSiteClock('America/Los_Angeles', at('2031-03-10T20:30:00Z')).today()).toBe('2031-03-10')
    expect(createSiteClock('America/Los_Angeles', at('2031-03-11T06:59:00Z')).today()).toBe('2031-03-10')
  })

  it('the next day starts at midnight in TIME_ZONE, across month ends and clock changes', () => {
    const dhaka = createSiteClock('Asia/Dhaka', at('2031-01-31T12:00:00Z'))
    expect(new Date(dhaka.startOfNextDay()).toISOString()).toBe('2031-01-31T18:00:00.000Z')
    // At midnight exactly, the next day is a whole day on.
    expect(new Date(dhaka.startOfNextDay(Date.parse('2031-01-31T18:00:00Z'))).toISOString()).toBe(
      '2031-02-01T18:00:00.000Z',
    )
    // Los Angeles moves its clocks on 9 March 2031: that night's midnight is at -08:00, the next at -07:00.
    const angeles = createSiteClock('America/Los_Angeles', at('2031-03-09T12:00:00Z'))
    expect(new Date(angeles.startOfNextDay()).toISOString()).toBe('2031-03-10T07:00:00.000Z')
    expect(new Date(angeles.startOfNextDay(Date.parse('2031-03-08T20:00:00Z'))).toISOString()).toBe(
      '2031-03-09T08:00:00.000Z',
    )
  })

  it('reads local date-times as instants and counts days on the calendar', () => {
    const dhaka = createSiteClock('Asia/Dhaka', at('2031-12-31T19:00:00Z'))
    expect(new Date(dhaka.instantOf('2032-01-01', '10:00')).toISOString()).toBe('2032-01-01T04:00:00.000Z')
    expect(dhaka.daysFromToday(0)).toBe('2032-01-01')
    expect(dhaka.daysFromToday(-1)).toBe('2031-12-31')
    expect(dhaka.daysFromToday(60)).toBe('2032-03-01')
    expect(dhaka.dateTimeOf()).toBe('2032-01-01T01:00')
    expect(addDays('2032-02-28', 1)).toBe('2032-02-29')
    expect(addDays('2031-03-01', -1)).toBe('2031-02-28')
  })

  it('a span of local days runs from the first midnight to the midnight after the last', () => {
    const span = localDaySpan({ from: '2031-06-01', to: '2031-06-30' }, 'Asia/Dhaka')
    expect(span.from?.toISOString()).toBe('2031-05-31T18:00:00.000Z')
    expect(span.to?.toISOString()).toBe('2031-06-30T18:00:00.000Z')
    expect(localDaySpan({}, 'Asia/Dhaka')).toEqual({ from: undefined, to: undefined })
  })
})
