/**
 * Word lists the Demo API draws its personal-data-like records from. Accents, apostrophes and
 * hyphens are common in French data; AWKWARD_COMPANY_NAMES holds the text that breaks naive
 * exports (separators, quotes, line breaks, formula-like starts, other scripts, emoji).
 */

// prettier-ignore
export const FIRST_NAMES = [
  'Élodie', 'François', 'Zoë', 'Anaïs', 'Jérôme', 'Hélène', 'Noël', 'Maëlle', 'Loïc', 'Cécile',
  'Benoît', 'Agnès', 'Thérèse', 'Raphaël', 'Léa', 'Mathéo', 'Inès', 'Chloé', 'Gaëtan', 'Jean-Luc',
  'Marie-Ève', 'Ophélie', 'Sébastien', 'Amélie', 'Stéphane', 'Aurélien', 'Héloïse', 'Joël',
  'Camille', 'Nicolas', 'Sophie', 'Thomas', 'Julie', 'Pierre', 'Claire', 'Lucas', 'Emma', 'Hugo',
  'Ana', 'José', 'Björn', 'Søren', 'Łukasz', 'Ştefan', 'Yūko', 'Olúwáṣeun', 'Siobhán', 'Nguyễn',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Lefèvre', 'Müller', 'Dupont', "D'Almeida", "O'Connor", 'Le Gall', 'Lemaître', 'Bérénger',
  'Façon', 'Giraud', 'Mercier', 'Rousseau', 'Lambert', 'Bonnet', 'Fontaine', 'Chevalier',
  'Lefebvre', 'Gauthier', 'Perrin', 'Morel', 'Girard', 'André', 'Faure', 'Rolland', 'Dubois',
  'Martin', 'Bernard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Laurent', 'Simon', 'Michel',
  'García', 'Núñez', 'Kowalski', 'Østergaard', 'Çelik', 'Schäfer', 'Van der Berg', 'Dvořák',
] as const;

// prettier-ignore
export const COMPANY_WORDS = [
  'Atelier', 'Boulangerie', 'Conseil', 'Transports', 'Énergies', 'Ingénierie', 'Logistique',
  'Menuiserie', 'Pharmacie', 'Studio', 'Laboratoires', 'Éditions', 'Vignobles', 'Garage',
  'Imprimerie', 'Hôtel', 'Clinique', 'Agence', 'Brasserie', 'Fromagerie',
] as const;

export const COMPANY_SUFFIXES = ['SARL', 'SA', 'SAS', 'SASU', 'EURL', '& Fils', 'et Associés', ''] as const;

export const AWKWARD_COMPANY_NAMES = [
  'Dupont, Fils & Cie',
  'L\'Atelier "Le Chêne"',
  '=Équilibre Conseil',
  '+Plus Énergie',
  '-20% Déstockage',
  '@Home Services',
  '\tTabulations SA',
  'Ligne 1\nLigne 2 SARL',
  '"Guillemets" & Cie',
  'Café ☕ Délices 🎉',
  '株式会社 東京商事',
  'ООО «Ромашка»',
  'Ελληνικά Τρόφιμα Α.Ε.',
  'شركة الأفق',
  'Ñandú; Comercio',
] as const;

export const STREET_TYPES = ['rue', 'avenue', 'boulevard', 'place', 'chemin', 'allée', 'impasse'] as const;

// prettier-ignore
export const STREET_NAMES = [
  'de la République', 'Victor-Hugo', 'des Lilas', 'Jean-Jaurès', "de l'Église", 'du Général-de-Gaulle',
  'des Écoles', 'Pasteur', 'de la Gare', 'Saint-Éloi', 'des Peupliers', 'du Moulin',
] as const;

export const CITIES = [
  { city: 'Paris', postalPrefix: '75', country: 'FR' },
  { city: 'Lyon', postalPrefix: '69', country: 'FR' },
  { city: 'Marseille', postalPrefix: '13', country: 'FR' },
  { city: 'Saint-Étienne', postalPrefix: '42', country: 'FR' },
  { city: 'Besançon', postalPrefix: '25', country: 'FR' },
  { city: 'Orléans', postalPrefix: '45', country: 'FR' },
  { city: 'Nîmes', postalPrefix: '30', country: 'FR' },
  { city: 'Liège', postalPrefix: '40', country: 'BE' },
  { city: 'Genève', postalPrefix: '12', country: 'CH' },
  { city: 'Montréal', postalPrefix: 'H2', country: 'CA' },
  { city: 'Luxembourg', postalPrefix: '14', country: 'LU' },
] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.fr', 'exemple.org', 'mail.example.net'] as const;

/** Plans an agreement is named after, with their list price in cents per month. */
export const PLANS = [
  { name: 'Essentiel', mrrCents: 4_900 },
  { name: 'Standard', mrrCents: 9_900 },
  { name: 'Pro', mrrCents: 19_900 },
  { name: 'Premium', mrrCents: 49_900 },
  { name: 'Entreprise', mrrCents: 99_900 },
] as const;

/** Notice periods (days before the commitment ends) an agreement may carry. */
export const NOTICE_PERIODS_DAYS = [30, 60, 90] as const;
