import { describe, expect, it } from 'vitest';
import { EMPTY_FIELD, fieldAfter, waitingOn, type FieldEvent, type FieldState } from './finder-field';

const after = (...events: FieldEvent[]): FieldState => events.reduce(fieldAfter, EMPTY_FIELD);

describe("the finder's field", () => {
  it('starts a typed text again from its first suggestions, open, with nothing said', () => {
    const field = after(
      { kind: 'typed', text: 'dup' },
      { kind: 'arrow', step: 1, at: undefined, offered: 8, more: true },
      { kind: 'said', problem: 'Choose one' },
      { kind: 'closed' },
      { kind: 'typed', text: 'dupo' },
    );
    expect(field).toEqual({ ...EMPTY_FIELD, text: 'dupo', expanded: true });
  });

  it('moves with the arrows, round, and on into every match past the last one offered', () => {
    let field = after(
      { kind: 'typed', text: 'dup' },
      { kind: 'arrow', step: -1, at: undefined, offered: 3, more: false },
    );
    expect(field).toMatchObject({ active: 2, moved: true });
    field = fieldAfter(field, { kind: 'arrow', step: 1, at: 2, offered: 3, more: false });
    expect(field.active).toBe(0);
    field = fieldAfter(field, { kind: 'arrow', step: 1, at: 2, offered: 3, more: true });
    expect(field).toMatchObject({ active: 3, showAll: true });
    // All are offered now: the arrows go round them.
    field = fieldAfter(field, { kind: 'arrow', step: 1, at: 9, offered: 10, more: true });
    expect(field).toMatchObject({ active: 0, showAll: true });
  });

  it('waits on the text Enter was pressed on, and no longer once it changed', () => {
    const field = after(
      { kind: 'typed', text: ' 4242 ' },
      { kind: 'entered' },
      { kind: 'wait', text: '4242' },
    );
    expect(field.expanded).toBe(true);
    expect(waitingOn(field, '4242')).toBe(true);
    expect(waitingOn(fieldAfter(field, { kind: 'typed', text: '42421' }), '42421')).toBe(false);
    expect(waitingOn(fieldAfter(field, { kind: 'asking' }), '4242')).toBe(false);
    // A wait that did not ask the id's route says so until the route is asked.
    const before = fieldAfter(field, { kind: 'wait', text: '4242', thenRoute: true });
    expect(before.routeAfter).toBe(true);
    expect(fieldAfter(before, { kind: 'asking' }).routeAfter).toBe(false);
    expect(fieldAfter(before, { kind: 'wait', text: '4242' }).routeAfter).toBe(false);
  });

  it('empties and closes once a customer is opened, and Enter on an empty field opens no list', () => {
    const field = after(
      { kind: 'typed', text: 'CUS-1' },
      { kind: 'said', problem: 'x' },
      { kind: 'wait', text: 'CUS-1' },
      { kind: 'chose' },
    );
    expect(field).toMatchObject({ text: '', expanded: false, problem: undefined, pending: undefined });
    expect(fieldAfter(EMPTY_FIELD, { kind: 'entered' })).toBe(EMPTY_FIELD);
  });
});
