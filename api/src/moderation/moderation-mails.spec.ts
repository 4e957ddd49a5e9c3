import { appealDeadline, groundText, type StatementOfReasons } from '@antiquarium/contracts';
import { renderMail } from '../mail/mail-template';
import type { MailRequest } from '../mail/outbox';
import { misuseStatement } from './misuse-policy';
import {
  appealOutcomeMail,
  appealReceiptMail,
  misuseMail,
  reportOutcomeMails,
  reportReceiptMail,
  VISITOR_RECEIPTS_PER_DAY,
  statementOfReasonsMail,
  type AppealOnDecision,
  type DecidedNotices,
} from './moderation-mails';

const receivedAt = new Date('2026-11-20T09:30:00Z');
const decidedAt = new Date('2026-11-21T14:05:00Z');
const reportId = 'a'.repeat(24);
const decisionId = 'd'.repeat(24);
const appealId = 'e'.repeat(24);
const visitor = { email: 'ada@example.org' };
const member = { email: 'grace@example.org', uid: 'member-uid' };

/** The text the recipient reads, as the outbox renders it (the link made absolute). */
const text = (mail: MailRequest | null | undefined) => renderMail(mail!, { siteOrigin: 'https://antiquarium.example', unsubscribeUrl: 'https://api.example/u' }).text;

describe('the notifier’s receipt', () => {
  test('mandatory, with the reason, the reference, the receipt and the status page’s link', () => {
    const receipt = 'r3ce-ipt_x';
    const mail = reportReceiptMail({ id: reportId, reason: 'copyright', receivedAt }, receipt, visitor);
    expect(mail).toEqual({
      to: 'ada@example.org',
      kind: 'report-receipt',
      mandatory: true,
      subject: 'Your report to Antiquarium was received',
      paragraphs: [
        'We received your report on 20 Nov 2026, 09:30 UTC. A moderator will look at it, and we will write to this address when they decide.',
        `Reason: Copyright (this is my work)\nReference: ${reportId}\nReceipt: ${receipt}`,
        'Keep this email: the link below shows your report and its outcome, without an account.',
      ],
      link: { path: `/reports/${reportId}?receipt=${receipt}`, label: 'Follow your report' },
      dailyCapPerAddress: VISITOR_RECEIPTS_PER_DAY,
    });
    expect(VISITOR_RECEIPTS_PER_DAY).toBe(3);
    expect(text(mail)).toContain(`Follow your report: https://antiquarium.example/reports/${reportId}?receipt=${receipt}`);
  });

  test('a member’s carries their uid (their export and erasure); a receipt is encoded in the link', () => {
    const mail = reportReceiptMail({ id: reportId, reason: 'spam', receivedAt }, 'a/b+c', member);
    expect(mail).toEqual(expect.objectContaining({ to: member.email, recipientUid: member.uid }));
    // A member's own account address: no cap (their notices spend their own budgets).
    expect(mail).not.toHaveProperty('dailyCapPerAddress');
    expect(mail?.link?.path).toBe(`/reports/${reportId}?receipt=a%2Fb%2Bc`);
  });

  test.each([undefined, null, '', '  ', 'not an address', 'x@y.z?bcc=eve@evil.example'])('no mail without one plain address (%p)', (email) => {
    expect(reportReceiptMail({ id: reportId, reason: 'spam', receivedAt }, 'r', { email })).toBeNull();
  });
});

