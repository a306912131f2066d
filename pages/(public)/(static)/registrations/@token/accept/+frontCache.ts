// A private link: rendered for whoever holds it, never kept by the front cache or a shared cache.
export default false
