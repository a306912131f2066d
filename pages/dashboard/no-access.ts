/** What the 403 page says to someone signed in who opens a console page that is not theirs. */
export const NO_ACCESS = "You don't have access to this page"
