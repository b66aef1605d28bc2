let issued = 0;

/**
 * A new id for a request that may be cancelled (`data.cancel` takes it): unique in the page, the
 * core keeps ids apart by caller, and `what` says in a log what asked for it.
 */
export const newRequestId = (what: string): string => `${what}-${++issued}`;
