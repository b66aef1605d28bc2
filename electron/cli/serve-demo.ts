import { once } from 'node:events';
import { API_LIMITS } from '../shared/api-rules.js';
import type { DemoConnection } from '../shared/demo-connection.js';
import { startDemoApi } from '../demo-api/index.js';
import { integerFlag, parseFlags } from './args.js';
import type { CliIo } from './io.js';

export const SERVE_DEMO_HELP = `Usage: cdb serve-demo [options]

Starts the Demo API (a faithful implementation of the Customer Data Management API over
generated data) on 127.0.0.1 and runs until interrupted (Ctrl+C). The first line on stdout is
one JSON object with what a client needs: baseUrl, authUrl, audience, clientId, clientSecret.

Options:
  --port N          TCP port (default: a free one)
  --seed N          seed of the generated data (default 1; the same seed gives the same data)
  --customers N     number of customers (default 2000)
  --contacts N      number of contacts (default 5000)
  --agreements N    number of agreements (default 6000)
  --latency-ms N    delay added to every answer, with ±25% jitter (default 0)
  --token-lifetime S  lifetime of the tokens it grants, in seconds (default 36000, the spec's
                    10 h; shorter to see how a client renews)
  --changes-per-minute N
                    records renamed, added and deleted a minute, as a real API's change
                    overnight (default none: the same data from start to end)
  -h, --help        show this help
`;

const MAX_ROWS = 5_000_000;

/** `cdb serve-demo`: runs the Demo API until SIGINT or SIGTERM. */
export async function serveDemo(argv: string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv, {
    port: { type: 'string' },
    seed: { type: 'string' },
    customers: { type: 'string' },
    contacts: { type: 'string' },
    agreements: { type: 'string' },
    'latency-ms': { type: 'string' },
    'token-lifetime': { type: 'string' },
    'changes-per-minute': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (flags.help) {
    io.stdout.write(SERVE_DEMO_HELP);
    return 0;
  }
  const customers = integerFlag(flags.customers, 'customers', 1, MAX_ROWS);
  const contacts = integerFlag(flags.contacts, 'contacts', 0, MAX_ROWS);
  const agreements = integerFlag(flags.agreements, 'agreements', 0, MAX_ROWS);
  const demo = await startDemoApi({
    port: integerFlag(flags.port, 'port', 0, 65_535),
    seed: integerFlag(flags.seed, 'seed', 0, 2 ** 32 - 1),
    latencyMs: integerFlag(flags['latency-ms'], 'latency-ms', 0, 60_000),
    changesPerMinute: integerFlag(flags['changes-per-minute'], 'changes-per-minute', 1, 60_000),
    limits: {
      tokenLifetimeSeconds:
        integerFlag(flags['token-lifetime'], 'token-lifetime', 1, 864_000) ?? API_LIMITS.tokenLifetimeSeconds,
    },
    size: {
      ...(customers !== undefined && { customers }),
      ...(contacts !== undefined && { contacts }),
      ...(agreements !== undefined && { agreements }),
    },
  });
  const { baseUrl, authUrl, audience, clientId, clientSecret } = demo;
  const connection: DemoConnection = { baseUrl, authUrl, audience, clientId, clientSecret };
  io.stdout.write(`${JSON.stringify(connection)}\n`);
  io.stderr.write(`Demo API listening on ${baseUrl} (press Ctrl+C to stop)\n`);
  const signal = await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  await demo.close();
  const { apiRequests, tokenRequests, rateLimited } = demo.counters;
  io.stderr.write(
    `Demo API stopped (${String(signal[0] ?? 'signal')}): ${apiRequests} API requests, ${tokenRequests} token requests (${demo.grantsToday(clientId)} tokens granted), ${rateLimited} answered 503 by the rate limit\n`,
  );
  return 0;
}
