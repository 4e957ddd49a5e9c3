// The citation libraries ship no types: what this feature uses of them.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    format(format: string, options?: Record<string, unknown>): string;
  }
  export const plugins: {
    config: {
      get(name: '@csl'): { styles: { add(name: string, style: unknown): void; has(name: string): boolean } };
    };
  };
}
declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
declare module 'style-mla' {
  const style: Record<string, unknown>;
  export default style;
}
declare module '@citation/csl-style-chicago-note-bibliography' {
  const info: { content: string; id: string; title: string };
  export default info;
}
