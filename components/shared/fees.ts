/** An event's fees as the site writes them everywhere: "Free", or "1,500 BDT" (fees are in Bangladeshi taka). */
export const formatFees = (fees: number) => (fees === 0 ? 'Free' : `${fees.toLocaleString('en-US')} BDT`)
