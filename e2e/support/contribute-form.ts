import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { demoPictureUrl } from './demo-picture';

/** The nine fields of the add and update forms, by their visible labels (FIELD_LABELS in contracts). */
export const FIELD_LABELS = {
  name: 'Name',
  image: 'Image URL',
  type: 'Type',
  context: 'Context',
  shortDescription: 'Short description',
  createdAt: 'Created at',
  discoveredAt: 'Discovered at',
  discoveredBy: 'Discovered by',
  location: 'Location',
} as const;

export type ArtifactFields = Record<keyof typeof FIELD_LABELS, string>;

/** A unique artifact: its name is searchable (each word starts a word of the name) and unique. */
export function newArtifact(overrides: Partial<ArtifactFields> = {}): ArtifactFields {
  const tag = randomUUID().replace(/-/g, '').slice(0, 8);
  return {
    name: `Votive Amphora ${tag}`,
    image: demoPictureUrl(),
    type: 'Others',
    context: 'Archaic Greece',
    shortDescription: 'A painted clay amphora left as an offering at a hillside sanctuary.',
    createdAt: '540 BC',
    discoveredAt: '1911',
    discoveredBy: 'A survey team',
    location: 'Museum of Cycladic Art, Athens',
    ...overrides,
  };
}

export function field(page: Page, name: keyof typeof FIELD_LABELS): Locator {
  return page.getByLabel(FIELD_LABELS[name], { exact: true });
}

export async function fillArtifactForm(page: Page, values: Partial<ArtifactFields>): Promise<void> {
  for (const [name, value] of Object.entries(values) as [keyof typeof FIELD_LABELS, string][]) {
    if (name === 'type') await field(page, name).selectOption(value);
    else await field(page, name).fill(value);
  }
}

/** Asserts the message shown at a field: the control is invalid and described by the message. */
export async function expectFieldMessage(page: Page, name: keyof typeof FIELD_LABELS, message: string): Promise<void> {
  const control = field(page, name);
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ');
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}

export async function expectNoFieldMessage(page: Page, name: keyof typeof FIELD_LABELS): Promise<void> {
  await expect(field(page, name)).not.toHaveAttribute('aria-invalid', 'true');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
