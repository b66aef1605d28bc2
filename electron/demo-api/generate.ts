import {
  AWKWARD_COMPANY_NAMES,
  CITIES,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  NOTICE_PERIODS_DAYS,
  PLANS,
  STREET_NAMES,
  STREET_TYPES,
} from './fixtures.js';
import { createRandom, type Random } from './random.js';
import {
  CONTACT_ROLES,
  SECONDS_PER_DAY,
  type AgreementRow,
  type AgreementStatus,
  type ContactRow,
  type CustomerRow,
} from './rows.js';

/** How many rows of each resource to generate. */
export interface DatasetSize {
  customers: number;
  contacts: number;
  agreements: number;
}

export interface Dataset {
  customers: CustomerRow[];
  contacts: ContactRow[];
  agreements: AgreementRow[];
}

/** The day the generated data is "as of": engagement and notice count days from it. */
export const DEFAULT_REFERENCE_DATE = '2026-01-01';

const FIRST_CREATED_AT = Date.UTC(2015, 0, 1) / 1000;
const FIRST_START_DAY = Date.UTC(2016, 0, 1) / 1000 / SECONDS_PER_DAY;
const AGREEMENT_TERMS_DAYS = [365, 730, 1095] as const;

/** Status mix of a real portfolio: mostly active, some ended, a few in progress, rare nulls. */
const STATUS_WEIGHTS: readonly (readonly [AgreementStatus | null, number])[] = [
  ['active', 0.55],
  ['terminated', 0.15],
  ['expired', 0.14],
  ['suspended', 0.05],
  ['pending', 0.05],
  ['draft', 0.05],
  [null, 0.01],
];

/** Makes one row at a time from a seeded source; used for the initial data and for rows added later. */
export class RowFactory {
  private readonly random: Random;
  private readonly referenceSeconds: number;
  private readonly referenceDay: number;
  /** A few instants shared by many rows, as a bulk import leaves them: ties for the sort tests. */
  private readonly importInstants: number[];

  constructor(seed: number, referenceDate: string) {
    this.random = createRandom(seed);
    this.referenceSeconds = Math.floor(Date.parse(`${referenceDate}T00:00:00Z`) / 1000);
    if (!Number.isFinite(this.referenceSeconds)) {
      throw new RangeError(`referenceDate must be YYYY-MM-DD, got "${referenceDate}"`);
    }
    this.referenceDay = this.referenceSeconds / SECONDS_PER_DAY;
    this.importInstants = Array.from({ length: 5 }, () => this.instantBetween(FIRST_CREATED_AT));
  }

  customer(id: number): CustomerRow {
    const r = this.random;
    const type = r.chance(0.7) ? 'company' : 'person';
    const firstName = r.pick(FIRST_NAMES);
    const lastName = r.pick(LAST_NAMES);
    const name = type === 'person' ? `${firstName} ${lastName}` : this.companyName(lastName);
    const place = r.pick(CITIES);
    const createdAt = this.createdAt(FIRST_CREATED_AT);
    return {
      id,
      name,
      type,
      email: r.chance(0.05) ? null : this.email(type === 'person' ? `${firstName}.${lastName}` : name),
      phone: r.chance(0.1) ? null : this.phone(),
      street: r.chance(0.03) ? null : this.street(),
      postalCode: `${place.postalPrefix}${String(r.int(0, 999)).padStart(3, '0')}`,
      city: place.city,
      country: place.country,
      createdAt,
      updatedAt: this.updatedAt(createdAt, 0.15),
    };
  }

  contact(id: number, customer: CustomerRow): ContactRow {
    const r = this.random;
    const firstName = r.pick(FIRST_NAMES);
    const lastName = r.pick(LAST_NAMES);
    const createdAt = this.createdAt(customer.createdAt);
    return {
      id,
      customerId: customer.id,
      name: `${lastName} ${firstName}`,
      firstName,
      lastName,
      role: r.pick(CONTACT_ROLES),
      email: r.chance(0.08) ? null : this.email(`${firstName}.${lastName}`),
      phone: r.chance(0.2) ? null : this.phone(),
      createdAt,
      updatedAt: this.updatedAt(createdAt, 0.25),
    };
  }

