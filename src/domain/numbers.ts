/** A count as the product writes it everywhere: grouped in thousands, US style ("12,345"). */
export const grouped = (n: number) => n.toLocaleString("en-US");
