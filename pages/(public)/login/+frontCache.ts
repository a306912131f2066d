// A signed-in visitor is sent on to the console: this page is never kept by the front cache.
export default false
