import type { CustomerSuggestion } from '../../shared/held-list.js';
import type { ApiRecord } from '../../shared/schema.js';
import { foldText, isBlank, searchableValue, searchTermsOf, type SearchTerms } from '../../shared/search.js';
import type { HeldRows } from './held-rows.js';

/** Rows looked through between two checks of how many suggestions were found. */
const STEP_ROWS = 5_000;

/**
 * The field of a contact that names its customer. The spec does not show the fields of a contact;
 * the names APIs commonly give it are tried in turn, and a `customer` object's `id`.
 */
const CUSTOMER_ID_FIELDS = ['customerId', 'customer_id', 'customerID'] as const;

/** The id of the customer a contact belongs to, when the contact names it. */
export function customerIdOf(contact: ApiRecord): string | undefined {
  for (const field of CUSTOMER_ID_FIELDS) {
    const value = contact[field];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  const customer = contact.customer;
  if (typeof customer === 'object' && customer !== null) {
    const id = (customer as Record<string, unknown>).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}

/** A customer's name as a record gives it. */
function nameOf(record: ApiRecord | undefined): string | undefined {
  return typeof record?.name === 'string' && record.name ? record.name : undefined;
}

/**
 * The customers the top bar offers for what was typed (an id, a name, an email or a phone of the
 * customer or of one of its contacts): the customer whose id it is first, then customers whose own
 * fields match (those whose name or id starts with it first), then the customers of the contacts
 * that match, each customer once, at most `limit`. Reads held rows only: no request.
 */
export function suggestCustomers(
  text: string,
  customers: HeldRows | undefined,
  contacts: HeldRows | undefined,
  limit: number,
): CustomerSuggestion[] {
  const terms = searchTermsOf(text);
  if (isBlank(terms)) return [];
  const suggestions: CustomerSuggestion[] = [];
  const offered = new Set<string>();
  const offer = (suggestion: CustomerSuggestion) => {
    if (offered.has(suggestion.customerId) || suggestions.length >= limit) return;
    offered.add(suggestion.customerId);
    suggestions.push(suggestion);
  };

  const id = text.trim();
  const exact = customers?.record(id);
  if (exact) offer({ customerId: id, ...named(exact), matched: { of: 'customer', field: 'id', value: id } });

  if (customers) {
    const lead = foldText(text.trim());
    const found = firstMatches(customers, terms, limit * 4).map((record) => ({
      record,
      starts: [record.id, record.name].some((value) =>
        foldText(searchableValue(value) ?? '').startsWith(lead),
      ),
    }));
    // Stable: in the list's order within each group.
    found.sort((a, b) => Number(b.starts) - Number(a.starts));
    for (const { record } of found) {
      const customerId = searchableValue(record.id) ?? '';
      if (customerId)
        offer({ customerId, ...named(record), matched: { of: 'customer', ...matchedField(record, terms) } });
    }
  }
  if (contacts && suggestions.length < limit) {
    for (const contact of firstMatches(contacts, terms, limit * 4)) {
      const customerId = customerIdOf(contact);
      if (customerId === undefined) continue;
      offer({
        customerId,
        ...named(customers?.record(customerId)),
        matched: { of: 'contact', ...matchedField(contact, terms), ...contactName(contact) },
      });
    }
  }
  return suggestions;
}

/** The first `count` records of the held rows that have every term, in the list's order. */
function firstMatches(rows: HeldRows, terms: SearchTerms, count: number): ApiRecord[] {
  const found: ApiRecord[] = [];
  for (let from = 0; from < rows.length && found.length < count; from += STEP_ROWS) {
    rows.findTerms(terms, from, Math.min(rows.length, from + STEP_ROWS), (index) => {
      const record = rows.records[index];
      if (record && found.length < count) found.push(record);
    });
  }
  return found;
}

/** The first field of the record that holds one of the terms: what the suggestion says matched. */
function matchedField(record: ApiRecord, terms: SearchTerms): { field: string; value: string } {
  for (const field in record) {
    const value = searchableValue(record[field]);
    if (value === undefined) continue;
    const words = foldText(value);
    const digits = value.replace(/\D/g, '');
    if (terms.words.some((word) => words.includes(word)) || terms.digits.some((seq) => digits.includes(seq)))
      return { field, value };
  }
  return { field: 'id', value: searchableValue(record.id) ?? '' };
}

function named(record: ApiRecord | undefined): { name?: string } {
  const name = nameOf(record);
  return name === undefined ? {} : { name };
}

/** A contact's name: its `name`, else its first and last names. */
function contactName(contact: ApiRecord): { contactName?: string } {
  const name =
    nameOf(contact) ??
    [contact.firstName, contact.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  return name ? { contactName: name } : {};
}
