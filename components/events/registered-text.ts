/**
 * What a visitor reads once registered, on the event page (registration-form.ts, in place) and on the
 * manage page the form leads to without scripts: where the registration stands and where its mail went.
 */

export type RegisteredStatus = 'confirmed' | 'pending' | 'waitlisted'

/** Where the registration stands, in a sentence. */
export function registeredText(status: RegisteredStatus, position?: number): string {
  if (status === 'confirmed') return 'You are registered: your seat is confirmed.'
  if (status === 'pending')
    return 'Registration received: a seat is held for you until the organisers confirm it.'
  return `The event is full: you are on the waiting list, place ${position}.`
}

/** Where the mail went and what it holds (the ticket comes with a confirmed seat); without mail, what to keep. */
export function whereTheMailWent(status: RegisteredStatus, mailedTo: string | null): string {
  if (!mailedTo)
    return 'No mail goes out from this site: keep the link to your registration, it is how you see or cancel it.'
  if (status === 'confirmed')
    return `Your ticket is on its way to ${mailedTo}: show its QR code at the door. The mail also has the link to see or cancel your registration.`
  if (status === 'pending')
    return `A mail with the link to your registration is on its way to ${mailedTo}; your ticket follows by mail once your seat is confirmed.`
  return `A mail with the link to your registration is on its way to ${mailedTo}; if a seat frees up for you, the offer comes there too.`
}
