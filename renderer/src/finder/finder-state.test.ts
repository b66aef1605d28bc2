import { describe, expect, it } from 'vitest';
import type { CustomerSuggestion, HeldListStatus } from '@shared/held-list';
import {
  arrowMove,
  askAfterMs,
  enterAction,
  foundFor,
  inPlace,
  markedFirst,
  TYPING_PAUSE_MS,
  waitOutcome,
  type FinderAnswer,
  type Found,
} from './finder-state';

const customer = (customerId: string, byId = false): CustomerSuggestion => ({
  customerId,
  matched: { of: 'customer', field: byId ? 'id' : 'name', value: customerId, ...(byId && { byId }) },
});
const list = (state: HeldListStatus['state']): HeldListStatus => ({
  connectionId: 'demo',
  resource: 'customers',
  lang: 'en',
  state,
  read: 10,
  rereading: false,
  bytes: 0,
  budgetBytes: 0,
});
const found = (suggestions: CustomerSuggestion[], settled: boolean, total = suggestions.length): Found => ({
  suggestions,
  total,
  lists: [list(settled ? 'held' : 'reading')],
  settled,
});

describe('the finder', () => {
  describe('the answer that holds for the field', () => {
    const answer: FinderAnswer = {
      suggestions: [customer('CUS-1')],
      total: 1,
      lists: [list('held')],
      text: 'dupont',
      harder: '',
    };

    it('is the answer to the text in the field, settled when the lists it looked in were read whole', () => {
      expect(foundFor('dupont', 'dupont', answer, '', [list('held')])).toMatchObject({
        suggestions: [customer('CUS-1')],
        total: 1,
        settled: true,
      });
      // Made while the lists were read, it is not settled though they were read whole since: it
      // looked at part of them (the same text is asked again, and that answer settles it).
      const early = { ...answer, lists: [list('reading')] };
      expect(foundFor('dupont', 'dupont', early, '', [list('held')])).toMatchObject({
        lists: [list('held')],
        settled: false,
      });
      // Asked harder since (Enter): the answer to the lighter question settles nothing.
      expect(foundFor('dupont', 'dupont', answer, 'read', [list('held')]).settled).toBe(false);
    });

    it('is none while the field’s text is typed over, or asked about and not answered yet', () => {
      // The field says "dupond" now; "dupont"'s answer came late, after the new text was asked.
      expect(foundFor('dupond', 'dupond', answer, '', [list('held')])).toEqual({
        suggestions: [],
        total: 0,
        lists: [list('held')],
        settled: false,
      });
      // Typing has not paused yet: nothing asked for the field's text.
      expect(foundFor('dupond', 'dupont', answer, '', [list('held')]).lists).toEqual([]);
    });

    it('an older text’s late answer and Enter open nothing of that text (the race of a pasted id)', () => {
      // CUS-1 was open; a new id is pasted and Enter pressed before its answer: the old answer,
      // for "CUS-1", must not open CUS-1 again.
      const old: FinderAnswer = {
        suggestions: [customer('CUS-1', true)],
        total: 1,
        lists: [list('held')],
        text: 'CUS-1',
        harder: '',
      };
      const shown = foundFor('CUS-2', 'CUS-2', old, '', [list('held')]);
      expect(enterAction('CUS-2', shown, undefined)).toEqual({ kind: 'ask-route', id: 'CUS-2' });
      // Every list an id is looked for in held whole: its answer, on its way, is waited for (then
      // the route, if none has it), not the API's route asked at once.
      expect(enterAction('CUS-2', shown, undefined, true)).toEqual({ kind: 'wait', thenRoute: true });
      // Not asked about yet (typing had not paused): Enter asks at once and waits the same.
      const typing = foundFor('CUS-2', 'CUS-1', old, '', [list('held')]);
      expect(enterAction('CUS-2', typing, undefined, true)).toEqual({ kind: 'wait', thenRoute: true });
      // Lists not all held: the route at once, whether asked or not.
      expect(enterAction('CUS-2', typing, undefined, false)).toEqual({ kind: 'ask-route', id: 'CUS-2' });
    });
  });

  describe('Enter', () => {
    it('opens the customer the arrows chose, before anything typed', () => {
      expect(enterAction('', found([], false), customer('CUS-9'))).toEqual({
        kind: 'open',
        suggestion: customer('CUS-9'),
      });
    });

    it('says to type something on an empty field', () => {
      expect(enterAction('', found([], false), undefined)).toEqual({
        kind: 'say',
        said: { key: 'openCustomer.empty' },
      });
    });

    it('opens the record whose id was typed, even among other matches', () => {
      const byId = customer('CUS-4', true);
      expect(enterAction('CUS-4', found([customer('CUS-40'), byId], false), undefined)).toEqual({
        kind: 'open',
        suggestion: byId,
      });
    });

    it('opens the only match of words at once, and of an id only once the lists are read whole', () => {
      const one = [customer('CUS-7')];
      expect(enterAction('dupont', found(one, false), undefined).kind).toBe('open');
      expect(enterAction('11004', found(one, false), undefined)).toEqual({ kind: 'ask-route', id: '11004' });
      expect(enterAction('11004', found(one, true), undefined).kind).toBe('open');
    });

    it('waits for the lists on words they may hold, then says to choose or that none matches', () => {
      expect(enterAction('dupont', found([], false), undefined)).toEqual({ kind: 'wait' });
      expect(enterAction('dupont', found([customer('A'), customer('B')], true), undefined)).toEqual({
        kind: 'say',
        said: { key: 'openCustomer.choose' },
      });
      expect(enterAction('dupont', found([], true), undefined)).toEqual({
        kind: 'say',
        said: { key: 'openCustomer.noMatch', values: { text: 'dupont' } },
      });
    });

    it('refuses punctuation alone and an id the routes cannot take, naming it', () => {
      expect(enterAction('..', found([], true), undefined)).toEqual({
        kind: 'say',
        said: { key: 'openCustomer.invalid', values: { id: '..' } },
      });
      expect(enterAction('CUS-1%2F..', found([], true), undefined)).toMatchObject({
        said: { key: 'openCustomer.invalid' },
      });
    });
  });

  describe('a wait for the lists', () => {
    it('comes to nothing until the lists are read whole, or when nothing waits', () => {
      expect(waitOutcome('dupont', found([customer('A')], false), true)).toBeUndefined();
      expect(waitOutcome('dupont', found([customer('A')], true), false)).toBeUndefined();
    });

    it('opens the one customer words match, and says to choose among several', () => {
      expect(waitOutcome('dupont', found([customer('A')], true), true)).toEqual({
        kind: 'open',
        suggestion: customer('A'),
      });
      expect(waitOutcome('dupont', found([customer('A'), customer('B')], true), true)).toEqual({
        kind: 'say',
        said: { key: 'openCustomer.choose' },
      });
    });

    it('says no record has an id the lists do not hold, even when its digits match a phone', () => {
      expect(waitOutcome('AGR-0099', found([customer('A')], true), true)).toEqual({
        kind: 'say',
        said: { key: 'openCustomer.noId', values: { text: 'AGR-0099' } },
      });
    });

    it('asks the route of an id the lists held do not know, when Enter waited for its answer rather than ask', () => {
      expect(waitOutcome('CUS-0099', found([customer('A')], true), true, true)).toEqual({
        kind: 'ask-route',
        id: 'CUS-0099',
      });
      // Found by its id: opened as its answer comes (onFound), nothing asked.
      expect(waitOutcome('CUS-0099', found([customer('CUS-0099', true)], true), true, true)).toBeUndefined();
    });
  });

  describe('the arrows', () => {
    it('go to the first or the last offered, then on, round', () => {
      expect(arrowMove(1, undefined, 3, false)).toEqual({ active: 0 });
      expect(arrowMove(-1, undefined, 3, false)).toEqual({ active: 2 });
      expect(arrowMove(1, 2, 3, false)).toEqual({ active: 0 });
      expect(arrowMove(-1, 0, 3, false)).toEqual({ active: 2 });
    });

    it('go on past the last into every match when more match than are offered', () => {
      expect(arrowMove(1, 7, 8, true)).toEqual({ active: 8, showAll: true });
      expect(arrowMove(1, undefined, 0, false)).toEqual({ active: 0 });
    });
  });
});

