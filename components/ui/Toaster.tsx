/**
 * The public site's toast outlet, bottom right (never over the header's menu and links): rendered empty on the server, filled by showToast
 * (components/ui/toasts.ts) in the browser. Screen readers hear each new toast. The console keeps its own
 * toasts (sonner, components/console/notify.ts).
 */
export function Toaster() {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] px-4 sm:inset-x-auto sm:right-4"
    >
      <ol data-toasts aria-live="polite" className="ml-auto flex w-full max-w-sm flex-col gap-2 sm:w-sm" />
    </section>
  )
}
