import { UNKNOWN_PLACE } from '@antiquarium/contracts';
import { placeOf } from './places';

// The demo data's locations are checked against the gazetteer in seed/demo-data.spec.ts (seed imports
// artifacts, not the other way round).

test.each([
  ['British Museum, London', 'United Kingdom'],
  ['Musée du Louvre, Paris', 'France'],
  ['Grand Egyptian Museum, Giza', 'Egypt'],
  ['Vorderasiatisches Museum, Berlin; British Museum; Egyptian Museum, Cairo', 'Germany'],
  ['Topkapı Palace Museum, Istanbul', 'Turkey'],
  ['National Museum of Anthropology, Mexico City', 'Mexico'],
  ['Library of Congress, Washington, D.C.', 'United States'],
  ['Heraklion Archaeological Museum, Crete', 'Greece'],
  ['National Museum of Denmark, Copenhagen', 'Denmark'],
  ['Museum of New York', 'United States'],
  ['Yorkshire Museum, York', 'United Kingdom'],
  ['Private collection', UNKNOWN_PLACE],
  ['', UNKNOWN_PLACE],
])('%s -> %s', (location, country) => {
  expect(placeOf(location)).toBe(country);
});
