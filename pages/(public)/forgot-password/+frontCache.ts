// Small and per installation (whether mail is set up); not worth a cache entry.
export default false
