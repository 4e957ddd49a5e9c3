// After DELETE /me, every copy is gone (issue 45, docs/decisions/0013-members-data-rights.md): the
// whole database is searched for the deleted member's uid, email and words, which are found only
// where anonymisation promised to keep a record. Real HTTP against the api, FerretDB and the Auth
// Emulator; the search lists the collections with the driver, so a collection added later is
// searched too.
import type { AppealView, DecisionView, MisuseCase, ReportReceipt } from '@antiquarium/contracts';
import { createArtifact, toggleLike } from './support/artifacts';
import { createUser, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { db } from './support/db';
import { api, expectStatus } from './support/http';

let moderator: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  moderator = await grantModerator(await createUser());
  reviewer = await grantModerator(await createUser());
});

async function send<T>(path: string, token: string, body: unknown, status = 201): Promise<T> {
  const answer = await api<T>(path, { method: 'POST', token, body });
  expectStatus(answer, status);
  return answer.body;
}

const decide = (body: Record<string, unknown>) =>
  send<DecisionView>('/moderation/decisions', moderator.token, { ground: 'rule-6', facts: 'Advertises a shop', reportIds: [], ...body });

/** The collections (and how many documents of each) whose stored form holds the text, case-insensitively. */
async function whereFound(text: string): Promise<Record<string, number>> {
  const database = await db();
  const needle = text.toLowerCase();
  const found: Record<string, number> = {};
  for (const { name } of await database.listCollections({}, { nameOnly: true }).toArray()) {
    if (name.startsWith('system.')) continue;
    for await (const doc of database.collection(name).find({})) {
      if (JSON.stringify(doc).toLowerCase().includes(needle)) found[name] = (found[name] ?? 0) + 1;
    }
  }
  return found;
}

/**
 * A member who left traces in every module: artifacts (one named with `title`), a like, a collection,
 * a notice in their words, found unfounded, and their appeal against it; removals of their artifacts
 * (a warning), an appeal and a reply in their words; a contact message in their words.
 */
async function memberWithHistory(phrase: string, title: string) {
  const member = await createUser();
  const other = await createUser();
  const named = await createArtifact(member, { name: `Lamp ${title}` });
  const second = await createArtifact(member);
  const theirs = await createArtifact(other);
  await toggleLike(member, theirs.id);
  await send('/collections', member.token, { title: 'Lamps', description: `Lamps I like, ${phrase}`, visibility: 'public' });
  await send('/contact', member.token, { name: member.name, email: member.email, message: `A question, ${phrase}` });

  const notice = await send<ReportReceipt>('/reports', member.token, { artifactId: theirs.id, reason: 'privacy', details: `My window shows, ${phrase}`, goodFaith: true });
  const kept = await decide({ artifactId: theirs.id, action: 'keep', ground: 'rule-7', facts: 'No window shows', reportIds: [notice.id], unfounded: true });
  const removed = await decide({ artifactId: named.id, action: 'remove' });
  await decide({ artifactId: second.id, action: 'remove' });
  const standing = await api<MisuseCase[]>('/me/standing', { token: member.token });
  expect(standing.body.map((item) => item.level)).toEqual(['warned']);

  const appeal = await send<AppealView>('/appeals', member.token, { decisionId: removed.id, text: `The lamp is mine, ${phrase}` });
  await send(`/appeals/${appeal.id}/messages`, reviewer.token, { text: 'Where was it bought?' });
  await send(`/appeals/${appeal.id}/messages`, member.token, { text: `At a fair, ${phrase}` });
  await send(`/moderation/appeals/${appeal.id}/decision`, reviewer.token, { outcome: 'upheld', reasons: 'A shop is advertised' }, 200);
  // A notifier's appeal against the keep, in their words too.
  await send('/appeals', member.token, { decisionId: kept.id, text: `Look again, ${phrase}` });
  return member;
}

describe('DELETE /me leaves no copy behind', () => {
  test.each(['delete', 'anonymize'] as const)('%s: the uid, the email and the words are found only where a record was promised', async (contributions) => {
    const phrase = uniqueTag('words');
    const title = uniqueTag('title');
    const member = await memberWithHistory(phrase, title);
    // Before: the search finds them (the test would prove nothing otherwise).
    expect(Object.keys(await whereFound(phrase)).sort()).toEqual(
      expect.arrayContaining(['collections', 'contactmessages', 'moderation_appeals', 'moderation_audit', 'moderation_reports']),
    );
    expect(Object.keys(await whereFound(member.uid))).toEqual(expect.arrayContaining(['artifacts', 'likes', 'moderation_audit', 'moderation_cases']));

    expectStatus(await api('/me', { method: 'DELETE', token: member.token, body: { contributions, confirmEmail: member.email } }), 200);

    expect({
      uid: await whereFound(member.uid),
      email: await whereFound(member.email),
      words: await whereFound(phrase),
      title: await whereFound(title),
    }).toEqual({
      uid: {},
      email: {},
      // The notice stays without its text, the appeal without its text and thread, the audit with
      // the action, its time and the moderator only; the collection and the message are deleted.
      words: {},
      // `anonymize` keeps the artifact, under "Former member", and the decision about it names it
      // (its statement of reasons); `delete` deletes the artifact, and no decision names it any more.
      title: contributions === 'anonymize' ? { artifacts: 1, moderation_decisions: 1 } : {},
    });
  });
});
