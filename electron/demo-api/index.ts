/**
 * The Demo API as the shipped app and `cdb serve-demo` start it: the built-in Demo connection. Its
 * test hooks (faults, revocation) are in testing/, which nothing shipped imports.
 */
import { startDemoServer, type DemoApi, type DemoApiOptions } from './demo-server.js';

export { DEFAULT_DATASET_SIZE, type DemoApi, type DemoApiOptions, type DemoCounters } from './demo-server.js';

/** Starts the Demo API on 127.0.0.1: a faithful implementation of the API's specification over generated data. */
export function startDemoApi(options: DemoApiOptions = {}): Promise<DemoApi> {
  return startDemoServer(options);
}
