import { UNKNOWN_PLACE } from '@antiquarium/contracts';
import { DEMO_ARTIFACTS } from '../seed/demo-data';
import { KNOWN_COUNTRIES, placeOf } from './places';

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

test('a place is a country of the gazetteer or Unknown, and almost every seeded location is placed', () => {
  const places = DEMO_ARTIFACTS.map((artifact) => placeOf(artifact.location));
  for (const place of places) expect([...KNOWN_COUNTRIES, UNKNOWN_PLACE]).toContain(place);
  const unknown = DEMO_ARTIFACTS.filter((artifact) => placeOf(artifact.location) === UNKNOWN_PLACE).map((artifact) => artifact.location);
  expect(unknown).toEqual(['Private collection']);
});
