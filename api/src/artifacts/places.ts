import { UNKNOWN_PLACE, normaliseText } from '@antiquarium/contracts';

/**
 * A small gazetteer: the countries a present location may name, and the cities (most with a museum
 * or library that holds collections) that tell the country when it is not named. Data, not an
 * index: the places facet counts artifacts by the country read from the location text.
 */
const COUNTRIES = [
  'Afghanistan', 'Algeria', 'Argentina', 'Armenia', 'Australia', 'Austria', 'Belgium', 'Bolivia', 'Brazil', 'Bulgaria',
  'Cambodia', 'Canada', 'Chile', 'China', 'Colombia', 'Croatia', 'Cyprus', 'Czech Republic', 'Denmark', 'Ecuador', 'Egypt',
  'Estonia', 'Ethiopia', 'Finland', 'France', 'Georgia', 'Germany', 'Ghana', 'Greece', 'Guatemala', 'Hungary', 'Iceland', 'India',
  'Indonesia', 'Iran', 'Iraq', 'Ireland', 'Israel', 'Italy', 'Japan', 'Jordan', 'Kenya', 'Latvia', 'Lebanon', 'Libya',
  'Lithuania', 'Malta', 'Mexico', 'Mongolia', 'Morocco', 'Nepal', 'Netherlands', 'New Zealand', 'Nigeria', 'Norway', 'Oman',
  'Pakistan', 'Peru', 'Philippines', 'Poland', 'Portugal', 'Romania', 'Russia', 'Saudi Arabia', 'Serbia', 'Slovakia', 'Slovenia',
  'South Africa', 'South Korea', 'Spain', 'Sri Lanka', 'Sudan', 'Sweden', 'Switzerland', 'Syria', 'Taiwan', 'Thailand', 'Tunisia',
  'Turkey', 'Ukraine', 'United Kingdom', 'United States', 'Uzbekistan', 'Vatican City', 'Vietnam', 'Yemen', 'Zimbabwe',
];