describe('the notifiers’ outcome', () => {
  const decision: DecidedNotices = { id: decisionId, action: 'restrict', ground: 'rule-2', decidedAt, unfounded: false, appealDeadline: appealDeadline(decidedAt) };

  test('a visitor reads the outcome, the ground and that a person decided, and is pointed to the contact page', () => {
    const [mail, ...more] = reportOutcomeMails(decision, [{ id: reportId, receivedAt, email: visitor.email }]);
    expect(more).toEqual([]);
    expect(mail).toEqual({
      to: visitor.email,
      kind: 'report-outcome',
      mandatory: true,
      subject: 'A moderator decided on your report',
      paragraphs: [
        `A moderator decided on your report of 20 Nov 2026, 09:30 UTC (reference ${reportId}) on 21 Nov 2026, 14:05 UTC.`,
        'Outcome: restricted. The artifact is hidden from the public.',
        `The ground: ${groundText('rule-2')}`,
        'A moderator took this decision in person; no automated means decided.',
        'To ask about this decision, write to us from the contact page.',
      ],
      link: { path: '/contact', label: 'Write to us' },
    });
  });

  test('one mail per address (any case), none for notices without one; a member may appeal a keep and hears an unfounded finding counts', () => {
    const kept: DecidedNotices = { ...decision, action: 'keep', ground: 'rule-7', unfounded: true };
    const mails = reportOutcomeMails(kept, [
      { id: 'b'.repeat(24), receivedAt, email: member.email, reporterUid: member.uid },
      { id: 'c'.repeat(24), receivedAt, email: member.email.toUpperCase(), reporterUid: member.uid },
      { id: reportId, receivedAt, email: visitor.email },
      { id: 'f'.repeat(24), receivedAt },
    ]);
    expect(mails.map((mail) => [mail.to, mail.recipientUid])).toEqual([
      [member.email, member.uid],
      [visitor.email, undefined],
    ]);
    const [toMember, toVisitor] = mails;
    expect(toMember?.paragraphs[0]).toBe(`A moderator decided on your 2 reports (references ${'b'.repeat(24)}, ${'c'.repeat(24)}) on 21 Nov 2026, 14:05 UTC.`);
    expect(toMember?.paragraphs).toContain('Outcome: kept. The artifact stays as it is: the moderators found nothing to remove.');
    expect(toMember?.paragraphs).toContain('The moderators found your report manifestly unfounded. Such findings count towards the misuse measures of our terms: a warning first, then a suspension.');
    expect(toMember?.paragraphs.at(-1)).toBe(
      `If you disagree, you can appeal this decision until 21 May 2027, 14:05 UTC, signed in (decision ${decisionId}). A moderator other than the one who decided reviews it; until then the decision stays in force.`,
    );
    expect(toMember?.link).toEqual({ path: '/my-notices', label: 'Open My Notices' });
    // A visitor's notice counts towards no member's misuse.
    expect(toVisitor?.paragraphs).toContain('The moderators found your report manifestly unfounded.');
    // A member whose notice led to a restriction has nothing to appeal.
    expect(reportOutcomeMails(decision, [{ id: reportId, receivedAt, email: member.email, reporterUid: member.uid }])[0]?.paragraphs.join('\n')).not.toMatch(/appeal/);
  });
});

describe('the contributor’s statement of reasons', () => {
  const statement: StatementOfReasons = {
    decisionId,
    artifactId: 'f'.repeat(24),
    artifactName: 'Amphora <b>',
    action: 'remove',
    what: 'Your artifact was removed from public view.',
    duration: 'Until the decision is reversed on appeal; otherwise for good.',
    facts: 'The text prices the object',
    ground: 'rule-2',
    groundText: groundText('rule-2'),
    decidedByPerson: true,
    automation: 'A moderator took this decision in person.',
    decidedAt: decidedAt.toISOString(),
    appeal: { deadline: appealDeadline(decidedAt).toISOString(), how: '', appealId: null },
    reversedAt: null,
  };

  test('mandatory: the action, for how long, the facts, the ground, how it was decided, and how to appeal with the link to it', () => {
    const mail = statementOfReasonsMail(statement, { email: 'owner@example.org', uid: 'owner-uid' });
    expect(mail).toEqual({
      to: 'owner@example.org',
      recipientUid: 'owner-uid',
      kind: 'statement-of-reasons',
      mandatory: true,
      subject: 'Your artifact "Amphora <b>" was removed from public view',
      paragraphs: [
        'A moderator decided about your artifact "Amphora <b>" on 21 Nov 2026, 14:05 UTC. This is the statement of reasons for that decision.',
        'What was decided: Your artifact was removed from public view.',
        'For how long: Until the decision is reversed on appeal; otherwise for good.',
        'The facts: The text prices the object',
        `The ground: ${groundText('rule-2')}`,
        'How it was decided: A moderator took this decision in person.',
        'How to appeal: until 21 May 2027, 14:05 UTC, sign in and open My Notices, where this decision has a form to appeal. A moderator other than the one who decided reviews it; until then the decision stays in force.',
      ],
      link: { path: `/my-notices#notice-${decisionId}`, label: 'Read the decision and appeal' },
    });
    expect(statementOfReasonsMail({ ...statement, action: 'restrict' }, { email: 'owner@example.org' })?.subject).toBe('Your artifact "Amphora <b>" was restricted');
  });

  test('none for a keep, nor for an artifact whose contributor left no address', () => {
    expect(statementOfReasonsMail({ ...statement, action: 'keep' }, { email: 'owner@example.org' })).toBeNull();
    expect(statementOfReasonsMail(statement, { email: '', uid: 'owner-uid' })).toBeNull();
  });
});

