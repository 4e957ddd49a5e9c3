import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { REPORT_LIMITS, type ReportInput, type ReportReceipt, type ReportView } from '@antiquarium/contracts';
import { isEmailAddress } from '@antiquarium/contracts/validation';
import type { AuthUser } from '../auth/auth-user';
import type { StoredArtifact } from '../artifacts/artifact-projections';
import { mayDisplayHidden } from '../artifacts/to-artifact';
import { ArtifactNotFound } from '../common/errors';
import { invalidField } from './invalid-field';
import { ModeratedArtifacts } from './moderated-artifacts';
import { reportReceiptMail } from './moderation-mails';
import { ModerationRecorder } from './moderation-recorder';
import { ModerationRepository, toObjectId, type Paged, type StoredReport } from './moderation.repository';
import { toReportView } from './moderation-views';
import { Suspensions } from './suspensions';

/** At most this many hidden artifacts are read one by one to name the notices of one answer. */
const NAME_READS = 100;

export function hashReceipt(receipt: string): string {
  return createHash('sha256').update(receipt, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented receipt with the stored hash. */
export function receiptMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashReceipt(presented), 'hex');
  const b = Buffer.from(/^[0-9a-f]{64}$/.test(storedHash) ? storedHash : '0'.repeat(64), 'hex');
  return timingSafeEqual(a, b);
}

/** A member's account address as their notice keeps it: only one the notice form accepts from a visitor. */
function noticeAddress(email: string | undefined): string | undefined {
  return email && email.length <= REPORT_LIMITS.email && isEmailAddress(email) ? email : undefined;
}

/** Notices (DSA Art. 16): sent by anyone, followed by their sender with the receipt or from their account. */
@Injectable()
export class NoticesService {
  constructor(
    private readonly records: ModerationRepository,
    private readonly artifacts: ModeratedArtifacts,
    private readonly suspensions: Suspensions,
    private readonly recorder: ModerationRecorder,
  ) {}

  async report(input: ReportInput, caller: AuthUser | undefined): Promise<ReportReceipt> {
    if (caller) await this.suspensions.assertMayWrite(caller.uid);
    const artifact = await this.visibleArtifact(input.artifactId, caller);
    if (input.photoId && !(artifact.images ?? []).some((image) => image.id === input.photoId)) {
      throw invalidField('photoId', 'This photo is not one of this artifact’s');
    }
    const receipt = randomBytes(24).toString('base64url');
    const receivedAt = this.recorder.now();
    // The address the receipt and the outcome go to: a visitor's as given, a member's own account's.
    const email = caller ? noticeAddress(caller.email) : input.email;
    const id = await this.records.insertReport({
      artifactId: input.artifactId,
      ...(input.photoId ? { photoId: input.photoId } : {}),
      contributorUid: artifact.adderUid,
      reason: input.reason,
      details: input.details ?? '',
      ...(email ? { email } : {}),
      ...(caller ? { reporterUid: caller.uid } : {}),
      receiptHash: hashReceipt(receipt),
      receivedAt,
      status: 'open',
    });
    await this.recorder.mail(reportReceiptMail({ id, reason: input.reason, receivedAt }, receipt, { email, uid: caller?.uid }));
    return { id, receipt, receivedAt: receivedAt.toISOString() };
  }

  /** The artifact as the caller may see it (a hidden one only for its contributor and moderators); 404 otherwise. */
  private async visibleArtifact(id: string, caller: AuthUser | undefined): Promise<StoredArtifact> {
    const doc = await this.artifacts.byId(id);
    if (!doc || (doc.moderation && !mayDisplayHidden(doc, caller))) throw new ArtifactNotFound();
    return doc;
  }

  /** A notice followed with its receipt: 404 for a wrong receipt, exactly as for an unknown id. */
  async reportByReceipt(id: string, receipt: string): Promise<ReportView> {
    const doc = await this.records.findReport(id);
    // Compared even when there is no notice, so that the answer's time says nothing either way.
    const matches = receiptMatches(receipt, doc?.receiptHash ?? '');
    if (!doc || !matches) throw new NotFoundException('Report not found');
    return (await this.reportViews([doc]))[0]!;
  }

  async reportsOf(uid: string, page: number, limit: number): Promise<Paged<ReportView>> {
    const { items, total } = await this.records.reportsSentBy(uid, page, limit);
    return { items: await this.reportViews(items), total };
  }

  /** The notices as their sender follows them (their list, their receipt, their export). */
  async reportViews(docs: StoredReport[]): Promise<ReportView[]> {
    const decisions = await this.records.decisionsByIds(docs.flatMap((doc) => (doc.decisionId ? [doc.decisionId] : [])));
    const byId = new Map(decisions.map((decision) => [decision._id.toHexString(), decision]));
    const decisionOf = (doc: StoredReport) => (doc.decisionId ? byId.get(doc.decisionId) : undefined);
    const names = await this.artifactNames(docs.filter((doc) => !decisionOf(doc)).map((doc) => doc.artifactId), docs.map((doc) => doc.artifactId));
    // Its sender saw it when they reported it: named whether or not it is hidden now (a decided one
    // as its decision names it, unless public under a newer name).
    return docs.map((doc) => toReportView(doc, names.get(doc.artifactId) ?? decisionOf(doc)?.artifactName ?? null, decisionOf(doc)));
  }

  /**
   * The names of the artifacts `all` names, by id: the public ones in one read; then, of those in
   * `undecided` still unnamed (hidden by another notice's decision, or deleted), at most
   * NAME_READS one read each. A decided notice's decision names its artifact already.
   */
  private async artifactNames(undecided: string[], all: string[]): Promise<Map<string, string>> {
    const ids = (list: string[]) => [...new Set(list)].filter((id) => toObjectId(id) !== null);
    const named = new Map((await this.artifacts.publicByIds(ids(all))).map((doc) => [doc._id.toHexString(), doc.name]));
    const hidden = ids(undecided).filter((id) => !named.has(id)).slice(0, NAME_READS);
    for (const doc of await Promise.all(hidden.map((id) => this.artifacts.byId(id)))) {
      if (doc) named.set(doc._id.toHexString(), doc.name);
    }
    return named;
  }
}
