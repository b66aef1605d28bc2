import type { ParsedRequestInput, RequestName, RequestOutputs } from '../../shared/contract/contract.js';

/**
 * A handler per request of the contract; `caller` names the window or tab it came from
 * (request-registry.ts). AppCore serves them all; a part that serves a few (saved views, search)
 * gives its share as a Pick of them.
 */
export type Handlers = {
  [N in RequestName]: (input: ParsedRequestInput<N>, caller?: string) => Promise<RequestOutputs[N]>;
};
