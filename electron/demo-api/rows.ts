import type { Language } from '../shared/api-rules.js';

/**
 * Rows as the Demo API stores them: compact (times in epoch seconds, dates in epoch days, money in
 * cents, all small integers V8 keeps unboxed) so a million agreements fit in little memory.
 * `toRecord` turns them into the JSON records the API sends.
 */
export interface BaseRow {
  id: number;
  /** The first tie-breaker of every sort (spec rule 5): a customer's or agreement's name, a contact's "last first". */
  name: string;
  createdAt: number;
  updatedAt: number | null;
}

export const CUSTOMER_TYPES = ['company', 'person'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export interface CustomerRow extends BaseRow {
  type: CustomerType;
  email: string | null;
  phone: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
}

export const CONTACT_ROLES = [
  'executive',
  'purchasing',
  'finance',
  'it',
  'legal',
  'operations',
  'sales',
] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export interface ContactRow extends BaseRow {
  customerId: number;
  firstName: string;
  lastName: string;
  role: ContactRole;
  email: string | null;
  phone: string | null;
}

export const AGREEMENT_STATUSES = [
  'draft',
  'pending',
  'active',
  'suspended',
  'terminated',
  'expired',
] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export interface AgreementRow extends BaseRow {
  customerId: number;
  status: AgreementStatus | null;
  mrrCents: number | null;
  arrCents: number | null;
  startDay: number;
  endDay: number | null;
  engagement: number | null;
  notice: number | null;
}

export interface RowsByResource {
  customers: CustomerRow;
  contacts: ContactRow;
  agreements: AgreementRow;
}

/** Translated words that appear inside records (the API honours Accept-Language for them). */
export const ROLE_LABELS: Record<ContactRole, Record<Language, string>> = {
  executive: { en: 'Executive', fr: 'Direction générale' },
  purchasing: { en: 'Purchasing manager', fr: 'Responsable achats' },
  finance: { en: 'Finance', fr: 'Finances' },
  it: { en: 'IT manager', fr: 'Responsable informatique' },
  legal: { en: 'Legal counsel', fr: 'Juriste' },
  operations: { en: 'Operations', fr: 'Exploitation' },
  sales: { en: 'Sales', fr: 'Commercial' },
};

export const STATUS_LABELS: Record<AgreementStatus, Record<Language, string>> = {
  draft: { en: 'Draft', fr: 'Brouillon' },
  pending: { en: 'Pending signature', fr: 'En attente de signature' },
  active: { en: 'Active', fr: 'Actif' },
  suspended: { en: 'Suspended', fr: 'Suspendu' },
  terminated: { en: 'Terminated', fr: 'Résilié' },
  expired: { en: 'Expired', fr: 'Expiré' },
};

export const CUSTOMER_TYPE_LABELS: Record<CustomerType, Record<Language, string>> = {
  company: { en: 'Company', fr: 'Société' },
  person: { en: 'Individual', fr: 'Particulier' },
};

const ID_PREFIX = { customers: 'CUS', contacts: 'CON', agreements: 'AGR' } as const;
const ID_DIGITS = 8;

/** The public id of a row: a prefix and a zero-padded number, so text order is number order. */
export function formatId(resource: keyof RowsByResource, id: number): string {
  return `${ID_PREFIX[resource]}-${String(id).padStart(ID_DIGITS, '0')}`;
}

/** The row number behind a public id, or undefined when the text is not an id of that resource. */
export function parseId(resource: keyof RowsByResource, text: string): number | undefined {
  const match = new RegExp(`^${ID_PREFIX[resource]}-(\\d{${ID_DIGITS}})$`).exec(text);
  return match ? Number(match[1]) : undefined;
}

export const SECONDS_PER_DAY = 86_400;

const dateTime = (epochSeconds: number | null): string | null =>
  epochSeconds === null ? null : new Date(epochSeconds * 1000).toISOString();

const date = (epochDay: number | null): string | null =>
  epochDay === null ? null : new Date(epochDay * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10);

const money = (cents: number | null): number | null => (cents === null ? null : cents / 100);

type RecordFormatters = {
  [R in keyof RowsByResource]: (row: RowsByResource[R], language: Language) => Record<string, unknown>;
};

/** The JSON record the API sends for a stored row, in the caller's language. */
export const toRecord: RecordFormatters = {
  customers: (row: CustomerRow): Record<string, unknown> => ({
    id: formatId('customers', row.id),
    name: row.name,
    type: row.type,
    email: row.email,
    phone: row.phone,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    createdAt: dateTime(row.createdAt),
    updatedAt: dateTime(row.updatedAt),
  }),
  contacts: (row: ContactRow, language: Language): Record<string, unknown> => ({
    id: formatId('contacts', row.id),
    customerId: formatId('customers', row.customerId),
    firstName: row.firstName,
    lastName: row.lastName,
    role: ROLE_LABELS[row.role][language],
    email: row.email,
    phone: row.phone,
    createdAt: dateTime(row.createdAt),
    updatedAt: dateTime(row.updatedAt),
  }),
  agreements: (row: AgreementRow, language: Language): Record<string, unknown> => ({
    id: formatId('agreements', row.id),
    customerId: formatId('customers', row.customerId),
    name: row.name,
    status: row.status,
    statusLabel: row.status === null ? null : STATUS_LABELS[row.status][language],
    mrr: money(row.mrrCents),
    arr: money(row.arrCents),
    currency: 'EUR',
    startDate: date(row.startDay),
    endDate: date(row.endDay),
    engagement: row.engagement,
    notice: row.notice,
    createdAt: dateTime(row.createdAt),
    updatedAt: dateTime(row.updatedAt),
  }),
};
