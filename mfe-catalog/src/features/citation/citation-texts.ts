// The texts of "Cite this" (issue 28), in the button's file and the dialog's alike.
export const CITE_TEXTS = {
  open: 'Cite this',
  dialogTitle: 'Cite this artifact',
  intro: 'Each citation gives the record’s permanent link and today as the date you accessed it.',
  formatting: 'Formatting…',
  failed: 'This format could not be made.',
  manual: 'Could not copy it for you: the citation is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
  close: 'Close',
  credit:
    'Formatted with Citation.js and citeproc-js. The MLA (7th edition) and Chicago (17th edition) styles are by the Citation Style Language project, under CC BY-SA 3.0.',
  loadFailed: 'The citation could not be opened. Check your connection and try again.',
} as const;

export const copyLabel = (format: string) => `Copy ${format}`;
export const copiedText = (format: string) => `${format} citation copied to the clipboard.`;