describe('an appeal’s receipt and ruling', () => {
  const onRemoval: AppealOnDecision = {
    appeal: { id: appealId, appellant: 'contributor', createdAt: new Date('2026-11-22T08:00:00Z') },
    decision: { id: decisionId, action: 'remove', artifactName: 'Amphora', decidedAt },
  };
  const onKeep: AppealOnDecision = { appeal: { ...onRemoval.appeal, appellant: 'notifier' }, decision: { ...onRemoval.decision, action: 'keep' } };

  test('the receipt is optional (an unsubscribe link); the contributor reads their artifact’s name, a notifier does not', () => {
    const mail = appealReceiptMail(onRemoval, member);
    expect(mail).toEqual({
      to: member.email,
      recipientUid: member.uid,
      kind: 'appeal-receipt',
      mandatory: false,
      subject: 'Your appeal was received',
      paragraphs: [
        'We received your appeal on 22 Nov 2026, 08:00 UTC against the decision of 21 Nov 2026, 14:05 UTC to remove your artifact "Amphora".',
        `Reference: ${appealId}`,
        'A moderator other than the one who decided reviews it; until then the decision stays in force. We will write to this address when they rule.',
      ],
      link: { path: `/my-notices#notice-${decisionId}`, label: 'Read your appeal' },
    });
    const notifier = appealReceiptMail(onKeep, member);
    expect(notifier?.paragraphs[0]).toBe('We received your appeal on 22 Nov 2026, 08:00 UTC against the decision of 21 Nov 2026, 14:05 UTC to keep the artifact you reported.');
    expect(JSON.stringify(notifier)).not.toContain('Amphora');
    expect(notifier?.link).toEqual({ path: '/my-notices', label: 'Open My Notices' });
  });

  test('the ruling is mandatory, with the outcome, what a reversal changed and the reasons', () => {
    const ruledAt = new Date('2026-11-25T10:00:00Z');
    const upheld = appealOutcomeMail(onRemoval, { outcome: 'upheld', reasons: 'A shop is advertised', decidedAt: ruledAt }, member);
    expect(upheld).toEqual(
      expect.objectContaining({
        kind: 'appeal-outcome',
        mandatory: true,
        subject: 'Your appeal was decided: the decision stays',
        paragraphs: [
          `A moderator other than the one who decided ruled on 25 Nov 2026, 10:00 UTC on your appeal of 22 Nov 2026, 08:00 UTC (reference ${appealId}) against the decision of 21 Nov 2026, 14:05 UTC to remove your artifact "Amphora".`,
          'Upheld: the decision stays.',
          'The reasons: A shop is advertised',
          'A moderator took this ruling in person; no automated means decided.',
        ],
      }),
    );
    const reversed = appealOutcomeMail(onRemoval, { outcome: 'reversed', reasons: 'It is a museum piece', decidedAt: ruledAt }, member);
    expect(reversed?.subject).toBe('Your appeal was decided: the decision was withdrawn');
    expect(reversed?.paragraphs.slice(1, 3)).toEqual(['Reversed: the decision was withdrawn.', 'Your artifact is no longer hidden by this decision.']);
    const keepReversed = appealOutcomeMail(onKeep, { outcome: 'reversed', reasons: 'Look again', decidedAt: ruledAt }, member);
    expect(keepReversed?.paragraphs).toContain('The reports it settled are open again: a moderator will take a new decision on them.');
    expect(appealOutcomeMail(onKeep, { outcome: 'upheld', reasons: 'x', decidedAt: ruledAt }, { email: null })).toBeNull();
  });
});

describe('a misuse measure', () => {
  test('a warning and a suspension, mandatory, with their statement of reasons and the standing’s link', () => {
    const statement = misuseStatement('removedArtifacts', 'warned', 2, null);
    const warning = misuseMail('warned', statement, member);
    expect(warning).toEqual({
      to: member.email,
      recipientUid: member.uid,
      kind: 'misuse-warning',
      mandatory: true,
      subject: 'A warning about your Antiquarium account',
      paragraphs: [
        statement.what,
        `The facts: ${statement.facts}`,
        `The ground: ${statement.ground}`,
        `What follows: ${statement.next}`,
        `How to contest it: ${statement.appeal}`,
        `How it was decided: ${statement.automation}`,
      ],
      link: { path: '/my-notices', label: 'See your standing' },
    });
    const suspension = misuseMail('suspended', misuseStatement('removedArtifacts', 'suspended', 3, new Date('2026-12-28T10:00:00Z')), member);
    expect(suspension).toEqual(expect.objectContaining({ kind: 'misuse-suspension', mandatory: true, subject: 'Your Antiquarium account is suspended' }));
    expect(suspension?.paragraphs[0]).toMatch(/^Your account is suspended until 2026-12-28/);
  });
});

test('every link is a path on the site, which the template accepts', () => {
  const mails = [
    reportReceiptMail({ id: reportId, reason: 'spam', receivedAt }, 'r', visitor),
    statementOfReasonsMail(
      {
        decisionId,
        artifactId: reportId,
        artifactName: 'A',
        action: 'restrict',
        what: '',
        duration: '',
        facts: '',
        ground: 'spam',
        groundText: '',
        decidedByPerson: true,
        automation: '',
        decidedAt: decidedAt.toISOString(),
        appeal: { deadline: decidedAt.toISOString(), how: '', appealId: null },
        reversedAt: null,
      },
      visitor,
    ),
    misuseMail('warned', misuseStatement('unfoundedNotices', 'warned', 3, null), member),
  ];
  for (const mail of mails) expect(() => text(mail)).not.toThrow();
});
