import { AntdTheme } from '@antiquarium/ui/antd-theme';
import type { Artifact } from '@antiquarium/contracts';
import { Modal } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CITATION_FORMATS, formatCitation, toCslItem, type CitationFormat } from './citations';
import { CITE_TEXTS, copiedText, copyLabel } from './citation-texts';
import { copyText, selectText } from './copy-text';
import './citation.css';

export interface CiteDialogProps {
  open: boolean;
  artifact: Pick<Artifact, '_id' | 'name'>;
  onClose: () => void;
  /** After the dialog is gone: the focus goes back to what opened it. */
  afterClose: () => void;
}

// The quick formats first; the CSL styles each take a moment the first time (citeproc-js compiles
// the style), so each is made in its own task and the dialog answers in between.
const MAKING_ORDER: readonly CitationFormat[] = ['bibtex', 'ris', 'wikipedia', 'chicago', 'mla', 'apa'];

type Texts = Partial<Record<CitationFormat, string | null>>;

function useCitations(artifact: CiteDialogProps['artifact'], start: boolean): Texts {
  const item = useMemo(() => toCslItem(artifact, window.location.origin, new Date()), [artifact]);
  const [texts, setTexts] = useState<Texts>({});
  useEffect(() => {
    if (!start) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const make = (index: number) => {
      const format = MAKING_ORDER[index];
      if (!format) return;
      timer = setTimeout(() => {
        let text: string | null;
        try {
          text = formatCitation(item, format);
        } catch (error) {
          console.error(`Citation in ${format} failed`, error);
          text = null;
        }
        setTexts((made) => ({ ...made, [format]: text }));
        make(index + 1);
      }, 0);
    };
    make(0);
    return () => clearTimeout(timer);
  }, [item, start]);
  return texts;
}

/** "Cite this": every format with its own copy button (loaded by the details page's button on click). */
export function CiteDialog({ open, artifact, onClose, afterClose }: CiteDialogProps) {
  // Made once the dialog has finished opening: a style's first compilation is a long task, which
  // would otherwise hold the opening animation (and the reader) until it ends.
  const [shown, setShown] = useState(false);
  const texts = useCitations(artifact, shown);
  const [status, setStatus] = useState('');
  const bodyRef = useRef<HTMLDivElement>(null);

  const copy = async (format: CitationFormat, label: string) => {
    const text = texts[format];
    const body = bodyRef.current;
    if (!text || !body) return;
    if (await copyText(text, body)) {
      setStatus(copiedText(label));
      return;
    }
    const shown = body.querySelector<HTMLElement>(`#cite-${format}`);
    if (shown) selectText(shown);
    setStatus(CITE_TEXTS.manual);
  };

  return (
    <AntdTheme>
      <Modal
        open={open}
        title={CITE_TEXTS.dialogTitle}
        onCancel={onClose}
        afterClose={afterClose}
        afterOpenChange={(visible) => {
          if (!visible) return;
          setShown(true);
          bodyRef.current?.querySelector<HTMLElement>('.cat-cite__text')?.focus();
        }}
        closable={false}
        footer={null}
        destroyOnHidden
        width={680}
      >
        <div ref={bodyRef} className="cat-cite">
          <p className="cat-cite__intro">{CITE_TEXTS.intro}</p>
          {CITATION_FORMATS.map(({ id, label }) => {
            const text = texts[id];
            return (
              <section key={id} className="cat-cite__format" aria-labelledby={`cite-${id}-label`}>
                <h3 id={`cite-${id}-label`}>{label}</h3>
                <pre id={`cite-${id}`} className="cat-cite__text" tabIndex={0} aria-labelledby={`cite-${id}-label`} aria-busy={text === undefined}>
                  {text === undefined ? CITE_TEXTS.formatting : (text ?? CITE_TEXTS.failed)}
                </pre>
                <button type="button" className="aq-button" disabled={!text} onClick={() => void copy(id, label)}>
                  {copyLabel(label)}
                </button>
              </section>
            );
          })}
          <p className="cat-cite__status" role="status">
            {status}
          </p>
          <p className="cat-cite__credit">{CITE_TEXTS.credit}</p>
          <div className="cat-cite__actions">
            <button type="button" className="aq-button aq-button--primary" onClick={onClose}>
              {CITE_TEXTS.close}
            </button>
          </div>
        </div>
      </Modal>
    </AntdTheme>
  );
}
