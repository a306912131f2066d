/**
 * The event the benchmarks create through the API: on 2027-03-01 in Dhaka, with registration on this
 * site as `registration` says.
 */
export const benchEvent = (
  event: { title: string; description: string; startTime?: string; endTime?: string },
  registration: Record<string, unknown>,
) => ({
  startTime: '10:00',
  endTime: '12:00',
  eventDate: '2027-03-01',
  location: 'Dhaka',
  host: 'Bench Chapter',
  registrationMethod: 'Online',
  fees: 0,
  banner: 'https://images.example.org/banner.png',
  eventLink: 'https://www.facebook.com/events/1',
  ...event,
  registration,
})
