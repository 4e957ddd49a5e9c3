import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MemberDataRegistry } from '../members/member-data';
import { CollectionsRepository } from './collections.repository';

/**
 * A member's collections in their export (every one, private ones and items no longer available
 * included: it is their data), and deleted with their account whatever they chose for their
 * artifacts: a collection is the member's own arrangement, not a contribution others rely on.
 * Deleting again finds nothing.
 */
@Injectable()
export class CollectionsMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly collections: CollectionsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      section: 'collections',
      export: (uid) => this.export(uid),
      erase: async (uid) => {
        await this.collections.deleteOwnedBy(uid);
      },
    });
  }

  private async *export(uid: string): AsyncIterable<unknown> {
    for await (const doc of this.collections.scanOwnedBy(uid)) {
      yield {
        id: doc._id.toHexString(),
        title: doc.title,
        description: doc.description ?? '',
        visibility: doc.visibility,
        items: doc.items.map((item) => ({ artifactId: item.artifactId.toHexString(), note: item.note ?? '' })),
        createdAt: new Date(doc.createdAt).toISOString(),
        updatedAt: new Date(doc.updatedAt).toISOString(),
      };
    }
  }
}