  agreement(id: number, customer: CustomerRow): AgreementRow {
    const r = this.random;
    const plan = r.pick(PLANS);
    const status = this.status();
    const startDay = r.int(FIRST_START_DAY, this.referenceDay + 180);
    const endDay = r.chance(0.2) ? null : startDay + r.pick(AGREEMENT_TERMS_DAYS);
    const engagement = endDay === null ? null : Math.max(0, endDay - this.referenceDay);
    const notice = engagement === null ? null : Math.max(0, engagement - r.pick(NOTICE_PERIODS_DAYS));
    const mrrCents = r.chance(0.05)
      ? null
      : r.chance(0.8)
        ? plan.mrrCents
        : r.int(10, 2_000) * 100 + r.pick([0, 50, 90]);
    const createdAt = Math.max(
      customer.createdAt,
      startDay * SECONDS_PER_DAY - r.int(0, 30 * SECONDS_PER_DAY),
    );
    return {
      id,
      customerId: customer.id,
      name: `${plan.name} ${new Date(startDay * SECONDS_PER_DAY * 1000).getUTCFullYear()}`,
      status,
      mrrCents,
      arrCents: mrrCents === null ? null : mrrCents * 12,
      startDay,
      endDay,
      engagement,
      notice,
      createdAt,
      updatedAt: this.updatedAt(createdAt, 0.2),
    };
  }

  /** A random row index in [0, count), from this factory's own seeded source. */
  index(count: number): number {
    return this.random.int(0, count - 1);
  }

  private companyName(lastName: string): string {
    const r = this.random;
    if (r.chance(0.03)) return r.pick(AWKWARD_COMPANY_NAMES);
    const suffix = r.pick(COMPANY_SUFFIXES);
    const base = r.chance(0.5)
      ? `${r.pick(COMPANY_WORDS)} ${lastName}`
      : `${lastName} ${r.pick(COMPANY_WORDS)}`;
    return suffix ? `${base} ${suffix}` : base;
  }

  private email(localPart: string): string {
    const ascii = localPart
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.+|\.+$/g, '');
    return `${ascii || 'contact'}@${this.random.pick(EMAIL_DOMAINS)}`;
  }

  private phone(): string {
    const r = this.random;
    const pairs = Array.from({ length: 4 }, () => String(r.int(0, 99)).padStart(2, '0'));
    return `+33 ${r.int(1, 9)} ${pairs.join(' ')}`;
  }

  private street(): string {
    const r = this.random;
    const line = `${r.int(1, 180)} ${r.pick(STREET_TYPES)} ${r.pick(STREET_NAMES)}`;
    return r.chance(0.05) ? `${line}\nBâtiment ${r.pick(['A', 'B', 'C'])}` : line;
  }

  private status(): AgreementStatus | null {
    let roll = this.random.next();
    for (const [status, weight] of STATUS_WEIGHTS) {
      roll -= weight;
      if (roll < 0) return status;
    }
    return 'active';
  }

  private createdAt(notBefore: number): number {
    if (this.random.chance(0.1)) {
      const shared = this.random.pick(this.importInstants);
      if (shared >= notBefore) return shared;
    }
    return this.instantBetween(notBefore);
  }

  private updatedAt(createdAt: number, nullChance: number): number | null {
    return this.random.chance(nullChance) ? null : this.instantBetween(createdAt);
  }

  private instantBetween(notBefore: number): number {
    return this.random.int(notBefore, Math.max(notBefore, this.referenceSeconds));
  }
}

/** Generates the whole seeded data set: the same seed and size always give the same rows. */
export function generateDataset(factory: RowFactory, size: DatasetSize): Dataset {
  const customers = Array.from({ length: size.customers }, (_, i) => factory.customer(i + 1));
  const ownerOf = (): CustomerRow => {
    const owner = customers[factory.index(customers.length)];
    if (!owner) throw new RangeError('contacts and agreements need at least one customer');
    return owner;
  };
  const contacts = Array.from({ length: size.contacts }, (_, i) => factory.contact(i + 1, ownerOf()));
  const agreements = Array.from({ length: size.agreements }, (_, i) => factory.agreement(i + 1, ownerOf()));
  return { customers, contacts, agreements };
}
