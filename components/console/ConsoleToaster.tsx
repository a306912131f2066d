import { Toaster } from 'sonner'
import { MAX_TOASTS, TOAST_DURATION_MS } from './notify'

/**
 * sonner's toaster with the limits of docs/product.md#constants; the login page and the console each render one.
 * Bottom right: where nothing of the header (Search, Dashboard, Logout) can be covered.
 */
export function ConsoleToaster() {
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={MAX_TOASTS}
      richColors
      closeButton
      containerAriaLabel="Notifications"
    />
  )
}
