import type { HeldLists, ListSource } from '../../electron/core/search/lists/held-lists.js';
import type { KeptLists } from '../../electron/core/search/lists/kept-lists.js';
import type { Connection } from '../../electron/core/api/connect.js';
import type { DemoApi } from '../../electron/demo-api/index.js';
import type { Resource } from '../../electron/shared/api-rules.js';
import type { startAddressFront } from './address-front.js';
import { percentiles, type Figure } from './report.js';

/** One agent's machine: its engine's connection, and the lists it holds for search. */
export interface Agent {
  connection: Connection;
  lists: HeldLists;
  source: ListSource;
}

/** One answer the screen waited for: when it was asked (ms since the day began), and how long it took. */
export interface ScreenAnswer {
  at: number;
  ms: number;
}

/** The desk a morning starts at: its agents, their kept lists, the address they share. */
export interface MorningDesk {
  agents: readonly number[];
  agentOf: (index: number) => Promise<Agent>;
  keptOf: (index: number) => KeptLists;
  screenTimes: (dayBegan: number) => {
    times: ScreenAnswer[];
    timed: (work: () => Promise<unknown>) => Promise<void>;
  };
  address: Awaited<ReturnType<typeof startAddressFront>>;
  demo: DemoApi;
  heldListRequest: (url: string) => boolean;
  minuteMs: number;
  screenEveryMinutes: number;
  finder: readonly Resource[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An agent's morning: it starts (on the lists kept the day before, when `kept`), and its first
 * screen (a list's count and first page) is asked at once; then the screen's reads of every five
 * minutes, as in the day, for MORNING_MINUTES.
 */
async function morning(
  desk: MorningDesk,
  agent: Agent,
  index: number,
  kept: boolean,
  dayBegan: number,
): Promise<ScreenAnswer[]> {
  const { lists, source, connection } = agent;
  const { keptOf, address, finder, minuteMs, screenEveryMinutes } = desk;
  const { times, timed } = desk.screenTimes(dayBegan);
  // Within the morning's first minute (a real one: 20 desks do not start within two seconds), in no order.
  await sleep(((index * 7_919) % 97) * (MORNING_START_MS / 97));
  const restored = kept ? keptOf(index).loadOnce(source, address.url) : undefined;
  if (restored) await lists.restore(source.connectionId, restored);
  for (const resource of finder) void lists.prepare(source, { resource }, 'en');
  for (let minute = 0; minute < MORNING_MINUTES; minute++) {
    for (const resource of finder) await lists.use(source, { resource }, 'en');
    if ((minute + index) % screenEveryMinutes === 0 || minute === 0) {
      await timed(() => connection.client.count({ resource: 'customers' }, { priority: 'interactive' }));
      await timed(() =>
        connection.client.listPage(
          { resource: 'customers', size: 100, lang: 'en' },
          { priority: 'interactive' },
        ),
      );
    }
    await sleep(minuteMs - (performance.now() % minuteMs));
  }
  // The morning lasts until the last desk has started and had its minutes.
  await sleep(Math.max(0, MORNING_START_MS - (performance.now() - dayBegan)));
  return times;
}

/** The day before the morning: each agent reads its lists whole, behind the address, and keeps them sealed. */
async function dayBefore(desk: MorningDesk, count: number): Promise<void> {
  const { agentOf, keptOf, address, finder } = desk;
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const agent = await agentOf(index);
      const held = await Promise.all(
        finder.map((resource) => agent.lists.use(agent.source, { resource }, 'en')),
      );
      while (held.some((list) => list.state !== 'held' || list.reading)) await sleep(50);
      const kept = keptOf(index);
      await kept.load(agent.source, address.url);
      await kept.flush(held);
      agent.lists.close();
    }),
  );
}

const MORNING_MINUTES = 5;
const MORNING_START_MS = Number(process.env.DESK_DAY_MORNING_MS ?? 60_000);
/**
 * The next morning (see desk-day.ts): N agents start within one of the day's minutes, on the lists
 * they held the day before and kept sealed, or with nothing kept; the p95 of the rows on screen.
 */
export async function mornings(desk: MorningDesk): Promise<Figure[]> {
  const { agents } = desk;
  const figures: Figure[] = [];
  const p95s: Record<'nothing kept' | 'lists kept', Record<number, number>> = {
    'nothing kept': {},
    'lists kept': {},
  };
  for (const kept of [false, true]) {
    const name = kept ? 'lists kept' : 'nothing kept';
    for (const count of agents) {
      if (kept) await dayBefore(desk, count);
      // Overnight, colleagues elsewhere changed a few records.
      for (let k = 0; k < 5; k++) {
        desk.demo.store.rename('customers', `CUS-${String(1 + k * 997).padStart(8, '0')}`, `Overnight ${k}`);
        desk.demo.store.rename('contacts', `CON-${String(1 + k * 991).padStart(8, '0')}`, `Overnight ${k}`);
      }
      const started = await Promise.all(Array.from({ length: count }, (_, index) => desk.agentOf(index)));
      await sleep(1_000);
      desk.address.reset();
      const begin = performance.now();
      const answers = (
        await Promise.all(started.map((agent, index) => morning(desk, agent, index, kept, begin)))
      ).flat();
      for (const agent of started) agent.lists.close();
      const p95 = percentiles(answers.map((answer) => answer.ms)).p95;
      p95s[name][count] = p95;
      figures.push(
        { figure: `morning, ${name}, N = ${count}: rows on screen, p95`, value: p95, unit: 'ms' },
        {
          figure: `morning, ${name}, N = ${count}: held-list reads`,
          value: desk.address.counts.requests.filter((request) => desk.heldListRequest(request.url)).length,
          unit: 'requests',
        },
      );
    }
  }
  for (const name of ['nothing kept', 'lists kept'] as const) {
    const one = p95s[name][1];
    const most = p95s[name][Math.max(...agents)];
    if (one && most)
      figures.push({
        figure: `morning, ${name}: p95 with ${Math.max(...agents)} agents ÷ with 1`,
        value: most / one,
        unit: '×',
        ...(name === 'lists kept' && { target: '≤ 2' as const }),
      });
  }
  return figures;
}
