import { useEffect } from 'react'

/**
 * Marks <html data-hydrated> once React has taken over the page: a click or a typed key before that
 * would reach a form without its handlers. Browser tests and scripts wait for it.
 */
export function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])
}
