/** Class names shared by the console's buttons and links, so every action looks and focuses alike. */
const base =
  'inline-flex items-center justify-center gap-1.5 rounded-md text-sm font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 max-sm:min-h-11 max-sm:min-w-11'

export const buttonStyles = {
  primary: `${base} bg-brand-700 px-3 py-1.5 text-white shadow-sm hover:bg-brand-800`,
  secondary: `${base} border border-slate-300 bg-white px-3 py-1.5 text-slate-800 shadow-sm hover:bg-slate-50`,
  danger: `${base} bg-red-700 px-3 py-1.5 text-white shadow-sm hover:bg-red-800`,
  /** Small actions inside table rows and cards. */
  rowAction: `${base} border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700 hover:bg-slate-50`,
  rowDanger: `${base} border border-red-200 bg-white px-2 py-1 text-xs text-red-700 hover:bg-red-50`,
} as const

export const inputStyles =
  'block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/25 focus:outline-none max-sm:min-h-11 max-sm:text-base aria-invalid:border-red-600 aria-invalid:ring-red-600/20 disabled:bg-slate-100'
