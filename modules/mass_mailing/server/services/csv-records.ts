/** One record of a CSV file with the line it starts on (1 = the header), as a spreadsheet shows it. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The delimiter of a file: the one of `,` and `;` that appears more often, outside quotes, on its
 * first line (spreadsheets in French, German... write semicolons, since the comma is their decimal mark).
 */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Splits CSV text (RFC 4180: quoted cells may hold delimiters, quotes doubled and line breaks; CRLF or
 * LF; a UTF-8 byte order mark is dropped) into records, skipping blank lines. A quote left open runs
 * to the end of the file, as spreadsheets read it.
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text.replace(/^\uFEFF/, ''))): CsvRecord[] {
  const src = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0].trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') { cell += '"'; i++; } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) { cells.push(cell); cell = ''; }
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) endRecord();
  return records;
}
