// The countdown's numbers are written as of the request's second: never kept by the front cache.
export default false