describe('the customers offered as the lists are read', () => {
  const offered = (...ids: string[]) =>
    ids.map((customerId) => ({
      customerId,
      matched: { of: 'customer' as const, field: 'id', value: customerId },
    }));
  it('keeps those offered before in their places, the new ones after, those gone left out', () => {
    const before = offered('CUS-3', 'CUS-1', 'CUS-7');
    const after = offered('CUS-1', 'CUS-2', 'CUS-3', 'CUS-9');
    expect(inPlace(before, after).map((each) => each.customerId)).toEqual([
      'CUS-3',
      'CUS-1',
      'CUS-2',
      'CUS-9',
    ]);
  });
});

describe('the favourites and recents among what is typed', () => {
  const found = (...ids: string[]): CustomerSuggestion[] =>
    ids.map((customerId) => ({
      customerId,
      city: 'Liège',
      matched: { of: 'contact', field: 'lastName', value: 'Fontaine', contactName: 'Agnès Fontaine' },
    }));
  const marked = [
    { customerId: 'CUS-3', name: 'Fontaine Transports', city: 'Paris' },
    { customerId: 'CUS-9', name: 'Petit Menuiserie SARL' },
  ];
  it('offers a marked customer whose name holds the words first, as the lists found it when they did', () => {
    expect(markedFirst(marked, 'fontaine', found('CUS-1', 'CUS-2')).map((each) => each.customerId)).toEqual([
      'CUS-3',
      'CUS-1',
      'CUS-2',
    ]);
    expect(markedFirst(marked, 'fontaine', found('CUS-1', 'CUS-3'))[0]).toMatchObject({
      customerId: 'CUS-3',
      matched: { of: 'contact' },
    });
    expect(markedFirst(marked, 'transports fontaine', [])[0]).toEqual({
      customerId: 'CUS-3',
      name: 'Fontaine Transports',
      city: 'Paris',
      matched: { of: 'customer', field: 'id', value: 'CUS-3' },
    });
    expect(markedFirst(marked, 'lyon', found('CUS-1')).map((each) => each.customerId)).toEqual(['CUS-1']);
  });
});

describe('askAfterMs', () => {
  it('asks once typing pauses, and at once when Enter waits for the answer', () => {
    expect(askAfterMs(false)).toBe(TYPING_PAUSE_MS);
    expect(TYPING_PAUSE_MS).toBeGreaterThan(0);
    expect(askAfterMs(true)).toBe(0);
  });
});
