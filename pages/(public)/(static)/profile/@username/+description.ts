export const description = 'Member profiles are on their way. Stay tuned: the countdown is on.'
