import { RESOURCES, isSortableField, type Language, type Resource } from '../shared/api-rules.js';
import { AGREEMENT_STATUSES, CUSTOMER_TYPE_LABELS, CUSTOMER_TYPES, STATUS_LABELS } from './rows.js';

type Labels = Record<Language, string>;

interface FieldSpec {
  key: string;
  type: 'string' | 'integer' | 'number' | 'date' | 'date-time';
  format?: 'id' | 'email' | 'phone' | 'currency' | 'days' | 'country';
  nullable?: boolean;
  labels: Labels;
  values?: readonly { value: string; labels: Labels }[];
}

const text = (key: string, en: string, fr: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  type: 'string',
  labels: { en, fr },
  ...extra,
});

const CREATED_AT = {
  key: 'createdAt',
  type: 'date-time',
  labels: { en: 'Created', fr: 'Création' },
} as const;
const UPDATED_AT = {
  key: 'updatedAt',
  type: 'date-time',
  nullable: true,
  labels: { en: 'Last updated', fr: 'Dernière mise à jour' },
} as const;

/** The fields of each resource, in display order, with their labels in both languages. */
const RESOURCE_FIELDS: Record<Resource, { labels: Labels; fields: FieldSpec[] }> = {
  customers: {
    labels: { en: 'Customers', fr: 'Clients' },
    fields: [
      text('id', 'Customer ID', 'N° client', { format: 'id' }),
      text('name', 'Name', 'Nom'),
      text('type', 'Type', 'Type', {
        values: CUSTOMER_TYPES.map((value) => ({ value, labels: CUSTOMER_TYPE_LABELS[value] })),
      }),
      text('email', 'Email', 'E-mail', { format: 'email', nullable: true }),
      text('phone', 'Phone', 'Téléphone', { format: 'phone', nullable: true }),
      text('street', 'Street address', 'Adresse', { nullable: true }),
      text('postalCode', 'Postal code', 'Code postal', { nullable: true }),
      text('city', 'City', 'Ville', { nullable: true }),
      text('country', 'Country', 'Pays', { format: 'country' }),
      CREATED_AT,
      UPDATED_AT,
    ],
  },
  contacts: {
    labels: { en: 'Contacts', fr: 'Contacts' },
    fields: [
      text('id', 'Contact ID', 'N° contact', { format: 'id' }),
      text('customerId', 'Customer ID', 'N° client', { format: 'id' }),
      text('firstName', 'First name', 'Prénom'),
      text('lastName', 'Last name', 'Nom'),
      text('role', 'Role', 'Fonction'),
      text('email', 'Email', 'E-mail', { format: 'email', nullable: true }),
      text('phone', 'Phone', 'Téléphone', { format: 'phone', nullable: true }),
      CREATED_AT,
      UPDATED_AT,
    ],
  },
  agreements: {
    labels: { en: 'Agreements', fr: 'Contrats' },
    fields: [
      text('id', 'Agreement ID', 'N° contrat', { format: 'id' }),
      text('customerId', 'Customer ID', 'N° client', { format: 'id' }),
      text('name', 'Name', 'Intitulé'),
      text('status', 'Status', 'Statut', {
        nullable: true,
        values: AGREEMENT_STATUSES.map((value) => ({ value, labels: STATUS_LABELS[value] })),
      }),
      text('statusLabel', 'Status (label)', 'Statut (libellé)', { nullable: true }),
      {
        key: 'mrr',
        type: 'number',
        format: 'currency',
        nullable: true,
        labels: { en: 'MRR', fr: 'Revenu mensuel (MRR)' },
      },
      {
        key: 'arr',
        type: 'number',
        format: 'currency',
        nullable: true,
        labels: { en: 'ARR', fr: 'Revenu annuel (ARR)' },
      },
      text('currency', 'Currency', 'Devise'),
      { key: 'startDate', type: 'date', labels: { en: 'Start date', fr: 'Date de début' } },
      { key: 'endDate', type: 'date', nullable: true, labels: { en: 'End date', fr: 'Date de fin' } },
      {
        key: 'engagement',
        type: 'integer',
        format: 'days',
        nullable: true,
        labels: { en: 'Days to commitment end', fr: 'Jours avant fin d’engagement' },
      },
      {
        key: 'notice',
        type: 'integer',
        format: 'days',
        nullable: true,
        labels: { en: 'Days to notice deadline', fr: 'Jours avant préavis' },
      },
      CREATED_AT,
      UPDATED_AT,
    ],
  },
};

/** The schema listing in one language: every resource, its fields, labels, types and sortability. */
export function schemasIn(language: Language): unknown[] {
  return RESOURCES.map((resource) => ({
    resource,
    label: RESOURCE_FIELDS[resource].labels[language],
    fields: RESOURCE_FIELDS[resource].fields.map(({ labels, values, nullable, ...field }) => ({
      ...field,
      label: labels[language],
      nullable: nullable ?? false,
      sortable: isSortableField(resource, field.key),
      ...(values && {
        values: values.map((option) => ({ value: option.value, label: option.labels[language] })),
      }),
    })),
  }));
}
