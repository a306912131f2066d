// Each link is different and changes once used: never kept by the front cache.
export default false
