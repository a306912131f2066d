import Swiper from 'swiper'
import { A11y, Mousewheel, Pagination } from 'swiper/modules'

/**
 * The chapter landing's carousel behaviour (components/chapter/EventCarousel.tsx renders its markup): one
 * slide at a time, 30 px apart, clickable dots and the mouse wheel (docs/product.md#chapter-landing-page). The chrome script imports
 * this module, and with it Swiper, only on pages that have a [data-carousel].
 */
export function startCarousels(doc: Document): void {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-carousel]')) {
    new Swiper(element, {
      modules: [Pagination, Mousewheel, A11y],
      slidesPerView: 1,
      spaceBetween: 30,
      pagination: { el: element.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
      mousewheel: { releaseOnEdges: true },
      a11y: { containerRoleDescriptionMessage: 'carousel', itemRoleDescriptionMessage: 'slide' },
    })
  }
}
