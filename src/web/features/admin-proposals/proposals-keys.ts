/** The proposals page's queries, under one key that every change to a proposal refreshes. */
export const proposalsKeys = {
  all: ['admin-proposals'] as const,
  list: (status: string, page: number) => ['admin-proposals', 'list', status, page] as const,
  /** The booking a quote is for, as the form prices it (its currency). */
  booking: (id: number | null) => ['admin-proposals', 'booking', id] as const,
};
