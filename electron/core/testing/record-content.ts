import type { RecordContent } from '../export/customer-pdf.js';

/** A customer's record as the PDF takes it: `agreements` rows in its table, one contact whose note is `note`. */
export function recordWith({ agreements = 1, note = 'Calls on Tuesdays.' } = {}): RecordContent {
  return {
    lang: 'en',
    customerId: 'CUS-00000075',
    name: 'Studio Moreau',
    readAt: new Date('2026-12-01T09:00:00Z'),
    fields: [['Name', 'Studio Moreau']],
    summary: [['Agreements', String(agreements)]],
    agreements: {
      labels: ['ID', 'Product', 'MRR'],
      rows: Array.from({ length: agreements }, (_, row) => [`AGR-${row}`, 'Premium support', '999,00 €']),
    },
    contacts: { labels: ['Name', 'Note'], rows: [['Jeanne Moreau', note]] },
  };
}
