import { Types } from 'mongoose';
import type { StoredArtifact } from './artifact-projections';
import { toArtifact } from './to-artifact';

const doc = {
  _id: new Types.ObjectId('6b0264aaff00255f533fc301'),
  name: 'Rosetta Stone',
  image: 'http://localhost:3000/media/rosetta-stone-960.webp',
  type: 'Documents',
  context: 'Ptolemaic Egypt',
  shortDescription: 'A decree in three scripts.',
  createdAt: '196 BC',
  discoveredAt: '1799',
  discoveredBy: 'Pierre-François Bouchard',
  location: 'British Museum, London',
  adderName: 'Ada',
  adderEmail: 'ada@antiquarium.test',
  adderUid: 'uid-ada',
  likes: 4,
  addedAt: new Date('2026-01-02T03:04:05.000Z'),
} as StoredArtifact;

describe('toArtifact', () => {
  it('never shows the adder email or uid to others', () => {
    const artifact = toArtifact(doc, { uid: 'someone-else', email: 'x@y.z' });
    expect(artifact).not.toHaveProperty('adderEmail');
    expect(artifact).not.toHaveProperty('adderUid');
    expect(toArtifact(doc, undefined)).not.toHaveProperty('adderEmail');
  });

  it('shows the adder their own email', () => {
    expect(toArtifact(doc, { uid: 'uid-ada' }).adderEmail).toBe('ada@antiquarium.test');
  });

  it('gives ids and times as strings', () => {
    expect(toArtifact(doc, undefined)).toMatchObject({ _id: '6b0264aaff00255f533fc301', addedAt: '2026-01-02T03:04:05.000Z', likes: 4 });
  });
});
