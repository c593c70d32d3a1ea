import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { UserError } from '@platform/core';

/** One record of a CSV file with the line it starts on (1 = the header), as a spreadsheet shows it. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The file is handed to the parser in slices of this many characters (a fraction of a millisecond once
 * the parser is compiled, a few milliseconds before), and the event loop gets a turn every PARSE_MS, so
 * a 2 MB file never holds up the other requests of this process for long.
 */
const SLICE_CHARS = 4 * 1024;
const PARSE_MS = 8;
/** The delimiter is guessed on the first line; a header longer than this is not a header. */
const HEADER_SCAN = 64 * 1024;

/**
 * The delimiter of a file: the one of `,` and `;` that appears more often, outside quotes, on its
 * first line (spreadsheets in French, German... write semicolons, since the comma is their decimal mark).
 */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  const end = Math.min(text.length, HEADER_SCAN);
  for (let i = 0; i < end; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' || ch === '\r') break; // the first physical line only, even inside a quote
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export interface ParseOptions {
  delimiter?: ',' | ';';
  /** Stop with this error as soon as the file has more data records than this (the header not counted). */
  maxRecords?: { count: number; message: string };
}

/**
 * Splits CSV text (RFC 4180: quoted cells may hold delimiters, doubled quotes and line breaks; CRLF, LF
 * or CR, even mixed; a UTF-8 byte order mark is dropped; a quote inside an unquoted cell is kept as
 * text) into records, skipping blank lines. Parsed by csv-parse in slices, yielding to the event loop
 * between them. A quote that opens a cell and is never closed is a UserError naming its line and cell
 * (read as spreadsheets do, the rest of the file would silently become one cell).
 */
export async function parseCsv(text: string, opts: ParseOptions = {}): Promise<CsvRecord[]> {
  const src = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let lastLine = 0;
  let failure: unknown;
  const parser = parse({
    delimiter: opts.delimiter ?? detectDelimiter(src), record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: true, relax_column_count: true, skip_empty_lines: true, info: true,
  });
  parser.on('data', ({ record, info }: { record: string[]; info: { lines: number } }) => {
    // `lines` is the record's last line: a record with line breaks in its cells started earlier.
    records.push({ line: info.lines - record.reduce((n, cell) => n + lineBreaks(cell), 0), cells: record });
    lastLine = info.lines;
    if (opts.maxRecords && records.length > opts.maxRecords.count + 1) failure ??= new UserError(opts.maxRecords.message);
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (err) => {
      failure ??= err;
      resolve();
    });
  });
  // A turn of the event loop first (the request's own work, reading the body, came just before), then
  // another whenever a turn has parsed for PARSE_MS.
  let yielded = -Infinity;
  for (let at = 0; at < src.length && failure === undefined;) {
    if (performance.now() - yielded >= PARSE_MS) {
      await nextTurn();
      yielded = performance.now();
    }
    let end = Math.min(at + SLICE_CHARS, src.length);
    if (isLowSurrogate(src.charCodeAt(end))) end++; // never cut a character in two
    parser.write(src.slice(at, end));
    at = end;
  }
  if (failure === undefined) parser.end();
  else parser.destroy();
  if (failure === undefined) await ended;
  if (failure instanceof CsvError) throw readError(failure, src, lastLine);
  if (failure !== undefined) throw failure;
  return records;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function lineBreaks(cell: string): number {
  let n = 0;
  for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) n++;
  for (let i = cell.indexOf('\r'); i >= 0; i = cell.indexOf('\r', i + 1)) if (cell[i + 1] !== '\n') n++;
  return n;
}

/** What csv-parse could not read, said with the line and cell where the problem starts. */
function readError(err: CsvError, src: string, lastLine: number): UserError {
  if (err.code !== 'CSV_QUOTE_NOT_CLOSED') return new UserError(`Line ${Number(err.lines) || lastLine + 1}: the file could not be read (${err.message}).`);
  // The open record starts on the first non-blank line after the last complete record.
  const breaks = /\r\n?|\n/g;
  let line = 1;
  let start = 0;
  const nextLine = (): boolean => {
    if (!breaks.exec(src)) return false;
    line++;
    start = breaks.lastIndex;
    return true;
  };
  while (line <= lastLine && nextLine());
  while ((src[start] === '\n' || src[start] === '\r') && nextLine());
  const shown = src.slice(start, start + 61).split(/[\r\n]/)[0];
  const cell = Number((err as unknown as { column?: unknown }).column);
  const where = Number.isInteger(cell) ? `cell ${cell + 1}` : 'a cell';
  return new UserError(`Line ${line}: the quote (") that opens ${where} is never closed, so the rest of the file would be read as one cell. `
    + `Close it or remove it, then import the file again. The line starts with: ${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown}`);
}
