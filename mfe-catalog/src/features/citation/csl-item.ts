// The CSL-JSON item every citation format is made of (citations.ts, cite-web.ts).

export interface CslDate {
  'date-parts': number[][];
}

/** The CSL-JSON fields a record fills. */
export interface CslItem {
  id: string;
  type: 'webpage';
  title: string;
  'container-title': string;
  URL: string;
  accessed: CslDate;
}
