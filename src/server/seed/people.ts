/** Pure data: names and places for creators and people appearing in videos. */

export const FIRST_NAMES = [
  'Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Ethan', 'Priya', 'Arjun', 'Sofia', 'Mateo', 'Yuki', 'Haruto', 'Amara', 'Kwame',
  'Layla', 'Omar', 'Chloé', 'Lucas', 'Hannah', 'Jonas', 'Isabella', 'Diego', 'Mei', 'Wei', 'Fatima', 'Yusuf', 'Elena',
  'Marco', 'Grace', 'Daniel', 'Aisha', 'Kofi', 'Nina', 'Felix', 'Camila', 'Javier', 'Sakura', 'Ren', 'Leila', 'Samir',
  'Olivia', 'James', 'Emma', 'Benjamin', 'Ananya', 'Rohan', 'Maya', 'Theo', 'Lucía', 'Hugo',
] as const;

export const LAST_NAMES = [
  'Nguyen', 'Smith', 'Garcia', 'Müller', 'Tanaka', 'Okafor', 'Patel', 'Rossi', 'Kim', 'Haddad', 'Dubois', 'Silva',
  'Johnson', 'Sato', 'Mensah', 'Khan', 'Novak', 'Larsen', 'Costa', 'Ibrahim', 'Chen', 'Fischer', 'Moreau', 'Lopez',
  'Brown', 'Suzuki', 'Adeyemi', 'Sharma', 'Romano', 'Park', 'Andersson', 'Reyes', 'Walker', 'Yamamoto', 'Bianchi',
] as const;

export interface CountryInfo {
  country: string;
  language: string;
}

export const COUNTRIES: readonly CountryInfo[] = [
  { country: 'United States', language: 'en' },
  { country: 'United Kingdom', language: 'en' },
  { country: 'Canada', language: 'en' },
  { country: 'Australia', language: 'en' },
  { country: 'Germany', language: 'de' },
  { country: 'France', language: 'fr' },
  { country: 'Spain', language: 'es' },
  { country: 'Mexico', language: 'es' },
  { country: 'Japan', language: 'ja' },
  { country: 'India', language: 'hi' },
  { country: 'United Arab Emirates', language: 'ar' },
  { country: 'Brazil', language: 'pt' },
  { country: 'Nigeria', language: 'en' },
  { country: 'Sweden', language: 'sv' },
];

/** Roles of people seen in a video besides the creator. */
export const PERSON_ROLES = ['Guest', 'Dermatologist', 'Friend', 'Guide', 'Narrator', 'Model', 'Store associate'] as const;