/** Other names of countries, and cities, each with the country it tells. */
const ALIASES: Record<string, string> = {
  England: 'United Kingdom', Scotland: 'United Kingdom', Wales: 'United Kingdom', 'Northern Ireland': 'United Kingdom', UK: 'United Kingdom',
  Britain: 'United Kingdom', USA: 'United States', 'U.S.A.': 'United States', 'United States of America': 'United States', Türkiye: 'Turkey',
  Crete: 'Greece', Sicily: 'Italy', Sardinia: 'Italy', Holland: 'Netherlands', Czechia: 'Czech Republic', Korea: 'South Korea',
  // United Kingdom
  London: 'United Kingdom', Edinburgh: 'United Kingdom', Oxford: 'United Kingdom', Cambridge: 'United Kingdom', York: 'United Kingdom',
  Lincoln: 'United Kingdom', Kew: 'United Kingdom', Greenwich: 'United Kingdom', Manchester: 'United Kingdom', Glasgow: 'United Kingdom',
  Cardiff: 'United Kingdom', Belfast: 'United Kingdom', Birmingham: 'United Kingdom', Liverpool: 'United Kingdom', Bath: 'United Kingdom',
  Durham: 'United Kingdom', Canterbury: 'United Kingdom', Winchester: 'United Kingdom', Norwich: 'United Kingdom', Sutton: 'United Kingdom',
  // Europe
  Paris: 'France', Lyon: 'France', Marseille: 'France', Bayeux: 'France', 'Saint-Germain-en-Laye': 'France', Berlin: 'Germany',
  Munich: 'Germany', Hamburg: 'Germany', Dresden: 'Germany', Halle: 'Germany', Ulm: 'Germany', Schöningen: 'Germany', Mainz: 'Germany',
  Cologne: 'Germany', Frankfurt: 'Germany', Stuttgart: 'Germany', Nuremberg: 'Germany', Hildesheim: 'Germany', Trier: 'Germany',
  Vienna: 'Austria', Salzburg: 'Austria', Rome: 'Italy', Naples: 'Italy', Florence: 'Italy', Venice: 'Italy', Milan: 'Italy',
  Turin: 'Italy', Bolzano: 'Italy', Pompeii: 'Italy', Ravenna: 'Italy', Athens: 'Greece', Heraklion: 'Greece', Olympia: 'Greece',
  Delphi: 'Greece', Thessaloniki: 'Greece', Madrid: 'Spain', Barcelona: 'Spain', Seville: 'Spain', Lisbon: 'Portugal',
  Copenhagen: 'Denmark', Stockholm: 'Sweden', Oslo: 'Norway', Helsinki: 'Finland', Reykjavik: 'Iceland', Dublin: 'Ireland',
  Amsterdam: 'Netherlands', Leiden: 'Netherlands', Brussels: 'Belgium', Bern: 'Switzerland', Zurich: 'Switzerland', Geneva: 'Switzerland',
  Prague: 'Czech Republic', Budapest: 'Hungary', Warsaw: 'Poland', Krakow: 'Poland', Kraków: 'Poland', Bucharest: 'Romania',
  Sofia: 'Bulgaria', Belgrade: 'Serbia', Zagreb: 'Croatia', Ljubljana: 'Slovenia', Valletta: 'Malta', Nicosia: 'Cyprus',
  Moscow: 'Russia', 'Saint Petersburg': 'Russia', 'St Petersburg': 'Russia', Yekaterinburg: 'Russia', Kyiv: 'Ukraine', Kiev: 'Ukraine',
  Vatican: 'Vatican City', Istanbul: 'Turkey', Ankara: 'Turkey', Izmir: 'Turkey',
  // Africa and the Middle East
  Cairo: 'Egypt', Giza: 'Egypt', Luxor: 'Egypt', Alexandria: 'Egypt', Aswan: 'Egypt', Khartoum: 'Sudan', Tunis: 'Tunisia',
  Carthage: 'Tunisia', Rabat: 'Morocco', 'Addis Ababa': 'Ethiopia', Nairobi: 'Kenya', Lagos: 'Nigeria', 'Cape Town': 'South Africa',
  Johannesburg: 'South Africa', Jerusalem: 'Israel', 'Tel Aviv': 'Israel', Amman: 'Jordan', Petra: 'Jordan', Beirut: 'Lebanon',
  Damascus: 'Syria', Baghdad: 'Iraq', Mosul: 'Iraq', Tehran: 'Iran', Riyadh: 'Saudi Arabia', Muscat: 'Oman', "Sana'a": 'Yemen',
  // Asia and Oceania
  Beijing: 'China', Shanghai: 'China', "Xi'an": 'China', Wuhan: 'China', Shijiazhuang: 'China', Nanjing: 'China', 'Hong Kong': 'China',
  Taipei: 'Taiwan', Tokyo: 'Japan', Kyoto: 'Japan', Nara: 'Japan', Osaka: 'Japan', Seoul: 'South Korea', Gyeongju: 'South Korea',
  'New Delhi': 'India', Delhi: 'India', Mumbai: 'India', Kolkata: 'India', Karachi: 'Pakistan', Lahore: 'Pakistan', Kabul: 'Afghanistan',
  Kathmandu: 'Nepal', Colombo: 'Sri Lanka', Bangkok: 'Thailand', Hanoi: 'Vietnam', 'Phnom Penh': 'Cambodia', Jakarta: 'Indonesia',
  Manila: 'Philippines', Ulaanbaatar: 'Mongolia', Samarkand: 'Uzbekistan', Tashkent: 'Uzbekistan', Sydney: 'Australia',
  Canberra: 'Australia', Melbourne: 'Australia', Wellington: 'New Zealand', Auckland: 'New Zealand',
  // The Americas
  'Washington, D.C.': 'United States', 'New York': 'United States', Boston: 'United States', Chicago: 'United States',
  Philadelphia: 'United States', 'Los Angeles': 'United States', 'San Francisco': 'United States', 'New Haven': 'United States',
  'Yale University': 'United States', 'Harvard University': 'United States', Smithsonian: 'United States', Princeton: 'United States',
  Ottawa: 'Canada', Toronto: 'Canada', Montreal: 'Canada', 'Mexico City': 'Mexico', Xalapa: 'Mexico', Veracruz: 'Mexico',
  Oaxaca: 'Mexico', Lima: 'Peru', Cusco: 'Peru', 'La Paz': 'Bolivia', Bogotá: 'Colombia', Bogota: 'Colombia', Quito: 'Ecuador',
  Santiago: 'Chile', 'Buenos Aires': 'Argentina', 'Rio de Janeiro': 'Brazil', 'São Paulo': 'Brazil', 'Guatemala City': 'Guatemala',
};

interface Entry {
  words: string[];
  country: string;
}

function words(text: string): string[] {
  return normaliseText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

// Longest names first, so that 'Mexico City' wins over 'Mexico' and 'New York' over 'York'.
const ENTRIES: Entry[] = [
  ...COUNTRIES.map((country) => ({ words: words(country), country })),
  ...Object.entries(ALIASES).map(([name, country]) => ({ words: words(name), country })),
].sort((a, b) => b.words.length - a.words.length);

/** Every country the gazetteer knows, for documentation and tests. */
export const KNOWN_COUNTRIES: readonly string[] = COUNTRIES;

/**
 * The country a present-location text names or implies: the earliest mention in the text wins
 * ('Vorderasiatisches Museum, Berlin; British Museum' is Germany); UNKNOWN_PLACE when none.
 */
export function placeOf(location: string): string {
  const text = words(location);
  for (let start = 0; start < text.length; start += 1) {
    for (const entry of ENTRIES) {
      if (entry.words.every((word, offset) => text[start + offset] === word)) return entry.country;
    }
  }
  return UNKNOWN_PLACE;
}
